import { type BaseQueryFn, createApi } from '@reduxjs/toolkit/query/react';
import type { ApiRequestOptions } from '@ukd/contracts';
import { isApiError } from './api-error';

export interface ShellQueryArgs extends ApiRequestOptions {
  url: string;
}

export interface ShellQueryError {
  status: number;
  message: string;
  /** First message per field on a 422 (SPEC §5). */
  fieldErrors: Record<string, string>;
}

/**
 * RTK Query's way to the API is the shell's client (the store's thunk `extra`), so every query
 * gets the same headers, token refresh, 503 handling and per-field errors as the rest of the site.
 */
const shellBaseQuery: BaseQueryFn<ShellQueryArgs | string, unknown, ShellQueryError> = async (
  args,
  { extra, signal },
) => {
  const { url, ...options } = typeof args === 'string' ? { url: args } : args;
  const { api } = extra as { api: <T>(path: string, options?: ApiRequestOptions) => Promise<T> };
  try {
    return { data: await api<unknown>(url, { ...options, signal }) };
  } catch (error) {
    if (isApiError(error)) {
      return { error: { status: error.status, message: error.message, fieldErrors: error.fieldErrors } };
    }
    return {
      error: { status: 0, message: error instanceof Error ? error.message : String(error), fieldErrors: {} },
    };
  }
};

/**
 * The site's one RTK Query api. Remotes add their endpoints with `baseApi.injectEndpoints` and
 * their tag types with `enhanceEndpoints({ addTagTypes })`, after `shell.installBaseApi(baseApi)`.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: shellBaseQuery,
  endpoints: () => ({}),
});

export type BaseApi = typeof baseApi;
