import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { InvalidSchemaError } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

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

const EVERY_NON_ASCII = /[\u0080-\uffff]/g;
const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * JSON text with every character beyond ASCII written as a `\u` escape. An answer is built from
 * many small strings; one of them from a member's text with a curly quote or an emoji made V8
 * hold the whole answer two bytes a character, and turning that into UTF-8 bytes for the socket
 * took twice as long as for ASCII (the conversation list's 38 KB: about 100 against 50 µs, a
 * twentieth of its CPU). Any JSON reader reads the escapes back to the same text. The escaped
 * text is read back from its Latin-1 bytes because `replace` on a string V8 holds two bytes a
 * character answers one held the same way, even when all of it is ASCII, and that one piece made
 * the whole answer two-byte again (perf under the conversation list: 3 % of the API's CPU in
 * copying two-byte text).
 */
function asciiJson(text: string): string {
  // Any character beyond ASCII is more than one byte in UTF-8; counting them is quicker than a
  // regular expression on the short strings an answer is made of.
  return Buffer.byteLength(text) === text.length
    ? text
    : Buffer.from(text.replace(EVERY_NON_ASCII, escaped), 'latin1').toString('latin1');
}

/** A value of the wrong type; its path is filled in on the way out (building it per field was
 * garbage on every answer). */
class WrongType extends Error {
  private readonly keys: string[] = [];
  constructor(
    private readonly expected: string,
    private readonly got: unknown,
  ) {
    super();
  }
  within(key: string): WrongType {
    this.keys.unshift(key);
    this.message = `${this.keys.join('')}: expected ${this.expected}, got ${this.got === null ? 'null' : typeof this.got}`;
    return this;
  }
}

/** `encode(value)`, naming `key` (a field's name or an element's index) if it throws. */
function encodeAt(encode: Encoder, value: unknown, key: string | number): string {
  try {
    return encode(value);
  } catch (error) {
    throw error instanceof WrongType ? error.within(typeof key === 'number' ? `[${key}]` : `.${key}`) : error;
  }
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

function byZod(schema: ZodType): Encoder {
  return (value) => {
    const result = z.safeEncode(schema, value);
    if (!result.success) throw new WrongType(result.error.issues[0]?.message ?? 'its contract', value);
    return asciiJson(JSON.stringify(result.data) ?? 'null');
  };
}

function primitive(schema: ZodType, def: Definition, type: 'string' | 'number' | 'boolean'): Encoder {
  const refinements = refinementsOf(def);
  return (value) => {
    if (typeof value !== type || (type === 'number' && !Number.isFinite(value))) {
      throw new WrongType(type, value);
    }
    if (refinements === 'integer' && !Number.isSafeInteger(value)) throw new WrongType('an integer', value);
    if (refinements === 'zod' && !schema.safeParse(value).success) throw new WrongType('its checks', value);
    return type === 'string' ? asciiJson(JSON.stringify(value)) : String(value);
  };
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

function objectEncoder(shape: Record<string, ZodType>): Encoder {
  const fields = Object.entries(shape).map(([key, schema]) => ({
    key,
    prefix: `${asciiJson(JSON.stringify(key))}:`,
    optional: acceptsUndefined(schema),
    encode: encoderOf(schema),
  }));
  const encodeFields = (record: Record<string, unknown>) => {
    let out = '{';
    for (const field of fields) {
      const v = record[field.key];
      if (v === undefined && field.optional) continue;
      if (out.length > 1) out += ',';
      out += field.prefix + encodeAt(field.encode, v, field.key);
    }
    return `${out}}`;
  };
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new WrongType('object', value);
    const again = written?.get(value);
    if (again !== undefined) return again;
    const out = encodeFields(value as Record<string, unknown>);
    written?.set(value, out);
    return out;
  };
}

function encoderOf(schema: ZodType): Encoder {
  const def = definitionOf(schema);
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
      return primitive(schema, def, def.type);
    case 'object':
      return objectEncoder(def.shape ?? {});
    case 'array': {
      const element = encoderOf(def.element as ZodType);
      return (value) => {
        if (!Array.isArray(value)) throw new WrongType('array', value);
        let out = '[';
        for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + encodeAt(element, value[i], i);
        return `${out}]`;
      };
    }
    case 'nullable': {
      const inner = encoderOf(def.innerType as ZodType);
      return (value) => (value === null ? 'null' : inner(value));
    }
    case 'optional': {
      // Reached only where undefined has no key to skip (an array's element): JSON says null.
      const inner = encoderOf(def.innerType as ZodType);
      return (value) => (value === undefined ? 'null' : inner(value));
    }
    case 'enum':
    case 'literal': {
      const allowed = new Set(def.type === 'enum' ? Object.values(def.entries ?? {}) : def.values);
      return (value) => {
        if (!allowed.has(value as string)) throw new WrongType(`one of ${[...allowed].join(', ')}`, value);
        return asciiJson(JSON.stringify(value));
      };
    }
    case 'record': {
      const element = encoderOf(def.valueType as ZodType);
      return (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value))
          throw new WrongType('object', value);
        let out = '{';
        for (const [key, v] of Object.entries(value)) {
          if (out.length > 1) out += ',';
          out += `${asciiJson(JSON.stringify(key))}:${encodeAt(element, v, key)}`;
        }
        return `${out}}`;
      };
    }
    case 'unknown':
    case 'any':
      return (value) => asciiJson(JSON.stringify(value) ?? 'null');
    default:
      return byZod(schema);
  }
}

const compiled = new WeakMap<ZodType, (value: unknown) => string>();

/** The JSON text of `value` as `schema` lets it out; throws naming the first field that breaks it. */
export function responseEncoder(schema: ZodType): (value: unknown) => string {
  let encode = compiled.get(schema);
  if (!encode) {
    const root = encoderOf(schema);
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

/** A route's response schema: a zod schema, or one under `properties` (as the zod type provider takes). */
function zodSchemaOf(schema: unknown): ZodType {
  if (schema instanceof z.ZodType) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  if (inner instanceof z.ZodType) return inner;
  throw new InvalidSchemaError(JSON.stringify(schema));
}

/**
 * Fastify's serializer compiler for response schemas (`app.setSerializerCompiler`). It answers
 * bytes, not text: the JSON is ASCII (`asciiJson`), so its Latin-1 bytes are its UTF-8 bytes and
 * a plain copy makes them, where fastify would count the text's UTF-8 length and Node encode it
 * again (for the conversation list about 30 µs of an ASCII answer's time, 100 µs of one with a
 * curly quote). Fastify sends a Buffer as it is; its type for a serializer says string only.
 */
export const responseSerializerCompiler: BytesSerializerCompiler = ({ schema, method, url }) => {
  const encode = responseEncoder(zodSchemaOf(schema));
  return (data: unknown): Buffer => {
    let text: string;
    try {
      text = encode(data);
    } catch (error) {
      // A bug of ours, never the client's: the error handler answers 500 and logs it.
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`${method} ${url} answered outside its contract: ${reason}`, { cause: error });
    }
    return Buffer.from(text, 'latin1');
  };
};

/** Fastify's `FastifySerializerCompiler`, answering bytes (which its code sends as they are). */
export type BytesSerializerCompiler = (
  ...args: Parameters<FastifySerializerCompiler<unknown>>
) => (data: unknown) => Buffer;
