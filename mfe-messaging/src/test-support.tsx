import type { User } from '@ukd/contracts/api';
import { member, type RenderPageOptions, renderPage as renderRemotePage } from '@ukd/test-support';
import type { ComponentType } from 'react';

export { ApiError, fakeApi, fakeRealtime } from '@ukd/test-support';

/** A member with credits and two unread messages. */
export const me: User = member({ unread_messages_count: 2 });

/** Renders one page of this remote at `url` as the composed site would. */
export function renderPage(
  Page: ComponentType,
  { user = me, ...options }: Omit<RenderPageOptions, 'user'> & { user?: User },
) {
  return renderRemotePage(Page, { ...options, user });
}
