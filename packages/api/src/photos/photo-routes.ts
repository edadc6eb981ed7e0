import multipart from '@fastify/multipart';
import {
  messageResponseSchema,
  PHOTO_LIMITS,
  PHOTO_MESSAGES,
  photoListResponseSchema,
  photoResponseSchema,
} from '@ukd/contracts/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { type ApiApp, errorResponses } from '../http/api-app';
import { ApiError, fieldError, notFound } from '../http/api-error';
import { currentMember } from '../http/member-auth';
import { UUID } from '../http/uuid';
import { refreshProfileComplete } from '../profiles/completion';
import {
  addPhoto,
  deletePhoto,
  ownPhotoRow,
  photoCount,
  promoteNextPrimary,
  setPrimary,
} from './member-photos';
import { PhotoRejected, processPhoto } from './photo-processing';
import { photoResource, photosOf } from './photo-resource';

const photoParams = z.object({ photo: z.string().max(64) });

/** Upload attempts (accepted or not) a member may make per hour. */
export const UPLOADS_PER_HOUR = 40;

/** Multipart parsing for the photo upload only; other routes keep refusing non-JSON bodies. */
export async function registerPhotoUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: PHOTO_LIMITS.maxBytes,
      files: 1,
      fields: 4,
      parts: 6,
      fieldSize: 1024,
      headerPairs: 50,
    },
  });
}

export function photoRoutes(app: ApiApp, ctx: AppContext): void {
  async function ownPhoto(userId: number, id: string) {
    if (!UUID.test(id)) throw notFound();
    const row = await ownPhotoRow(ctx.db, userId, id);
    if (!row) throw notFound();
    return row;
  }

  app.get(
    '/my-photos',
    {
      schema: {
        summary: "The current member's photos (every status), primary first",
        tags: ['photos'],
        response: { 200: photoListResponseSchema },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const rows = await photosOf(ctx.db, member.user.id);
      return { data: rows.map((r) => photoResource(r, ctx.photoUrls)) };
    },
  );

  app.post(
    '/my-photos',
    {
      schema: {
        summary:
          'Upload a photo (multipart/form-data, field `photo`, ≤ 10 MB, ≤ 40 MP, JPEG/PNG/WebP/HEIC by content); re-encoded without metadata, pending moderation; the first photo becomes primary',
        tags: ['photos'],
        consumes: ['multipart/form-data'],
        response: { 201: photoResponseSchema, ...errorResponses, 429: errorResponses[422] },
      },
    },
    async (request, reply) => {
      const member = currentMember(request);
      if (!request.isMultipart()) throw fieldError('photo', PHOTO_MESSAGES.required);
      // Every upload costs a decode and two encodes: a member gets UPLOADS_PER_HOUR an hour.
      const { count: uploads } = await ctx.limits.hit(`photo-upload:${member.user.id}`, {
        maxAttempts: UPLOADS_PER_HOUR,
        decaySeconds: 3600,
      });
      if (uploads > UPLOADS_PER_HOUR) {
        const message = 'You have uploaded a lot of photos. Please try again later.';
        throw new ApiError(429, message, { photo: [message] }, { 'retry-after': '3600' });
      }
      let bytes: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname === 'photo' && bytes === null) bytes = await part.toBuffer();
            else part.file.resume();
          }
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('photo', PHOTO_MESSAGES.tooLarge);
        request.log.info({ code }, 'multipart upload refused');
        throw fieldError('photo', PHOTO_MESSAGES.required);
      }
      if (bytes === null) throw fieldError('photo', PHOTO_MESSAGES.required);

      if ((await photoCount(ctx.db, member.user.id)) >= PHOTO_LIMITS.maxPerMember)
        throw fieldError('photo', PHOTO_MESSAGES.tooMany);

      let processed: Awaited<ReturnType<typeof processPhoto>>;
      try {
        processed = await processPhoto(bytes);
      } catch (error) {
        if (error instanceof PhotoRejected) throw fieldError('photo', error.message);
        throw error;
      }
      const file = await ctx.photoStore.save(processed.image, processed.thumbnail);
      const values = {
        userId: member.user.id,
        file,
        width: processed.width,
        height: processed.height,
        bytes: processed.image.length,
        // Post-moderation shows a photo at once; operators can still reject it later.
        ...(ctx.options.photoModeration === 'post'
          ? { status: 'approved' as const, reviewedAt: new Date() }
          : {}),
      };
      const row = await addPhoto(ctx.db, values);
      await refreshProfileComplete(ctx.db, member.user.id);
      return reply.code(201).send({ data: photoResource(row, ctx.photoUrls) });
    },
  );

  app.put(
    '/my-photos/:photo/primary',
    {
      schema: {
        summary: 'Make one of the own photos the primary photo (not a rejected one); 404 for anyone else’s',
        tags: ['photos'],
        params: photoParams,
        response: { 200: photoResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const row = await ownPhoto(member.user.id, request.params.photo);
      if (row.status === 'rejected')
        throw fieldError('photo', 'A rejected photo cannot be the primary photo.');
      await setPrimary(ctx.db, member.user.id, row.id);
      return { data: photoResource({ ...row, isPrimary: true }, ctx.photoUrls) };
    },
  );

  app.delete(
    '/my-photos/:photo',
    {
      schema: {
        summary: 'Delete one of the own photos (files included); 404 for anyone else’s',
        tags: ['photos'],
        params: photoParams,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const row = await ownPhoto(member.user.id, request.params.photo);
      await deletePhoto(ctx.db, row.id);
      await ctx.photoStore.remove(row.file);
      if (row.isPrimary) await promoteNextPrimary(ctx.db, member.user.id);
      await refreshProfileComplete(ctx.db, member.user.id);
      return { message: 'The photo has been deleted.' };
    },
  );
}
