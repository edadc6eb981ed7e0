import { z } from 'zod';
import { readPortrait } from '../avatars/portrait-library';
import type { ApiApp } from '../http/api-app';

/**
 * The gender defaults SPEC §1 names, kept for addresses stored before the portrait library
 * (notifications keep the image URL they were written with).
 */
const ALIASES: Record<string, string> = {
  'default-male.svg': 'male-01.svg',
  'default-female.svg': 'female-01.svg',
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
      const svg = readPortrait(ALIASES[request.params.file] ?? request.params.file);
      if (!svg) return reply.code(404).send({ message: 'Not found.' });
      return (
        reply
          .header('cache-control', 'public, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          // The portraits are our own files, but an SVG opened on its own is a document: no scripts.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .type('image/svg+xml')
          .send(svg)
      );
    },
  );
}
