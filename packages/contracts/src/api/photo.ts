import { z } from 'zod';

/** Moderation state of a photo: others only ever see approved photos. */
export const PHOTO_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const photoStatusSchema = z.enum(PHOTO_STATUSES);
export type PhotoStatus = z.infer<typeof photoStatusSchema>;

/** Upload limits (`POST /api/my-photos`, multipart field `photo`). */
export const PHOTO_LIMITS = {
  /** Bytes of the uploaded file. */
  maxBytes: 10 * 1024 * 1024,
  /** Width × height of the decoded image; larger is refused as a possible decompression bomb. */
  maxPixels: 40_000_000,
  /** Smallest accepted width and height. */
  minEdge: 200,
  /** Photos a member may keep. */
  maxPerMember: 12,
  /** Accepted formats, checked by content, not by file name. */
  formats: ['jpeg', 'png', 'webp', 'heif', 'avif'],
} as const;

/**
 * A photo. The server re-encodes every upload (JPEG, longest edge 1600 px, metadata stripped)
 * and makes a 400 px thumbnail. `url` / `thumbnail_url` work in `<img>` without headers:
 * approved photos are public by their unguessable name; a pending or rejected photo's URL (only
 * ever given to its owner) carries a signature that expires after a day.
 */
export const photoSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbnail_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  status: photoStatusSchema,
  is_primary: z.boolean(),
  created_at: z.string(),
});
export type Photo = z.infer<typeof photoSchema>;

export const photoResponseSchema = z.object({ data: photoSchema });
/** `GET /api/my-photos`: every photo of the member, primary first, then newest. */
export const photoListResponseSchema = z.object({ data: z.array(photoSchema) });

/** 422 texts of a refused upload (field `photo`). */
export const PHOTO_MESSAGES = {
  required: 'The photo field is required.',
  notImage: 'The photo must be an image (JPEG, PNG, WebP or HEIC).',
  tooLarge: 'The photo may not be greater than 10240 kilobytes.',
  tooManyPixels: 'The photo has too many pixels (at most 40 megapixels).',
  tooSmall: 'The photo must be at least 200 × 200 pixels.',
  tooMany: 'You can keep at most 12 photos. Delete one first.',
} as const;
