import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { ApiError, addError, type FieldErrors, summarise } from './api-error';

// Client mistakes Fastify detects before a handler runs; all become a 422 on the `body` field
// so the client handles every bad request one way (ARCHITECTURE: 422 with field messages).
const BODY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be JSON (Content-Type: application/json).',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length does not match its Content-Length.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body must be a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_TYPE: 'The request body must be JSON (Content-Type: application/json).',
};

export function send(reply: FastifyReply, status: number, message: string, errors?: FieldErrors) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(errors ? { message, errors } : { message });
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error;
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) {
    if (error.headers) reply.headers(error.headers);
    return send(reply, error.statusCode, error.message, error.errors);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: FieldErrors = {};
    for (const issue of error.validation) {
      const path = (issue.instancePath ?? '').slice(1).replaceAll('/', '.');
      const field =
        error.validationContext === 'body' || !error.validationContext
          ? path || 'body'
          : path || error.validationContext;
      const message = issue.message ?? 'The given data was invalid.';
      addError(errors, field, message);
    }
    return send(reply, 422, summarise(errors), errors);
  }
  if (isFastifyError(error)) {
    const bodyMessage = error.code ? BODY_ERRORS[error.code] : undefined;
    if (bodyMessage) return send(reply, 422, bodyMessage, { body: [bodyMessage] });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // JSON.parse failures and other parser errors carry 400 without a code.
      if (status === 400)
        return send(reply, 422, 'The request body is not valid JSON.', {
          body: ['The request body is not valid JSON.'],
        });
      return send(reply, status, error.message);
    }
  }
  if (isDatabaseUnavailable(error)) {
    // The database is away (restart, failover, network): a 503 the client retries or shows as
    // maintenance (docs/decisions.md), never a 500. The pool reconnects on its own.
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', '5');
    return send(reply, 503, 'Service Unavailable');
  }
  request.log.error({ err: error }, 'request failed');
  return send(reply, 500, 'Server Error');
}
