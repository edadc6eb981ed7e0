import v8 from 'node:v8';
import { conversationListSchema, messageListSchema, profileCardSchema } from '@ukd/contracts/api';
import Fastify from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponses } from './api-app';
import { responseEncoder } from './response-encoder';
import { responseSerializerCompiler } from './response-serializer';

/** What the zod type provider's serializer wrote (zod's encode, then JSON.stringify), with
 * characters beyond ASCII as `\u` escapes (`asciiJson`). */
const byZod = (schema: z.ZodType, value: unknown) =>
  JSON.stringify(z.encode(schema, value)).replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** The same JSON value (fields in any order: V8 writes an object's own order, zod the schema's). */
const sameAs = (encoded: string, schema: z.ZodType, value: unknown) =>
  expect(JSON.parse(encoded)).toEqual(JSON.parse(byZod(schema, value)));

const card = {
  uuid: 'u-1',
  username: 'Ann "the cat" </script>',
  gender: 'female',
  age: 31,
  city: 'Leeds',
  region: null,
  headline: 'Hi \u2028 there 👋',
  online: false,
  demo: true,
  last_active_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  primary_photo: { url: 'https://x/a.webp', thumbnail_url: 'https://x/a_t.webp' },
  password_hash: 'never sent',
};

const member = (id: number) => ({ id, ...card, uuid: `u-${id}`, approved_primary: null });

const list = {
  data: [
    {
      id: 7,
      uuid: 'c-7',
      star: true,
      initiator_id: 1,
      recipient_id: 2,
      viewer_id: 1,
      initiator: member(1),
      recipient: member(2),
      viewer: member(1),
      chatmate: member(2),
      unread_count: 0,
      created_at: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-02T10:00:00.000Z',
      internal_note: 'stripped',
    },
  ],
  meta: { current_page: 1, last_page: 1, total: 1, per_page: 10, starred_conversations: 1 },
};

