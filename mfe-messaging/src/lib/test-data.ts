import type { Conversation, ConversationMember, Message } from '@ukd/contracts/api';

/** Member ids in tests: I am 1 (demo), my chatmate is 2 (sam). */
export const ME = 1;
export const SAM = 2;

export function member(id: number, overrides: Partial<ConversationMember> = {}): ConversationMember {
  const sam = id === SAM;
  return {
    id,
    uuid: sam ? 'sam-uuid' : 'me-uuid',
    username: sam ? 'sam' : 'demo',
    gender: sam ? 'female' : 'male',
    age: 31,
    city: sam ? 'Manchester' : 'Leeds',
    region: null,
    headline: null,
    online: sam,
    demo: false,
    last_active_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    primary_photo: { url: `/p/${id}.jpg`, thumbnail_url: `/p/${id}-t.jpg` },
    ...overrides,
  };
}

let nextId = 100;

export function message(overrides: Partial<Message> = {}): Message {
  const id = overrides.id ?? nextId++;
  return {
    id,
    uuid: `m-${id}`,
    client_msg_id: `c-${id}`,
    conversation_id: 7,
    conversation_uuid: 'conv-1',
    from_id: SAM,
    to_id: ME,
    viewer_id: ME,
    type: 'text',
    body: `Message ${id}`,
    image: null,
    price: 0,
    created_at: '2026-11-21T10:00:00.000Z',
    read_at: null,
    ...overrides,
  };
}

export function conversation(overrides: Partial<Conversation> = {}): Conversation {
  const id = overrides.id ?? 7;
  return {
    id,
    uuid: `conv-${id}`,
    star: false,
    initiator_id: ME,
    recipient_id: SAM,
    viewer_id: ME,
    initiator: member(ME),
    recipient: member(SAM),
    viewer: member(ME),
    chatmate: member(SAM),
    last_message: null,
    unread_count: 0,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}
