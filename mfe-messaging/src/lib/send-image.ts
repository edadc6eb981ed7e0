import { ApiError, computeDeviceId, createTokenStore } from '@ukd/api-client';
import type { ApiRequest } from '@ukd/contracts';
import type { SentMessageResponse } from '@ukd/contracts/api';

/** The photo pipeline's limit (`PHOTO_LIMITS.maxBytes`): checked here before megabytes go over a phone connection. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

let deviceId: Promise<string> | null = null;

/** A problem the browser can see before sending, or null. */
export function imageProblem(file: File): string | null {
  if (file.size === 0 || (file.type && !file.type.startsWith('image/')))
    return 'Please choose a photo (JPEG, PNG, WebP, HEIC or AVIF).';
  if (file.size > IMAGE_MAX_BYTES) return 'That photo is too large: the limit is 10 MB.';
  return null;
}

/**
 * `POST /api/user-conversations/{uuid}/messages` as multipart/form-data (`client_msg_id`,
 * `image`). The shell's API client only sends JSON, so this one call builds the same headers
 * itself (Site-key, Device-ID, the stored bearer token, X-Socket-ID); after a 401 it lets the
 * shell's client refresh the token and tries once more. Failures throw an `ApiError` like the
 * client's, so the composer treats both kinds of send alike.
 */
export async function sendImageMessage(
  api: ApiRequest,
  options: {
    conversationUuid: string;
    clientMsgId: string;
    file: File;
    siteKey: string;
    headers?: Record<string, string>;
  },
): Promise<SentMessageResponse> {
  const problem = imageProblem(options.file);
  if (problem) throw new ApiError(422, problem, { image: [problem] });
  deviceId ??= computeDeviceId();
  const tokens = createTokenStore();

  const send = async () => {
    const body = new FormData();
    body.append('client_msg_id', options.clientMsgId);
    body.append('image', options.file, options.file.name || 'photo');
    const headers: Record<string, string> = {
      ...options.headers,
      Accept: 'application/json',
      'Site-key': options.siteKey,
      'Device-ID': await (deviceId as Promise<string>),
    };
    const token = tokens.access();
    if (token) headers.Authorization = `Bearer ${token}`;
    return fetch(`/api/user-conversations/${encodeURIComponent(options.conversationUuid)}/messages`, {
      method: 'POST',
      headers,
      body,
    });
  };

  let response = await send();
  if (response.status === 401) {
    await api('/me', { method: 'POST' }).catch(() => undefined);
    response = await send();
  }
  const json = (await response.json().catch(() => ({}))) as Partial<SentMessageResponse> & {
    message?: string;
    errors?: Record<string, string[]>;
  };
  if (response.ok && json.data) return { data: json.data };
  const errors = json.errors ?? {};
  if (response.status === 413) errors.image ??= ['That photo is too large: the limit is 10 MB.'];
  throw new ApiError(response.status, errors.image?.[0] ?? json.message ?? response.statusText, errors);
}
