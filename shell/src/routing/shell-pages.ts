import { shellRoutes } from '@ukd/contracts';
import type { RemoteRoute } from '@ukd/federation/remote-routes';

/** The code of each shell page, loaded only when its route shows. */
const pages: Record<string, RemoteRoute['page']> = {
  '/login': () => import('../pages/auth/login-page'),
  '/register': () => import('../pages/auth/register-page'),
  '/forgot-password': () => import('../pages/auth/forgot-password-page'),
  '/reset-password': () => import('../pages/auth/reset-password-page'),
  '/confirm-email': () => import('../pages/auth/confirm-email-page'),
  '/unsubscribe': () => import('../pages/auth/unsubscribe-page'),
  '/deactivated': () => import('../pages/auth/deactivated-page'),
  '/maintenance': () => import('../pages/maintenance-page'),
};

export const shellPages: RemoteRoute[] = shellRoutes.map((route) => {
  const page = pages[route.path];
  if (!page) throw new Error(`No page for shell route ${route.path}`);
  return { ...route, page };
});
