import { describe, expect, it } from 'vitest';
import { resolveApiOptions } from '../options';
import { drivers, startTestApi } from '../test/harness';

/** Issue #13: the OpenAPI document is served only when configured (API_DOCS=1). */
describe('security: API docs are opt-in', () => {
  const pglite = drivers[0];
  it.skipIf(!pglite || pglite.skip)('GET /api/docs is 404 unless apiDocs is on', async () => {
    const off = await startTestApi('pglite', { apiDocs: false });
    const on = await startTestApi('pglite', { apiDocs: true });
    try {
      expect((await off.call('GET', '/api/docs')).statusCode).toBe(404);
      const doc = await on.call('GET', '/api/docs', { siteKey: null });
      expect(doc.statusCode).toBe(200);
      expect(doc.json().openapi).toMatch(/^3\./);
    } finally {
      await Promise.all([off.close(), on.close()]);
    }
  });

  it('is off by default', () => {
    expect(resolveApiOptions({ dataDir: '/tmp/x', siteUrl: 'http://localhost:3000' } as never).apiDocs).toBe(
      false,
    );
  });
});
