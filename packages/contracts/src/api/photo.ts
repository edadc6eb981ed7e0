import { z } from 'zod';
import { PHOTO_STATUSES } from './options';

export * from './options';

export const photoStatusSchema = z.enum(PHOTO_STATUSES);
export type PhotoStatus = z.infer<typeof photoStatusSchema>;

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
