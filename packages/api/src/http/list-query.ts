import { addError, type FieldErrors, validationFailed } from './api-error';
import { unknownParameters } from './rules';

/**
 * Parsing of the list query parameters every collection endpoint accepts (ARCHITECTURE "API"):
 * `include=a,b.c`, `filter[name]=value`, `sort=-updated_at,id`, `fields=a,b` (or `fields[type]=a,b`),
 * `append=a,b`, `page`, `limit`. Each resource declares what it allows; anything else is a 422,
 * so a typo in a client shows up at once instead of being silently ignored.
 */
export interface ListQuerySpec<F extends string = string, S extends string = string> {
  includes?: readonly string[];
  /** Filter name → parser of its raw string value (return undefined to reject the value). */
  filters?: { readonly [K in F]: (raw: string) => unknown };
  sorts?: readonly S[];
  defaultSort?: readonly SortTerm<S>[];
  fields?: readonly string[];
  appends?: readonly string[];
  defaultLimit: number;
  maxLimit: number;
  /** Further parameters the route reads itself (e.g. `after`, `before`); any other name is a 422. */
  params?: readonly string[];
}

export interface SortTerm<S extends string = string> {
  field: S;
  direction: 'asc' | 'desc';
}

export interface ListQuery<F extends string = string, S extends string = string> {
  include: string[];
  filter: Partial<Record<F, unknown>>;
  sort: SortTerm<S>[];
  /** null: all fields. */
  fields: string[] | null;
  append: string[];
  page: number;
  limit: number;
  offset: number;
}

export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

const MAX_PAGE = 1_000_000;
const LIST_PARAMS = ['include', 'filter', 'sort', 'fields', 'append', 'page', 'limit'];
/** `filter[name]` and `fields[type]` as the query parser may leave them flat. */
const BRACKETED_PARAM = /^(filter|fields)\[[^[\]]+\]$/;

/** Reads `filter[name]` whether the query parser left it flat or nested it into an object. */
function bracketed(query: Record<string, unknown>, name: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const nested = query[name];
  if (nested && typeof nested === 'object' && !Array.isArray(nested)) {
    for (const [k, v] of Object.entries(nested)) out.set(k, v);
  }
  const prefix = `${name}[`;
  for (const [key, value] of Object.entries(query)) {
    if (key.startsWith(prefix) && key.endsWith(']')) out.set(key.slice(prefix.length, -1), value);
  }
  return out;
}

function csv(value: unknown, field: string, errors: FieldErrors): string[] {
  if (value === undefined || value === '') return [];
  if (typeof value !== 'string') {
    addError(errors, field, `The ${field} must be a string.`);
    return [];
  }
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function positiveInt(
  value: unknown,
  field: string,
  fallback: number,
  max: number,
  errors: FieldErrors,
): number {
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value) || Number(value) < 1) {
    addError(errors, field, `The ${field} must be an integer of at least 1.`);
    return fallback;
  }
  const n = Number(value);
  if (n > max) {
    addError(errors, field, `The ${field} must be ${max} or less.`);
    return fallback;
  }
  return n;
}

export function parseListQuery<F extends string, S extends string>(
  rawQuery: unknown,
  spec: ListQuerySpec<F, S>,
): ListQuery<F, S> {
  const query = (rawQuery && typeof rawQuery === 'object' ? rawQuery : {}) as Record<string, unknown>;
  const errors: FieldErrors = {};

  // Only the parameters the API documents: `page[]=2` or a typo (`?foo=1`) is a 422, never
  // silently page 1. (A repeated parameter, `page=1&page=2`, is an array: its own check refuses it.)
  const known = new Set([...LIST_PARAMS, ...(spec.params ?? [])]);
  for (const key of Object.keys(query)) {
    if (!known.has(key) && !BRACKETED_PARAM.test(key)) addError(errors, key, unknownParameters([key]));
  }

  const include = csv(query.include, 'include', errors);
  const allowedIncludes = spec.includes ?? [];
  for (const name of include) {
    if (!allowedIncludes.includes(name)) addError(errors, 'include', `The include ${name} is not allowed.`);
  }

  const filter: Partial<Record<F, unknown>> = {};
  for (const [name, raw] of bracketed(query, 'filter')) {
    const parse = spec.filters && Object.hasOwn(spec.filters, name) ? spec.filters[name as F] : undefined;
    const key = `filter.${name}`;
    if (!parse) {
      addError(errors, 'filter', `The filter ${name} is not allowed.`);
    } else if (typeof raw !== 'string') {
      addError(errors, key, `The filter ${name} must be a string.`);
    } else {
      const value = parse(raw);
      if (value === undefined) addError(errors, key, `The filter ${name} is invalid.`);
      else filter[name as F] = value;
    }
  }

  const sort: SortTerm<S>[] = [];
  for (const term of csv(query.sort, 'sort', errors)) {
    const desc = term.startsWith('-');
    const field = desc ? term.slice(1) : term;
    if ((spec.sorts ?? []).includes(field as S))
      sort.push({ field: field as S, direction: desc ? 'desc' : 'asc' });
    else addError(errors, 'sort', `The sort ${field} is not allowed.`);
  }

  let fields: string[] | null = null;
  const flatFields =
    query.fields && typeof query.fields === 'object' && !Array.isArray(query.fields)
      ? undefined
      : query.fields;
  const fieldLists = [flatFields, ...bracketed(query, 'fields').values()].filter((v) => v !== undefined);
  if (fieldLists.length) {
    fields = fieldLists.flatMap((v) => csv(v, 'fields', errors));
    for (const name of fields) {
      if (!(spec.fields ?? []).includes(name))
        addError(errors, 'fields', `The field ${name} is not allowed.`);
    }
  }

  const append = csv(query.append, 'append', errors);
  for (const name of append) {
    if (!(spec.appends ?? []).includes(name))
      addError(errors, 'append', `The append ${name} is not allowed.`);
  }

  const page = positiveInt(query.page, 'page', 1, MAX_PAGE, errors);
  const limit = positiveInt(query.limit, 'limit', spec.defaultLimit, spec.maxLimit, errors);

  if (Object.keys(errors).length) throw validationFailed(errors);
  return {
    include,
    filter,
    sort: sort.length ? sort : [...(spec.defaultSort ?? [])],
    fields,
    append,
    page,
    limit,
    offset: (page - 1) * limit,
  };
}

export function pageMeta(total: number, query: Pick<ListQuery, 'page' | 'limit'>): PageMeta {
  return {
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.limit)),
    per_page: query.limit,
    total,
  };
}

/** Keeps only the requested `fields` of each item (always keeping `keep`, e.g. the id). */
export function pickFields<T extends Record<string, unknown>, K extends keyof T & string>(
  item: T,
  fields: string[] | null,
  keep: readonly K[],
): Pick<T, K> & Partial<T> {
  if (!fields) return item;
  const out: Partial<T> = {};
  for (const key of [...keep, ...fields])
    if (Object.hasOwn(item, key)) out[key as keyof T] = item[key as keyof T];
  return out as Pick<T, K> & Partial<T>;
}
