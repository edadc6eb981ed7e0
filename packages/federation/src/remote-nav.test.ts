import type { NavItem } from '@ukd/contracts';
import { describe, expect, it } from 'vitest';
import { remoteNav } from './remote-nav';

describe('remoteNav', () => {
  const messages: NavItem = {
    label: 'Messages',
    to: '/messages',
    area: 'member',
    order: 20,
    badge: 'unread-messages',
  };

  it('keeps a remote’s links as declared, for its manifest entry', () => {
    expect(remoteNav('mfe-x', [messages])).toEqual([messages]);
  });

  it('gives no nav to a remote without links', () => {
    expect(remoteNav('mfe-x', undefined)).toBeUndefined();
    expect(remoteNav('mfe-x', [])).toBeUndefined();
  });

  it('rejects a link without a path, an unknown area or badge, and a missing order', () => {
    expect(() => remoteNav('mfe-x', [{ ...messages, to: 'messages' }])).toThrow(/to starts with \//);
    expect(() => remoteNav('mfe-x', [{ ...messages, area: 'footer' }])).toThrow(/unknown area footer/);
    expect(() => remoteNav('mfe-x', [{ ...messages, badge: 'winks' }])).toThrow(/unknown badge winks/);
    expect(() => remoteNav('mfe-x', [{ ...messages, order: undefined }])).toThrow(/order must be a number/);
    expect(() => remoteNav('mfe-x', { messages })).toThrow(/expected a list/);
  });
});
