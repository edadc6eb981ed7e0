import { baseApi } from '@ukd/api-client/rtk';
import type { ShellContext } from '@ukd/contracts';
import type { ProfileCard, PublicProfile, User } from '@ukd/contracts/api';
import { member, type RenderPageOptions, renderPage as renderRemotePage } from '@ukd/test-support';
import type { ComponentType } from 'react';
import './profiles-api';

export { ApiError, fakeApi } from '@ukd/test-support';

/** A member whose profile is not complete yet, with something in every counter. */
export const me: User = member({
  new_visitors_count: 3,
  unread_favorites_count: 2,
  visits_count: 7,
  received_messages_count: 1,
  received_wink_interactions_count: 4,
  profile_complete: false,
});

export function card(overrides: Partial<ProfileCard> = {}): ProfileCard {
  return {
    uuid: 'sam-uuid',
    username: 'sam',
    gender: 'female',
    age: 31,
    city: 'Manchester',
    region: 'north-west',
    headline: 'Coffee first',
    online: true,
    demo: false,
    last_active_at: new Date().toISOString(),
    created_at: '2026-01-01T00:00:00.000Z',
    primary_photo: { url: '/p/sam.jpg', thumbnail_url: '/p/sam-t.jpg' },
    ...overrides,
  };
}

export function publicProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    ...card(),
    about: 'I like long walks in the Peak District.',
    looking_for: 'Someone to share a pint with.',
    height_cm: 168,
    body_type: 4,
    eye_colour: 5,
    hair_colour: 4,
    tattoos_piercings: 1,
    interests: ['hiking', 'craft-beer'],
    photos: [],
    relation: { liked: false, favorited: false, winked: false, blocked: false },
    ...overrides,
  };
}

/** Renders one page of this remote at `url`, its RTK Query API installed as `register` does. */
export function renderPage(
  Page: ComponentType,
  {
    user = me,
    beforeRender,
    ...options
  }: Omit<RenderPageOptions, 'user' | 'register'> & {
    user?: User | null;
    /** Runs once the API is installed, before the page renders (as the shell's preload does). */
    beforeRender?(shell: ShellContext): void;
  },
) {
  return renderRemotePage(Page, {
    ...options,
    user,
    register: (shell) => {
      shell.installBaseApi(baseApi);
      beforeRender?.(shell);
    },
  });
}
