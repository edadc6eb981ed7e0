import type { FastifyInstance } from 'fastify';
import sjson from 'secure-json-parse';
import { ApiError } from './api-error';

export const BODY_LIMIT_BYTES = 64 * 1024;

function bodyError(message: string): ApiError {
  return new ApiError(422, message, { body: [message] });
}

/**
 * The API's own JSON parser (encapsulated: the host's parsers are untouched). An empty body is
 * an empty object, so a missing body gets "field is required" messages rather than a parse
 * error; `__proto__` / `constructor.prototype` keys are refused instead of being merged.
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser(
    /^application\/([\w.+-]+\+)?json(\s*;.*)?$/i,
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, {});
      try {
        done(null, sjson.parse(text, null, { protoAction: 'error', constructorAction: 'error' }));
      } catch (error) {
        const message =
          error instanceof SyntaxError && /prototype/i.test(error.message)
            ? 'The request body contains a forbidden key (__proto__ or constructor.prototype).'
            : 'The request body is not valid JSON.';
        done(bodyError(message), undefined);
      }
    },
  );
}
