import { type ZodType, z } from 'zod';
import { asciiJson } from './ascii-json';
import { atKey, WrongType } from './wrong-type';

/**
 * Answers written straight from their zod contract: only the fields the schema names, each
 * checked for its type, in one pass that builds the JSON text. zod's `encode` followed by
 * `JSON.stringify` (fastify-type-provider-zod's serializer) copied every answer into a new object
 * first: for the conversation list's 19 KB that copy and its garbage were a sixth of the API's CPU
 * (issue 16). What it keeps from that serializer: a field missing from the contract never leaves
 * (the contract strips it), a value of the wrong type is a 500, not a malformed answer. String and
 * number refinements (`max`, `regex`, …) are checked by zod itself where a schema has them; any
 * kind of schema this does not know (a transform, a union) is encoded by zod as before.
 */
type Encoder = (value: unknown) => string;

/**
 * Whether `JSON.stringify(value)` writes exactly what the contract lets out (no field beyond it);
 * throws `WrongType` as the encoder would. V8's own serializer writes a flat object about twice
 * as fast as putting its JSON together field by field, and one flat string instead of a rope of
 * small ones is quicker to copy into the answer's bytes (the 50 messages of a chat opened:
 * 100 against 45 µs). A schema with no checker (one zod encodes) is always written field by field.
 */
type Checker = (value: unknown) => boolean;

interface Compiled {
  encode: Encoder;
  check: Checker | null;
}

/** zod v4's definition of a schema; only the fields read here. */
interface Definition {
  type: string;
  checks?: { _zod: { def: { check?: string; format?: string } } }[];
  shape?: Record<string, ZodType>;
  element?: ZodType;
  innerType?: ZodType;
  valueType?: ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
}

const definitionOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Definition } })._zod.def;

const INTEGER_FORMATS = new Set(['safeint', 'int32', 'uint32']);

/** A primitive's checks beyond its type: none, integers only (checked here), or others (zod's). */
function refinementsOf(def: Definition): 'none' | 'integer' | 'zod' {
  const checks = def.checks ?? [];
  if (checks.length === 0) return 'none';
  if (checks.length === 1 && INTEGER_FORMATS.has(checks[0]?._zod.def.format ?? '')) return 'integer';
  return 'zod';
}

function byZod(schema: ZodType): Compiled {
  return {
    encode: (value) => {
      const result = z.safeEncode(schema, value);
      if (!result.success) throw new WrongType(result.error.issues[0]?.message ?? 'its contract', value);
      return asciiJson(JSON.stringify(result.data) ?? 'null');
    },
    check: null,
  };
}

function primitive(schema: ZodType, def: Definition, type: 'string' | 'number' | 'boolean'): Compiled {
  const refinements = refinementsOf(def);
  const check = (value: unknown) => {
    if (typeof value !== type || (type === 'number' && !Number.isFinite(value))) {
      throw new WrongType(type, value);
    }
    if (refinements === 'integer' && !Number.isSafeInteger(value)) throw new WrongType('an integer', value);
    if (refinements === 'zod' && !schema.safeParse(value).success) throw new WrongType('its checks', value);
    return true;
  };
  return {
    encode: (value) => {
      check(value);
      return type === 'string' ? asciiJson(JSON.stringify(value)) : String(value);
    },
    check,
  };
}

/** `value` as an object with fields (not null, not an array), or a `WrongType`. */
function asObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new WrongType('object', value);
  return value as Record<string, unknown>;
}

/** An optional field, or a nullable optional one: absent, its key is left out (as zod does). */
function acceptsUndefined(schema: ZodType): boolean {
  const def = definitionOf(schema);
  if (def.type === 'optional') return true;
  return def.type === 'nullable' && acceptsUndefined(def.innerType as ZodType);
}

/**
 * Objects met twice in one answer, written once: the conversation list names each member card
 * four times or more (initiator, recipient, viewer, chatmate; the viewer in every row).
 */
let written: Map<object, string> | null = null;

/** The object schemas two or more fields of `shape` share (a conversation's four member cards). */
function sharedObjectSchemas(shape: Record<string, ZodType>): boolean {
  const seen = new Set<ZodType>();
  for (const schema of Object.values(shape)) {
    let inner = schema;
    while (['nullable', 'optional'].includes(definitionOf(inner).type))
      inner = definitionOf(inner).innerType as ZodType;
    if (definitionOf(inner).type !== 'object') continue;
    if (seen.has(inner)) return true;
    seen.add(inner);
  }
  return false;
}

