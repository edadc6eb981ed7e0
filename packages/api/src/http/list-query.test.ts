import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { type ListQuerySpec, pageMeta, parseListQuery, pickFields } from './list-query';

const spec: ListQuerySpec<'username' | 'only_unread', 'updated_at' | 'star'> = {
  includes: ['recipient.approved_primary', 'last_message'],
  filters: {
    username: (raw) => (raw.length <= 30 ? raw : undefined),
    only_unread: (raw) =>
      raw === '1' || raw === 'true' ? true : raw === '0' || raw === 'false' ? false : undefined,
  },
  sorts: ['updated_at', 'star'],
  defaultSort: [{ field: 'updated_at', direction: 'desc' }],
  fields: ['id', 'uuid', 'star'],
  appends: ['chatmate'],
  defaultLimit: 10,
  maxLimit: 50,
};

function errorsOf(query: Record<string, unknown>): Record<string, string[]> {
  try {
    parseListQuery(query, spec);
  } catch (error) {
    if (error instanceof ApiError) return error.errors ?? {};
    throw error;
  }
  throw new Error('expected a 422');
}

describe('list query parsing', () => {
  it('applies defaults', () => {
    expect(parseListQuery({}, spec)).toEqual({
      include: [],
      filter: {},
      sort: [{ field: 'updated_at', direction: 'desc' }],
      fields: null,
      append: [],
      page: 1,
      limit: 10,
      offset: 0,
    });
  });

  it('reads every parameter, flat (Fastify default) or nested (qs) brackets', () => {
    const flat = parseListQuery(
      {
        include: 'recipient.approved_primary,last_message',
        'filter[username]': 'sam',
        'filter[only_unread]': '1',
        sort: 'star,-updated_at',
        fields: 'uuid,star',
        append: 'chatmate',
        page: '3',
        limit: '20',
      },
      spec,
    );
    expect(flat).toEqual({
      include: ['recipient.approved_primary', 'last_message'],
      filter: { username: 'sam', only_unread: true },
      sort: [
        { field: 'star', direction: 'asc' },
        { field: 'updated_at', direction: 'desc' },
      ],
      fields: ['uuid', 'star'],
      append: ['chatmate'],
      page: 3,
      limit: 20,
      offset: 40,
    });
    const nested = parseListQuery({ filter: { username: 'sam' }, fields: { conversations: 'id' } }, spec);
    expect(nested.filter).toEqual({ username: 'sam' });
    expect(nested.fields).toEqual(['id']);
  });

  it('answers 422 with field messages for anything not allowed', () => {
    expect(
      errorsOf({
        include: 'secrets',
        'filter[password]': 'x',
        'filter[only_unread]': 'maybe',
        sort: '-password',
        fields: 'password_hash',
        append: 'x',
        page: '0',
        limit: '51',
      }),
    ).toEqual({
      include: ['The include secrets is not allowed.'],
      filter: ['The filter password is not allowed.'],
      'filter.only_unread': ['The filter only_unread is invalid.'],
      sort: ['The sort password is not allowed.'],
      fields: ['The field password_hash is not allowed.'],
      append: ['The append x is not allowed.'],
      page: ['The page must be an integer of at least 1.'],
      limit: ['The limit must be 50 or less.'],
    });
    expect(errorsOf({ page: ['1', '2'] })).toEqual({ page: ['The page must be an integer of at least 1.'] });
    expect(errorsOf({ page: '1e309' }).page).toBeDefined();
    expect(errorsOf({ page: '99999999999' }).page).toBeDefined();
    expect(errorsOf({ 'filter[username]': ['a', 'b'] })).toEqual({
      'filter.username': ['The filter username must be a string.'],
    });
    expect(errorsOf({ 'filter[__proto__]': 'x' }).filter).toBeDefined();
  });

  it('builds Laravel page meta and picks fields', () => {
    expect(pageMeta(0, { page: 1, limit: 10 })).toEqual({
      current_page: 1,
      last_page: 1,
      per_page: 10,
      total: 0,
    });
    expect(pageMeta(21, { page: 2, limit: 10 })).toEqual({
      current_page: 2,
      last_page: 3,
      per_page: 10,
      total: 21,
    });
    expect(pickFields({ id: 1, a: 2, b: 3 }, ['b'], ['id'])).toEqual({ id: 1, b: 3 });
    expect(pickFields({ id: 1, a: 2 }, null, ['id'])).toEqual({ id: 1, a: 2 });
  });
});
