import type { User } from '@ukd/contracts/api';
import { settingsLoaded } from '@ukd/store';
import { fakeApi, type Handler, member, renderPage } from '@ukd/test-support';
import type { ComponentType } from 'react';
import { testSettings } from '../lib/test-settings';

export { ApiError } from '@ukd/test-support';

/** Renders a support page with the site's settings loaded, for a visitor (`user: null`) or a member. */
export function renderSupportPage(
  Page: ComponentType,
  options: { path: string; url: string; handlers?: Record<string, Handler>; user?: User | null },
) {
  const { api, calls } = fakeApi(options.handlers ?? {});
  const view = renderPage(Page, {
    path: options.path,
    url: options.url,
    api,
    user: options.user === undefined ? member() : options.user,
    register: (shell) => shell.store.dispatch(settingsLoaded(testSettings)),
  });
  return { ...view, api, calls };
}