function objectEncoder(shape: Record<string, ZodType>): Compiled {
  const fields = Object.entries(shape).map(([key, schema]) => ({
    key,
    prefix: `${asciiJson(JSON.stringify(key))}:`,
    optional: acceptsUndefined(schema),
    ...encoderOf(schema),
  }));
  const encodeFields = (record: Record<string, unknown>) => {
    let out = '{';
    for (const field of fields) {
      const v = record[field.key];
      if (v === undefined && field.optional) continue;
      if (out.length > 1) out += ',';
      out += field.prefix + atKey(field.encode, v, field.key);
    }
    return `${out}}`;
  };
  // Written whole by V8 when every field can be, it holds no field beyond the contract and it
  // names no card twice: those are written once and reused (`written`), field by field.
  const checks = fields.every((field) => field.check) && !sharedObjectSchemas(shape);
  const check: Checker | null = checks
    ? (value) => {
        const record = asObject(value);
        // V8 writes own fields only: a field read through a prototype (a class's getter) would
        // be counted here and left out there.
        if (Object.getPrototypeOf(record) !== Object.prototype) return false;
        let present = 0;
        for (const field of fields) {
          const v = record[field.key];
          if (v === undefined && field.optional) continue;
          present += 1;
          if (!atKey(field.check as Checker, v, field.key)) return false;
        }
        return present === Object.keys(record).length;
      }
    : null;
  return {
    encode: (value) => {
      const record = asObject(value);
      const again = written?.get(record);
      if (again !== undefined) return again;
      const out = check?.(record) ? asciiJson(JSON.stringify(record)) : encodeFields(record);
      written?.set(record, out);
      return out;
    },
    check,
  };
}

function arrayEncoder(element: Compiled): Compiled {
  const asArray = (value: unknown): unknown[] => {
    if (!Array.isArray(value)) throw new WrongType('array', value);
    return value;
  };
  const check = element.check;
  return {
    encode: (value) => {
      const items = asArray(value);
      let out = '[';
      for (let i = 0; i < items.length; i++) out += (i ? ',' : '') + atKey(element.encode, items[i], i);
      return `${out}]`;
    },
    check: check
      ? (value) => {
          const items = asArray(value);
          for (let i = 0; i < items.length; i++) if (!atKey(check, items[i], i)) return false;
          return true;
        }
      : null,
  };
}

function encoderOf(schema: ZodType): Compiled {
  const def = definitionOf(schema);
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
      return primitive(schema, def, def.type);
    case 'object':
      return objectEncoder(def.shape ?? {});
    case 'array':
      return arrayEncoder(encoderOf(def.element as ZodType));
    case 'nullable': {
      const inner = encoderOf(def.innerType as ZodType);
      const check = inner.check;
      return {
        encode: (value) => (value === null ? 'null' : inner.encode(value)),
        check: check ? (value) => value === null || check(value) : null,
      };
    }
    case 'optional': {
      // Reached only where undefined has no key to skip (an array's element): JSON says null.
      const inner = encoderOf(def.innerType as ZodType);
      const check = inner.check;
      return {
        encode: (value) => (value === undefined ? 'null' : inner.encode(value)),
        check: check ? (value) => value === undefined || check(value) : null,
      };
    }
    case 'enum':
    case 'literal': {
      const allowed = new Set(def.type === 'enum' ? Object.values(def.entries ?? {}) : def.values);
      const check = (value: unknown) => {
        if (!allowed.has(value as string)) throw new WrongType(`one of ${[...allowed].join(', ')}`, value);
        return true;
      };
      return {
        encode: (value) => {
          check(value);
          return asciiJson(JSON.stringify(value));
        },
        check,
      };
    }
    case 'record': {
      const element = encoderOf(def.valueType as ZodType);
      const check = element.check;
      return {
        encode: (value) => {
          let out = '{';
          for (const [key, v] of Object.entries(asObject(value))) {
            if (out.length > 1) out += ',';
            out += `${asciiJson(JSON.stringify(key))}:${atKey(element.encode, v, key)}`;
          }
          return `${out}}`;
        },
        check: check
          ? (value) => {
              for (const [key, v] of Object.entries(asObject(value))) if (!atKey(check, v, key)) return false;
              return true;
            }
          : null,
      };
    }
    case 'unknown':
    case 'any':
      return { encode: (value) => asciiJson(JSON.stringify(value) ?? 'null'), check: () => true };
    default:
      return byZod(schema);
  }
}

const compiled = new WeakMap<ZodType, (value: unknown) => string>();

/** The JSON text of `value` as `schema` lets it out; throws naming the first field that breaks it. */
export function responseEncoder(schema: ZodType): (value: unknown) => string {
  let encode = compiled.get(schema);
  if (!encode) {
    const root = encoderOf(schema).encode;
    encode = (value) => {
      written = new Map();
      try {
        return root(value);
      } finally {
        written = null;
      }
    };
    compiled.set(schema, encode);
  }
  return encode;
}
