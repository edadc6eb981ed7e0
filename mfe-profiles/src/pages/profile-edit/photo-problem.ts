import { PHOTO_LIMITS, PHOTO_MESSAGES } from '@ukd/contracts/api/options';

/** What the browser can tell about a photo before it is sent: empty, or over the size limit. */
export function photoProblem(file: File): string | null {
  if (file.size === 0) return PHOTO_MESSAGES.notImage;
  if (file.size > PHOTO_LIMITS.maxBytes) return PHOTO_MESSAGES.tooLarge;
  return null;
}
