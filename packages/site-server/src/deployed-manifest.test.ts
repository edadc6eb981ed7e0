import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fromDeployedManifest, remotesOf } from './deployed-manifest';

const siteDir = () => mkdtempSync(join(tmpdir(), 'deployed-manifest-'));

/** Writes the manifest with a modification time of its own, as a deploy replacing it would. */
function deploy(dir: string, text: string, at: number) {
  const file = join(dir, 'site-manifest.json');
  writeFileSync(file, text);
  utimesSync(file, at, at);
}

const ids = (dir: string) => {
  const derive = vi.fn((manifest: Parameters<typeof remotesOf>[0]) => remotesOf(manifest).map((r) => r.id));
  return { derive, read: fromDeployedManifest(dir, derive, () => ['(being rewritten)']) };
};

describe('what the server derives from the deployed site manifest', () => {
  it('is derived from nothing before a site is deployed, then from the manifest once per version', () => {
    const dir = siteDir();
    const { derive, read } = ids(dir);
    expect(read()).toEqual([]);
    deploy(dir, JSON.stringify({ remotes: [{ id: 'mfe-landers' }] }), 1_000);
    expect(read()).toEqual(['mfe-landers']);
    expect(read()).toEqual(['mfe-landers']);
    expect(derive).toHaveBeenCalledTimes(2);
    deploy(dir, JSON.stringify({ remotes: [{ id: 'mfe-landers' }, { id: 'mfe-support' }] }), 2_000);
    expect(read()).toEqual(['mfe-landers', 'mfe-support']);
    expect(derive).toHaveBeenCalledTimes(3);
  });

  it('answers for a half-written manifest without keeping that answer', () => {
    const dir = siteDir();
    const { read } = ids(dir);
    deploy(dir, '{"remotes": [{"id": "mfe-la', 1_000);
    expect(read()).toEqual(['(being rewritten)']);
    // The deploy finishes within the same second: the same modification time, read again.
    deploy(dir, JSON.stringify({ remotes: [{ id: 'mfe-landers' }] }), 1_000);
    expect(read()).toEqual(['mfe-landers']);
  });

  it('reads a manifest of another shape as having no remotes', () => {
    const dir = siteDir();
    deploy(dir, JSON.stringify({ remotes: 'none' }), 1_000);
    expect(ids(dir).read()).toEqual([]);
  });
});
