import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { param, preparedPer } from '../db/prepared-statement';
import { photos, users } from '../db/schema';
import type { ApiApp } from '../http/api-app';
import { notFound } from '../http/api-error';
import { PHOTO_FILE } from './photo-store';

/**
 * Both image routes are loaded by <img>, which sends neither Site-key nor Authorization: they are
 * siteless and public, and a signed URL (or, for member photos, approval) is the permission.
 */
const imageRoute = {
  config: { siteless: true },
  schema: {
    hide: true,
    params: z.object({ file: z.string().max(64) }),
    querystring: z.object({
      expires: z.string().max(16).optional(),
      signature: z.string().max(64).optional(),
    }),
  },
};

/** A stored JPEG, locked down so a browser never treats it as anything but an image. */
function sendImage(reply: FastifyReply, bytes: Buffer, cacheControl: string) {
  return reply
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .type('image/jpeg')
    .send(bytes);
}

/** A stored photo's moderation and its owner's deactivation: every photo a page shows asks it. */
const photoStatusQuery = preparedPer((db: Db) =>
  db
    .select({ status: photos.status, deactivatedAt: users.deactivatedAt })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .where(eq(photos.file, param<string>('file')))
    .prepare('photo_status'),
);

/** `/photos/:file` (member photos) and `/message-images/:file` (images sent in a conversation). */
export function signedImageRoutes(app: ApiApp, ctx: AppContext): void {
  app.get('/photos/:file', imageRoute, async (request, reply) => {
    const name = request.params.file;
    const match = PHOTO_FILE.exec(name);
    if (!match) throw notFound();
    const [row] = await photoStatusQuery(ctx.db).execute({ file: `${match[1]}.jpg` });
    if (!row) throw notFound();
    const isPublic = row.status === 'approved' && row.deactivatedAt === null;
    const signed = ctx.photoUrls.verify(name, request.query.expires, request.query.signature);
    if (!isPublic && !signed) throw notFound();
    const bytes = await ctx.photoStore.read(name);
    if (!bytes) throw notFound();
    return sendImage(reply, bytes, isPublic ? 'public, max-age=3600' : 'private, max-age=3600');
  });

  app.get('/message-images/:file', imageRoute, async (request, reply) => {
    const name = request.params.file;
    if (!PHOTO_FILE.test(name)) throw notFound();
    if (!ctx.photoUrls.verify(name, request.query.expires, request.query.signature)) throw notFound();
    const bytes = await ctx.photoStore.read(name);
    if (!bytes) throw notFound();
    return sendImage(reply, bytes, 'private, max-age=3600');
  });
}
