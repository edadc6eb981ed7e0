import { MESSAGE_LIMITS, PHOTO_MESSAGES } from '@ukd/contracts/api';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { fieldError } from '../http/api-error';
import { body, parseOr422, messages as ruleMessages, text } from '../http/rules';
import { UUID } from '../http/uuid';
import { PhotoRejected, processPhoto } from '../photos/photo-processing';
import type { SendInput, SendResult } from './send-message';

const CLIENT_MSG_ID_FORMAT = 'The client msg id must be a UUID';

const clientMsgId = z
  .string({
    error: (iss) => (iss.input === undefined ? ruleMessages.required('client_msg_id') : CLIENT_MSG_ID_FORMAT),
  })
  .regex(UUID, { error: CLIENT_MSG_ID_FORMAT });

/** The JSON send: `{ client_msg_id, type, body }` (images come as multipart). */
export const sendBody = body({
  client_msg_id: clientMsgId,
  type: z.enum(['text', 'wink', 'trigger'], {
    error: (iss) => (iss.input === undefined ? ruleMessages.required('type') : ruleMessages.invalid('type')),
  }),
  body: z.unknown().optional(),
});

const imageFields = z.object({ client_msg_id: clientMsgId, type: z.literal('image').optional() }, {});
const textBody = z.object({ body: text('body', { max: MESSAGE_LIMITS.bodyMax }) });

/** What a send request asks for: a repeat of an earlier send, or a new message (its image already stored). */
export type SendRequest =
  | { kind: 'repeat'; result: SendResult }
  | { kind: 'new'; input: SendInput; uploaded: string | null };

/** An earlier send with this client id, if any (an image's repeat is answered before any image work). */
type FindRepeat = (clientMsgId: string) => Promise<SendResult | null>;

const imageRequired = () => fieldError('image', ruleMessages.required('image'));

/** Multipart: `client_msg_id` and one file `image`; the image is re-encoded and stored. */
async function multipartInput(
  ctx: AppContext,
  request: FastifyRequest,
  repeat: FindRepeat,
): Promise<SendRequest> {
  const fields: Record<string, string> = Object.create(null);
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === MESSAGE_LIMITS.imageField && bytes === null) bytes = await part.toBuffer();
        else part.file.resume();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError('image', PHOTO_MESSAGES.tooLarge.replace('photo', 'image'));
    throw imageRequired();
  }
  const parsed = parseOr422(imageFields, { client_msg_id: fields.client_msg_id, type: fields.type });
  const id = parsed.client_msg_id.toLowerCase();
  const earlier = await repeat(id);
  if (earlier) return { kind: 'repeat', result: earlier };
  if (bytes === null) throw imageRequired();
  let processed: Awaited<ReturnType<typeof processPhoto>>;
  try {
    processed = await processPhoto(bytes);
  } catch (error) {
    if (error instanceof PhotoRejected) throw fieldError('image', error.message.replace(/photo/g, 'image'));
    throw error;
  }
  const uploaded = await ctx.photoStore.save(processed.image, processed.thumbnail);
  return {
    kind: 'new',
    input: {
      clientMsgId: id,
      type: 'image',
      body: null,
      image: { file: uploaded, width: processed.width, height: processed.height },
    },
    uploaded,
  };
}

/**
 * JSON: text, wink or trigger; a wink carries no body. A repeat is found by the send itself
 * (one round trip), so nothing is read here.
 */
function jsonInput(request: FastifyRequest): SendRequest {
  const parsed = parseOr422(sendBody, request.body);
  const id = parsed.client_msg_id.toLowerCase();
  const body = parsed.type === 'wink' ? null : parseOr422(textBody, { body: parsed.body }).body;
  return { kind: 'new', input: { clientMsgId: id, type: parsed.type, body, image: null }, uploaded: null };
}

/**
 * Reads a send, JSON or multipart, into a SendInput, or, for an image, the earlier send it
 * repeats (found before the image is processed and stored).
 */
export async function readSendInput(
  ctx: AppContext,
  request: FastifyRequest,
  repeat: FindRepeat,
): Promise<SendRequest> {
  return request.isMultipart() ? multipartInput(ctx, request, repeat) : jsonInput(request);
}
