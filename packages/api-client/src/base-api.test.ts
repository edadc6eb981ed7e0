import { configureStore } from '@reduxjs/toolkit';
import type { ApiRequestOptions } from '@ukd/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { baseApi } from './base-api';

const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    upload: build.mutation<unknown, FormData>({
      query: (body) => ({ url: '/my-photos', method: 'POST', body }),
    }),
  }),
});

function storeWith(request: (path: string, options?: ApiRequestOptions) => Promise<unknown>) {
  return configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { api: request } }, serializableCheck: false }).concat(
        baseApi.middleware,
      ),
  });
}

describe('baseApi', () => {
  it('hands a FormData body to the shell’s client untouched', async () => {
    const request = vi.fn(async () => ({ data: { id: 'p1' } }));
    const store = storeWith(request);
    const form = new FormData();
    form.append('photo', new Blob(['x']), 'x.jpg');
    const result = await store.dispatch(api.endpoints.upload.initiate(form));
    expect(result.data).toEqual({ data: { id: 'p1' } });
    const [path, options] = request.mock.calls[0] as unknown as [string, ApiRequestOptions];
    expect(path).toBe('/my-photos');
    expect(options.method).toBe('POST');
    expect(options.body).toBe(form);
  });

  it('keeps the status and per-field messages of a failed call', async () => {
    const store = storeWith(async () => {
      throw new ApiError(422, 'Invalid', { photo: ['Not an image.'] });
    });
    const result = await store.dispatch(api.endpoints.upload.initiate(new FormData()));
    expect(result.error).toEqual({
      status: 422,
      message: 'Invalid',
      fieldErrors: { photo: 'Not an image.' },
    });
  });
});
