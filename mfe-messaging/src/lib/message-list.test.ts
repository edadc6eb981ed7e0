import { describe, expect, it } from 'vitest';
import {
  addPending,
  applyRead,
  type ChatMessage,
  derive,
  lastUnreadForMe,
  mergeMessages,
  removePending,
  updatePending,
} from './message-list';
import { ME, message, SAM } from './test-data';

function pending(clientMsgId: string, body: string): ChatMessage {
  return {
    key: clientMsgId,
    client_msg_id: clientMsgId,
    id: null,
    from_id: ME,
    to_id: SAM,
    type: 'text',
    body,
    image: null,
    price: 1,
    created_at: new Date().toISOString(),
    read_at: null,
    status: 'sending',
  };
}

const ids = (list: ChatMessage[]) => list.map((m) => m.id);

describe('message dedupe', () => {
  it('never lists a message twice, whether it comes live, by catch-up or both, in any order', () => {
    const [a, b, c] = [message({ id: 1 }), message({ id: 2 }), message({ id: 3 })];
    let list = mergeMessages([], [a, c]);
    list = mergeMessages(list, [c]);
    list = mergeMessages(list, [b, c]);
    expect(ids(list)).toEqual([1, 2, 3]);
  });

  it('replaces my optimistic copy with the stored message by client_msg_id, keeping its key', () => {
    let list = mergeMessages([], [message({ id: 1 })]);
    list = addPending(list, pending('mine', 'Hello'));
    expect(ids(list)).toEqual([1, null]);
    // The stored message may arrive live (or by catch-up) before the POST answers...
    const stored = message({ id: 2, client_msg_id: 'mine', from_id: ME, to_id: SAM, body: 'Hello' });
    list = mergeMessages(list, [stored]);
    // ...and again in the answer: still one row.
    list = mergeMessages(list, [stored]);
    expect(ids(list)).toEqual([1, 2]);
    expect(list[1]).toMatchObject({ key: 'mine', status: 'sent', body: 'Hello' });
  });

  it('keeps pending messages after stored ones, and a retry never adds a second row', () => {
    let list = addPending([], pending('a', 'first'));
    list = updatePending(list, 'a', { status: 'failed', error: 'Network' });
    list = addPending(list, pending('a', 'first'));
    expect(list).toHaveLength(1);
    expect(list[0]?.status).toBe('failed');
    list = mergeMessages(list, [message({ id: 5 })]);
    expect(ids(list)).toEqual([5, null]);
    list = updatePending(list, 'a', { status: 'sending', error: undefined });
    expect(list[1]?.status).toBe('sending');
    expect(removePending(list, 'a')).toHaveLength(1);
  });

  it('applies read marks up to an id for the reader only, and knows what is left to read', () => {
    let list = mergeMessages(
      [],
      [
        message({ id: 1, from_id: SAM, to_id: ME }),
        message({ id: 2, from_id: ME, to_id: SAM }),
        message({ id: 3, from_id: SAM, to_id: ME }),
      ],
    );
    expect(lastUnreadForMe(list, ME)).toBe(3);
    list = applyRead(list, ME, 1, '2026-11-21T11:00:00Z');
    expect(list.map((m) => m.read_at !== null)).toEqual([true, false, false]);
    expect(lastUnreadForMe(list, ME)).toBe(3);
    list = applyRead(list, SAM, 3, '2026-11-21T11:01:00Z');
    expect(list.map((m) => m.read_at !== null)).toEqual([true, true, false]);
  });

  it('derives timestamp, read, fromMe and forMe for the viewer', () => {
    const mine = derive(message({ from_id: ME, to_id: SAM, created_at: '2026-11-21T10:00:00Z' }), ME);
    expect(mine).toEqual({
      timestamp: Date.parse('2026-11-21T10:00:00Z'),
      read: false,
      fromMe: true,
      forMe: false,
    });
    const theirs = derive(message({ from_id: SAM, to_id: ME, read_at: '2026-11-21T10:05:00Z' }), ME);
    expect(theirs).toMatchObject({ read: true, fromMe: false, forMe: true });
  });
});
