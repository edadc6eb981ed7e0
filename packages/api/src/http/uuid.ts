import { notFound } from './api-error';

/** A uuid as routes take it: 8-4-4-4-12 hex digits, any case (stored in lower case). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value from a request is a uuid in form. */
export const isUuid = (raw: unknown): raw is string => typeof raw === 'string' && UUID.test(raw);

/** A uuid as a route got it (a member's, a conversation's), in the form stored; a malformed one is
 * a 404, so nothing tells a malformed id from an unknown one. */
export function storedUuidOf(raw: string): string {
  if (!isUuid(raw)) throw notFound();
  return raw.toLowerCase();
}
