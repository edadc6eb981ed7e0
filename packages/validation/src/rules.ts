/**
 * The rule set of SPEC §5. A rule answers `null` when the value passes, or its message.
 * Default messages are SPEC's, word for word, from `messages.ts` (the API reads the same ones);
 * `{field}` is the field's label.
 */
import { validationMessages as m } from './messages';

export type Value = string | number | boolean | null | undefined | File;
export type Values = Record<string, Value>;
export type Rule = (value: Value, field: string, values: Values) => string | null;

const isEmpty = (value: Value) =>
  value === undefined ||
  value === null ||
  value === false ||
  (typeof value === 'string' && value.trim() === '');
const text = (value: Value) => (value === undefined || value === null ? '' : String(value));
/** Empty values pass every rule but `required`: a field is optional unless it says otherwise. */
const optional =
  (check: (value: Value, values: Values) => boolean, message: (field: string) => string): Rule =>
  (value, field, values) =>
    isEmpty(value) || check(value, values) ? null : message(field);

// SPEC §5 limits: email local part 64, domain 254; URL under 2083; domain label 63.
const emailPattern = /^[^\s@]{1,64}@(?=.{1,254}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export const required: Rule = (value, field) => (isEmpty(value) ? m.required(field) : null);

export const requiredIf =
  (other: string, ...when: string[]): Rule =>
  (value, field, values) =>
    when.includes(text(values[other])) ? required(value, field, values) : null;

export const email: Rule = optional((v) => emailPattern.test(text(v)), m.email);

export const url: Rule = optional((v) => {
  const s = text(v);
  if (s.length >= 2083) return false;
  try {
    const parsed = new URL(s);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}, m.url);

export const integer: Rule = optional((v) => /^-?\d+$/.test(text(v)), m.integer);
export const numeric: Rule = optional((v) => /^-?\d*\.?\d+$/.test(text(v)), m.numeric);
export const digits = (n: number): Rule =>
  optional(
    (v) => new RegExp(`^\\d{${n}}$`).test(text(v)),
    (f) => m.digits(f, n),
  );
export const alpha: Rule = optional((v) => /^\p{L}+$/u.test(text(v)), m.alpha);
export const alphaDash: Rule = optional((v) => /^[\p{L}\p{N}_-]+$/u.test(text(v)), m.alphaDash);

export const min = (n: number): Rule =>
  optional(
    (v) => [...text(v)].length >= n,
    (f) => m.min(f, n),
  );
export const max = (n: number): Rule =>
  optional(
    (v) => [...text(v)].length <= n,
    (f) => m.max(f, n),
  );
export const minValue = (n: number): Rule =>
  optional(
    (v) => Number(v) >= n,
    (f) => m.minValue(f, n),
  );
export const maxValue = (n: number): Rule =>
  optional(
    (v) => Number(v) <= n,
    (f) => m.maxValue(f, n),
  );
export const between = (low: number, high: number): Rule =>
  optional(
    (v) => Number(v) >= low && Number(v) <= high,
    (f) => m.between(f, low, high),
  );

/** `password` is confirmed by `password_confirmation` (Laravel's convention, which the API shares). */
export const confirmed =
  (otherField: string): Rule =>
  (value, field, values) =>
    text(values[otherField]) === text(value) ? null : m.confirmed(field);

export const included = (...allowed: string[]): Rule => optional((v) => allowed.includes(text(v)), m.invalid);
export const regex = (pattern: RegExp): Rule => optional((v) => pattern.test(text(v)), m.format);

/** A date in `YYYY-MM-DD` that exists on the calendar. */
export const date: Rule = optional((v) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text(v));
  if (!match) return false;
  const d = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return d.toISOString().slice(0, 10) === text(v);
}, m.date);

/** At least `years` old today; dating here is for adults only. */
export const minAge = (years: number): Rule =>
  optional(
    (v) => {
      const born = new Date(`${text(v)}T00:00:00Z`);
      const limit = new Date();
      limit.setUTCFullYear(limit.getUTCFullYear() - years);
      return !Number.isNaN(born.getTime()) && born <= limit;
    },
    () => m.minAge(years),
  );

/** Files: size in KB (SPEC §5), image types, extensions. */
export const size = (kilobytes: number): Rule =>
  optional(
    (v) => v instanceof File && v.size <= kilobytes * 1024,
    (f) => m.size(f, kilobytes),
  );
export const image: Rule = optional(
  (v) => v instanceof File && /^image\/(jpeg|png|webp|gif|avif)$/.test(v.type),
  m.image,
);

/** Luhn check for card numbers. */
export const creditCard: Rule = optional((v) => {
  const numbers = text(v).replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(numbers)) return false;
  let sum = 0;
  for (let i = 0; i < numbers.length; i++) {
    let n = Number(numbers[numbers.length - 1 - i]);
    if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
    sum += n;
  }
  return sum % 10 === 0;
}, m.creditCard);

/** Replace a rule's message, e.g. SPEC's 'Please fill in your city' for a required city. */
export const withMessage =
  (rule: Rule, message: string): Rule =>
  (value, field, values) =>
    rule(value, field, values) === null ? null : message;

/** The first failing rule's message, in order. */
export function validateField(rules: Rule[], value: Value, label: string, values: Values): string | null {
  for (const rule of rules) {
    const message = rule(value, label, values);
    if (message) return message;
  }
  return null;
}
