import { z } from 'zod';

/**
 * zod building blocks that fail with Laravel's default messages (SPEC §5), so a 422 reads the
 * same as the site's client-side validation. Field labels are the field names with spaces.
 */
export const label = (field: string) => field.replace(/_/g, ' ');

export const messages = {
  required: (f: string) => `The ${label(f)} field is required.`,
  string: (f: string) => `The ${label(f)} must be a string.`,
  min: (f: string, n: number) => `The ${label(f)} must be at least ${n} characters.`,
  max: (f: string, n: number) => `The ${label(f)} may not be greater than ${n} characters.`,
  email: (f: string) => `The ${label(f)} must be a valid email address.`,
  confirmed: (f: string) => `The ${label(f)} confirmation does not match.`,
  invalid: (f: string) => `The selected ${label(f)} is invalid.`,
  accepted: (f: string) => `The ${label(f)} must be accepted.`,
  taken: (f: string) => `The ${label(f)} has already been taken.`,
  characters: (f: string) => `The ${label(f)} contains characters that are not allowed.`,
} as const;

const isMissing = (input: unknown) => input === undefined || input === null;

// NUL cannot be stored in a PostgreSQL text column and a lone surrogate is not valid UTF-8:
// both would fail deep in the driver (a 500), so they are refused here.
const storable = (s: string) => !s.includes('\u0000') && s.isWellFormed();

interface TextRule {
  min?: number;
  max: number;
  /** Keep surrounding whitespace (passwords). */
  raw?: boolean;
  requiredMessage?: string;
  pattern?: { regex: RegExp; message: string };
  /** Further checks, run only when the basic ones passed; return a message to fail. */
  check?: (value: string) => string | undefined;
}

/**
 * A required string field; `''` and whitespace-only count as missing, as with Laravel's
 * TrimStrings. Reports at most one problem per field (the first that applies), and never
 * aborts the object: an `abort` would stop zod from checking the password confirmation.
 */
export function text(field: string, rule: TextRule) {
  const required = rule.requiredMessage ?? messages.required(field);
  const base = z.string({ error: (iss) => (isMissing(iss.input) ? required : messages.string(field)) });
  return (rule.raw ? base : base.trim()).superRefine((value, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (value.length === 0) return fail(required);
    if (!storable(value)) return fail(messages.characters(field));
    if (value.length > rule.max) return fail(messages.max(field, rule.max));
    if (rule.min !== undefined && value.length < rule.min) return fail(messages.min(field, rule.min));
    if (rule.pattern && !rule.pattern.regex.test(value)) return fail(rule.pattern.message);
    const problem = rule.check?.(value);
    if (problem) fail(problem);
  });
}

/** A required email address; lower-cased so look-ups and uniqueness ignore case. */
export function email(field: string, invalidMessage = messages.email(field)) {
  return text(field, {
    max: 254,
    requiredMessage: invalidMessage,
    check: (value) => (isEmailAddress(value) ? undefined : invalidMessage),
  }).transform((s) => s.toLowerCase());
}

// Deliberately simple (HTML's own definition is similar): the real check is the confirmation mail.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isEmailAddress(s: string): boolean {
  const at = s.lastIndexOf('@');
  return (
    EMAIL.test(s) && at <= 64 && !s.startsWith('.') && !s.slice(0, at).endsWith('.') && !s.includes('..')
  );
}

/** One of a fixed list of strings. */
export function oneOf<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, {
    error: (iss) => (isMissing(iss.input) ? messages.required(field) : messages.invalid(field)),
  });
}

/** Laravel's `accepted`: yes, on, 1, true. */
export function accepted(field: string) {
  return z
    .unknown()
    .refine((v) => v === true || v === 1 || v === '1' || v === 'yes' || v === 'on' || v === 'true', {
      error: messages.accepted(field),
    });
}

/** The top-level body must be an object; the message goes to the `body` key. */
export function body<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape, { error: 'The request body must be a JSON object.' });
}
