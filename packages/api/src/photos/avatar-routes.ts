import { z } from 'zod';
import type { ApiApp } from '../http/api-app';

// Silhouettes drawn inline so the API needs no asset pipeline; photos come with the profiles work.
const silhouette = (background: string, figure: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200"><rect width="200" height="200" fill="${background}"/><circle cx="100" cy="78" r="38" fill="${figure}"/><path d="M30 200c0-44 31-72 70-72s70 28 70 72z" fill="${figure}"/></svg>`;

const AVATARS: Record<string, string> = {
  'default-male.svg': silhouette('#dbe7f3', '#8aa9c8'),
  'default-female.svg': silhouette('#f6dde6', '#d28aa4'),
};

export function avatarRoutes(app: ApiApp): void {
  app.get(
    '/avatars/:file',
    {
      // Loaded by <img>, which cannot send the Site-key header.
      config: { siteless: true },
      schema: { hide: true, params: z.object({ file: z.string().max(64) }) },
    },
    async (request, reply) => {
      const svg = AVATARS[request.params.file];
      if (!svg) return reply.code(404).send({ message: 'Not found.' });
      return reply
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .type('image/svg+xml')
        .send(svg);
    },
  );
}
