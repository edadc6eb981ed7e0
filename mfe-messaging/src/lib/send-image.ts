/** The photo pipeline's limit (`PHOTO_LIMITS.maxBytes`): checked here before megabytes go over a phone connection. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export const IMAGE_TOO_LARGE = 'That photo is too large: the limit is 10 MB.';

/** A problem the browser can see before sending, or null. */
export function imageProblem(file: File): string | null {
  if (file.size === 0 || (file.type && !file.type.startsWith('image/')))
    return 'Please choose a photo (JPEG, PNG, WebP, HEIC or AVIF).';
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE;
  return null;
}