describe('responseEncoder', () => {
  it('writes what zod encode and JSON.stringify wrote, fields outside the contract left out', () => {
    const encoded = responseEncoder(conversationListSchema)(list);
    sameAs(encoded, conversationListSchema, list);
    expect(encoded).not.toContain('password_hash');
    expect(encoded).not.toContain('internal_note');
    expect(JSON.parse(encoded).data[0].chatmate.username).toBe(card.username);
  });

  it('writes an object met twice in one answer the same both times, and afresh in the next answer', () => {
    const shared = member(1);
    const conversation = { ...list.data[0], initiator: shared, viewer: shared };
    const answer = { ...list, data: [conversation, { ...conversation, id: 8 }] };
    const encode = responseEncoder(conversationListSchema);
    sameAs(encode(answer), conversationListSchema, answer);
    shared.username = 'renamed';
    sameAs(encode(answer), conversationListSchema, answer);
    expect(encode(answer).match(/renamed/g)).toHaveLength(4);
  });

  it('writes objects V8 can write whole (no field beyond the contract) exactly as field by field', () => {
    const message = (id: number) => ({
      id,
      uuid: `m-${id}`,
      client_msg_id: `c-${id}`,
      conversation_id: 7,
      conversation_uuid: 'c-7',
      from_id: 1,
      to_id: 2,
      viewer_id: 1,
      type: 'text',
      body: id % 2 ? 'Let’s meet "soon" </script>' : null,
      image:
        id % 3 ? null : { url: 'https://x/i.jpg', thumbnail_url: 'https://x/i_t.jpg', width: 4, height: 3 },
      price: 1,
      created_at: '2026-11-01T10:00:00.000Z',
      read_at: null,
    });
    const page = { data: [1, 2, 3, 4].map(message), meta: { has_more: false } };
    const encode = responseEncoder(messageListSchema);
    expect(encode(page)).toBe(byZod(messageListSchema, page));
    // One field beyond the contract anywhere, or an optional one present as undefined: left out.
    const leaky = {
      ...page,
      data: [
        message(1),
        { ...message(2), internal: 'x' },
        { ...message(3), image: { ...message(3).image, file: 'secret.jpg' } },
      ],
    };
    expect(encode(leaky)).toBe(byZod(messageListSchema, leaky));
    expect(encode(leaky)).not.toMatch(/internal|secret/);
    const schema = z.object({ a: z.string().optional(), b: z.number() });
    expect(responseEncoder(schema)({ a: undefined, b: 1 })).toBe('{"b":1}');
    // A field read through a prototype, beside one beyond the contract: written as the contract says.
    class WithGetter {
      secret = 'x';
      get b() {
        return 2;
      }
    }
    expect(responseEncoder(schema)(new WithGetter())).toBe('{"b":2}');
    expect(() => encode({ ...page, data: [message(1), { ...message(2), price: '1' }] })).toThrow(
      /\.data\[1\]\.price: expected number/,
    );
  });

  it('leaves out absent optional fields and writes null for null ones', () => {
    const schema = z.object({
      a: z.string().optional(),
      b: z.string().nullable(),
      c: z.number().nullable().optional(),
    });
    for (const value of [{ b: null }, { a: 'x', b: 'y', c: null }, { a: undefined, b: null, c: undefined }]) {
      expect(responseEncoder(schema)(value)).toBe(byZod(schema, value));
    }
  });

  it('writes records, enums, literals, unknown values and arrays as zod did', () => {
    const value = { message: 'The given data was invalid.', errors: { email: ['Taken.', 'Bad "quote"'] } };
    expect(responseEncoder(errorResponses[422])(value)).toBe(byZod(errorResponses[422], value));
    const schema = z.object({
      kind: z.enum(['a', 'b']),
      v: z.literal(2),
      extra: z.unknown(),
      list: z.array(z.int()),
    });
    const mixed = { kind: 'b', v: 2, extra: { deep: [1, 'two', null] }, list: [1, 2, 3] };
    expect(responseEncoder(schema)(mixed)).toBe(byZod(schema, mixed));
  });

  it('hands schemas it does not know to zod (a union)', () => {
    const schema = z.object({ u: z.union([z.string(), z.number()]) });
    expect(responseEncoder(schema)({ u: 'a' })).toBe('{"u":"a"}');
    expect(responseEncoder(schema)({ u: 1 })).toBe('{"u":1}');
    expect(() => responseEncoder(schema)({ u: true })).toThrow(/\.u/);
  });

  it.each([
    ['a string where a number belongs', { ...card, age: '31' }, 'age'],
    ['a fraction where an integer belongs', { ...card, age: 31.5 }, 'age'],
    ['NaN', { ...card, age: Number.NaN }, 'age'],
    ['a missing required field', { ...card, username: undefined }, 'username'],
    ['null where null is not allowed', { ...card, uuid: null }, 'uuid'],
    ['a value outside an enum', { ...card, gender: 'robot' }, 'gender'],
    ['an object where a string belongs', { ...card, city: { name: 'Leeds' } }, 'city'],
  ] as [string, unknown, string][])('refuses %s, naming the field', (_, value, field) => {
    expect(() => z.encode(profileCardSchema as z.ZodType, value)).toThrow();
    expect(() => responseEncoder(profileCardSchema)(value)).toThrow(new RegExp(`\\.${field}: expected`));
  });

  it("keeps zod's own checks of a string or number beyond its type", () => {
    const schema = z.object({ code: z.string().max(3), n: z.number().min(0) });
    expect(responseEncoder(schema)({ code: 'abc', n: 0 })).toBe('{"code":"abc","n":0}');
    expect(() => responseEncoder(schema)({ code: 'abcd', n: 0 })).toThrow(/\.code/);
    expect(() => responseEncoder(schema)({ code: 'abc', n: -1 })).toThrow(/\.n/);
  });

  it('writes ASCII only: other characters as escapes that read back to the same text', () => {
    const schema = z.object({ s: z.string(), tags: z.record(z.string(), z.unknown()) });
    const value = { s: 'Let’s meet 👋 café', tags: { naïve: ['ü', { ö: '✓' }] } };
    const encoded = responseEncoder(schema)(value);
    expect(encoded).toBe(
      '{"s":"Let\\u2019s meet \\ud83d\\udc4b caf\\u00e9","tags":{"na\\u00efve":["\\u00fc",{"\\u00f6":"\\u2713"}]}}',
    );
    expect(encoded).toMatch(/^[\x20-\x7e]*$/);
    expect(JSON.parse(encoded)).toEqual(value);
    expect(Buffer.byteLength(encoded)).toBe(encoded.length);
  });

  it('keeps an answer with a curly quote one byte a character in memory', () => {
    // V8's serializer tags a string by how V8 holds it: '"' one byte a character, 'c' two.
    const heldAs = (s: string) => (v8.serialize(s)[2] === 0x22 ? 'one byte' : 'two bytes');
    // As the driver hands a member's text over: decoded from UTF-8, so held two bytes a character.
    const headline = Buffer.from('Let’s skip the small talk', 'utf8').toString('utf8');
    expect(heldAs(headline)).toBe('two bytes');
    const schema = z.object({ data: z.array(z.object({ username: z.string(), headline: z.string() })) });
    const answer = { data: [0, 1, 2].map((i) => ({ username: `member${i}`, headline })) };
    expect(heldAs(responseEncoder(schema)(answer))).toBe('one byte');
  });

  it("answers bytes: the text's UTF-8, through fastify to the client", async () => {
    const schema = z.object({ s: z.string() });
    const serialize = responseSerializerCompiler({ schema, method: 'GET', url: '/t', httpStatus: '200' });
    const bytes = serialize({ s: 'Let’s meet 👋 café' });
    expect(bytes).toEqual(Buffer.from(responseEncoder(schema)({ s: 'Let’s meet 👋 café' }), 'utf8'));
    const app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler as unknown as FastifySerializerCompiler<unknown>);
    app.get('/t', { schema: { response: { 200: schema } } }, async () => ({ s: 'Let’s meet 👋 café' }));
    const res = await app.inject({ method: 'GET', url: '/t' });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(res.json()).toEqual({ s: 'Let’s meet 👋 café' });
    await app.close();
  });

  it('reads back to the same value for awkward strings', () => {
    const schema = z.object({ s: z.string() });
    for (const s of ['', '"', '\\', '\n\t\r', '\u0000\u001f', '\u2028\u2029', 'é👋', '\ud800']) {
      expect(JSON.parse(responseEncoder(schema)({ s })).s).toBe(JSON.parse(JSON.stringify(s)));
    }
  });
});
