import { SUPPORT_LIMITS, SUPPORT_MESSAGES, SUPPORT_TOPICS } from '@ukd/contracts/api';
import { customMessages } from '@ukd/validation/messages';
import type { FastifyRequest } from 'fastify';
import { captchaField } from '../captcha/captcha';
import { fieldError } from '../http/api-error';
import { body, clearableText, email, messages, oneOf, parseOr422, text } from '../http/rules';

/** A help request or contact message, JSON or the same fields as multipart with a file `attachment`. */
export const ticketBody = body({
  topic: oneOf('topic', SUPPORT_TOPICS),
  email: email('email', customMessages.email),
  name: clearableText('name', { max: 100 }),
  message: text('message', { min: SUPPORT_LIMITS.messageMin, max: SUPPORT_LIMITS.messageMax }),
  source: oneOf('source', ['request', 'contact']).optional(),
  captcha: captchaField(),
});

export interface TicketInput {
  fields: ReturnType<typeof ticketBody.parse>;
  /** The attachment's bytes as uploaded (checked and re-encoded later), or null. */
  attachment: Buffer | null;
}

/**
 * Multipart: the text fields (each at most once; unknown ones are refused like JSON's) and at
 * most one file, `attachment`, of at most SUPPORT_LIMITS.attachmentMaxBytes.
 */
async function multipartInput(request: FastifyRequest): Promise<TicketInput> {
  const fields: Record<string, unknown> = Object.create(null);
  let attachment: Buffer | null = null;
  const field = SUPPORT_LIMITS.attachmentField;
  try {
    const parts = request.parts({
      limits: {
        fileSize: SUPPORT_LIMITS.attachmentMaxBytes,
        files: 1,
        fields: 8,
        parts: 10,
        fieldSize: 32 * 1024,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== field)
          throw fieldError(part.fieldname, `The ${part.fieldname} field is not allowed.`);
        const bytes = await part.toBuffer();
        // A form's empty file input sends a nameless, empty part: no attachment.
        if (part.filename || bytes.length > 0) attachment = bytes;
      } else {
        if (part.valueTruncated)
          throw fieldError(part.fieldname, messages.max(part.fieldname, SUPPORT_LIMITS.messageMax));
        // Unknown and repeated fields fail validation below, as in a JSON body.
        fields[part.fieldname in fields ? `${part.fieldname}[]` : part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError(field, SUPPORT_MESSAGES.attachmentTooLarge);
    if (code?.startsWith('FST_')) throw fieldError(field, 'The upload could not be read.');
    throw error;
  }
  return { fields: parseOr422(ticketBody, fields), attachment };
}

export function readTicketInput(request: FastifyRequest): Promise<TicketInput> {
  if (request.isMultipart()) return multipartInput(request);
  return Promise.resolve({ fields: parseOr422(ticketBody, request.body), attachment: null });
}
