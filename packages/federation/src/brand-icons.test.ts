import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brandIcons } from './brand-icons';

const shellDir = join(import.meta.dirname, '..', '..', '..', 'shell');
const hrefOf = (name: string, rel: string, type?: string) =>
  brandIcons(shellDir, '/shell/', name)?.links.find((l) => l.rel === rel && (!type || l.type === type))?.href;

describe('the shell favicon set', () => {
  it('links every icon and the web app manifest under content-hashed names', () => {
    expect(hrefOf('Flirtlane', 'icon', 'image/svg+xml')).toMatch(
      /^\/shell\/icons\/favicon\.[0-9a-f]{10}\.svg$/,
    );
    expect(hrefOf('Flirtlane', 'icon', 'image/png')).toMatch(/^\/shell\/icons\/icon-32\.[0-9a-f]{10}\.png$/);
    expect(hrefOf('Flirtlane', 'apple-touch-icon')).toMatch(
      /^\/shell\/icons\/apple-touch-icon\.[0-9a-f]{10}\.png$/,
    );
    expect(hrefOf('Flirtlane', 'manifest')).toMatch(/^\/shell\/icons\/site\.[0-9a-f]{10}\.webmanifest$/);
  });

  it('changes a name only when the bytes change, and leaves units without icons alone', () => {
    expect(hrefOf('Flirtlane', 'icon', 'image/svg+xml')).toBe(hrefOf('Other Site', 'icon', 'image/svg+xml'));
    // The manifest names the site, so another site name is another manifest file.
    expect(hrefOf('Flirtlane', 'manifest')).not.toBe(hrefOf('Other Site', 'manifest'));
    expect(brandIcons(join(shellDir, 'src'), '/shell/', 'Flirtlane')).toBeNull();
  });
});
