import { validationMessages as spec } from '@ukd/validation/messages';
import { z } from 'zod';
import { addError, type FieldErrors, validationFailed } from './api-error';

/**
 * zod building blocks that fail with SPEC §5's messages, read from `@ukd/validation/messages`
 * (the client's rules read the same ones), so a 422 reads the same as the site's client-side
 * validation. Field labels are the field names with spaces.
 */
export const label = (field: string) => field.replace(/_/g, ' ');

/** SPEC §5's messages, for a field name (labelled here). */
export const messages = {
  required: (f: string) => spec.required(label(f)),
  string: (f: string) => spec.string(label(f)),
  min: (f: string, n: number) => spec.min(label(f), n),
  max: (f: string, n: number) => spec.max(label(f), n),
  email: (f: string) => spec.email(label(f)),
  confirmed: (f: string) => spec.confirmed(label(f)),
  invalid: (f: string) => spec.invalid(label(f)),
  accepted: (f: string) => spec.accepted(label(f)),
  taken: (f: string) => spec.taken(label(f)),
  characters: (f: string) => spec.characters(label(f)),
  integer: (f: string) => spec.integer(label(f)),
  minValue: (f: string, n: number) => spec.minValue(label(f), n),
  maxValue: (f: string, n: number) => spec.maxValue(label(f), n),
  format: (f: string) => spec.format(label(f)),
  date: (f: string) => spec.date(label(f)),
  array: (f: string) => spec.array(label(f)),
  object: (f: string) => spec.object(label(f)),
  maxItems: (f: string, n: number) => spec.maxItems(label(f), n),
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
 * Length in characters (Unicode code points, as Laravel's mb_strlen and PostgreSQL's
 * varchar(n) count), not UTF-16 units: an emoji is one character, not two.
 */
export function characters(value: string): number {
  let n = 0;
  for (const _ of value) n += 1;
  return n;
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
    const length = characters(value);
    if (length > rule.max) return fail(messages.max(field, rule.max));
    if (rule.min !== undefined && length < rule.min) return fail(messages.min(field, rule.min));
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

/**
 * A request body: a JSON object with exactly the declared fields. Unknown fields answer 422
 * (mass assignment: nothing the schema does not name reaches a handler), on the `body` key.
 * `extraKeys: 'ignore'` is for bodies a third party shapes (a payment provider's notification).
 */
export function body<T extends z.ZodRawShape>(shape: T, options: { extraKeys?: 'reject' | 'ignore' } = {}) {
  if (options.extraKeys === 'ignore')
    return z.object(shape, { error: 'The request body must be a JSON object.' });
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? unknownFields(issue.keys)
        : 'The request body must be a JSON object.',
  });
}

/** zod failures as Laravel's 422 (first message per field), for input read outside a route's schema (multipart). */
export function parseOr422<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) addError(errors, issue.path.join('.') || 'body', issue.message);
  throw validationFailed(errors);
}

/** Query strings: exactly the declared parameters, each once (`a=1&a=2` and `a[]=1` are arrays: 422). */
export function query<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? unknownParameters(issue.keys) : 'The query string is invalid.',
  });
}

export const unknownFields = (keys: readonly string[]) =>
  `The ${keys.join(', ')} field${keys.length > 1 ? 's are' : ' is'} not allowed.`;
export const unknownParameters = (keys: readonly string[]) =>
  `The ${keys.join(', ')} parameter${keys.length > 1 ? 's are' : ' is'} not allowed.`;

/**
 * An optional text that may be cleared: absent stays absent, `null` / `''` / whitespace become
 * `null`, anything else is trimmed and checked like `text()`.
 */
export function clearableText(field: string, rule: { min?: number; max: number }) {
  return z
    .union([z.string(), z.null()], { error: () => messages.string(field) })
    .transform((v) => (v === null ? null : v.trim() || null))
    .superRefine((value, ctx) => {
      if (value === null) return;
      const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
      if (!storable(value)) return fail(messages.characters(field));
      const length = characters(value);
      if (length > rule.max) return fail(messages.max(field, rule.max));
      if (rule.min !== undefined && length < rule.min) fail(messages.min(field, rule.min));
    })
    .optional();
}

/** An integer between `min` and `max` (Laravel's integer / min / max messages). */
export function integerBetween(field: string, min: number, max: number) {
  return z
    .number({
      error: (iss) => (isMissing(iss.input) ? messages.required(field) : messages.integer(field)),
    })
    .int({ error: messages.integer(field) })
    .min(min, { error: messages.minValue(field, min) })
    .max(max, { error: messages.maxValue(field, max) });
}

/** One of a list of numeric keys (SPEC §3 option lists). */
export function optionKey(field: string, keys: readonly number[]) {
  return z.unknown().transform((value, ctx) => {
    if (typeof value === 'number' && Number.isInteger(value) && keys.includes(value)) return value;
    ctx.addIssue({ code: 'custom', message: messages.invalid(field) });
    return z.NEVER;
  });
}

/** A list of distinct values from a fixed set, at most `max` long. */
export function subsetOf<const T extends readonly [string, ...string[]]>(
  field: string,
  values: T,
  max: number,
) {
  return z.unknown().transform((value, ctx): T[number][] => {
    if (!Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: messages.array(field) });
      return z.NEVER;
    }
    if (value.some((v) => typeof v !== 'string' || !(values as readonly string[]).includes(v))) {
      ctx.addIssue({ code: 'custom', message: messages.invalid(field) });
      return z.NEVER;
    }
    const unique = [...new Set(value as T[number][])];
    if (unique.length > max) {
      ctx.addIssue({ code: 'custom', message: messages.maxItems(field, max) });
      return z.NEVER;
    }
    return unique;
  });
}

/**
 * True for JSON that PostgreSQL's jsonb can store and that stays small: no NUL characters or
 * lone surrogates in strings or keys (jsonb refuses both: a 500 otherwise), limited nesting.
 */
export function isStorableJson(value: unknown, depth = 0): boolean {
  if (depth > 8) return false;
  if (typeof value === 'string') return storable(value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return true;
  if (Array.isArray(value)) return value.every((v) => isStorableJson(v, depth + 1));
  if (typeof value === 'object') {
    return Object.entries(value).every(([k, v]) => storable(k) && isStorableJson(v, depth + 1));
  }
  return false;
}

/** A JSON object (for `preferences`-like fields). */
export function jsonObject(field: string) {
  return z.unknown().transform((value, ctx): Record<string, unknown> => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: messages.object(field) });
      return z.NEVER;
    }
    if (!isStorableJson(value)) {
      ctx.addIssue({ code: 'custom', message: messages.characters(field) });
      return z.NEVER;
    }
    return value as Record<string, unknown>;
  });
}
