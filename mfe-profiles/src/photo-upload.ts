import { computeDeviceId, createTokenStore } from '@ukd/api-client';
import type { ApiRequest } from '@ukd/contracts';
import type { Photo } from '@ukd/contracts/api';
import { PHOTO_LIMITS, PHOTO_MESSAGES } from '@ukd/contracts/api/options';

type UploadResult =
  | { data: Photo }
  | { error: { status: number; message: string; fieldErrors: Record<string, string> } };

let deviceId: Promise<string> | null = null;

/** Checks the browser can make before sending megabytes over a phone connection. */
export function photoProblem(file: File): string | null {
  if (file.size === 0) return PHOTO_MESSAGES.notImage;
  if (file.size > PHOTO_LIMITS.maxBytes) return PHOTO_MESSAGES.tooLarge;
  return null;
}

/**
 * `POST /api/my-photos` as multipart/form-data. The shell's API client only sends JSON, so this
 * one call builds the same headers itself (Site-key, Device-ID from the same fingerprint hash,
 * the stored bearer token); on a 401 it lets the shell's client refresh the token (any
 * authenticated call does) and tries once more. Errors come back shaped like the base query's.
 */
export async function uploadPhotoFile(
  file: File,
  api: ApiRequest,
  siteKey: string,
  signal?: AbortSignal,
): Promise<UploadResult> {
  const problem = photoProblem(file);
  if (problem) return { error: { status: 422, message: problem, fieldErrors: { photo: problem } } };
  deviceId ??= computeDeviceId();
  const tokens = createTokenStore();

  const send = async () => {
    const body = new FormData();
    body.append('photo', file, file.name || 'photo');
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Site-key': siteKey,
      'Device-ID': await (deviceId as Promise<string>),
    };
    const token = tokens.access();
    if (token) headers.Authorization = `Bearer ${token}`;
    return fetch('/api/my-photos', { method: 'POST', headers, body, signal: signal ?? null });
  };

  try {
    let response = await send();
    if (response.status === 401) {
      // The shell's client refreshes an expired access token on its own 401.
      await api('/me', { method: 'POST' }).catch(() => undefined);
      response = await send();
    }
    const json = (await response.json().catch(() => ({}))) as {
      data?: Photo;
      message?: string;
      errors?: Record<string, string[] | string>;
    };
    if (response.ok && json.data) return { data: json.data };
    const fieldErrors = Object.fromEntries(
      Object.entries(json.errors ?? {}).map(([k, v]) => [k, Array.isArray(v) ? (v[0] ?? '') : v]),
    );
    if (response.status === 413) fieldErrors.photo ??= PHOTO_MESSAGES.tooLarge;
    return {
      error: {
        status: response.status,
        message: fieldErrors.photo ?? json.message ?? response.statusText,
        fieldErrors,
      },
    };
  } catch (error) {
    return {
      error: {
        status: 0,
        message: error instanceof Error ? error.message : 'The upload failed. Please try again.',
        fieldErrors: {},
      },
    };
  }
}
