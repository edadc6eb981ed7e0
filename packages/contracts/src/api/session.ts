import { z } from 'zod';
import { pageOf } from './envelope';

/** One login of the current member (`GET /api/sessions`), to review devices and end the others. */
export const sessionSchema = z.object({
  id: z.string(),
  device_id: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  current: z.boolean(),
  created_at: z.string(),
  last_used_at: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionListSchema = pageOf(sessionSchema);
