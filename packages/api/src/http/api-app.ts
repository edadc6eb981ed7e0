import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The Fastify instance routes are declared on: zod schemas validate input and describe output. */
export type ApiApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Response schemas of the error answers, for the OpenAPI document. */
export const errorResponses = {
  422: z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) }),
} as const;

export const bearerAuth = [{ bearerAuth: [] }];
