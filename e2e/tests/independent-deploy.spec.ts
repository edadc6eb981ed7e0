import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { siteDir } from '../playwright.config';
import { expect, test } from '../support/fixtures';

const repoRoot = join(import.meta.dirname, '..', '..');

/**
 * A fingerprint of every file the shell and the other remotes serve, and of the other remotes'
 * entries in the site manifest: none of it may change when mfe-landers deploys.
 */
function othersFingerprint(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(path).update(readFileSync(path));
    }
  };
  walk(join(siteDir, 'shell'));
  for (const remote of readdirSync(join(siteDir, 'remotes')).sort()) {
    if (remote !== 'mfe-landers') walk(join(siteDir, 'remotes', remote));
  }
  const manifest = JSON.parse(readFileSync(join(siteDir, 'site-manifest.json'), 'utf8')) as {
    remotes: { id: string }[];
  };
  hash.update(JSON.stringify(manifest.remotes.filter((remote) => remote.id !== 'mfe-landers')));
  return hash.digest('hex');
}

function deployLanders(from: string) {
  execFileSync(process.execPath, ['scripts/site/run.mjs', 'deploy-remote', 'mfe-landers', '--from', from], {
    cwd: repoRoot,
    env: { ...process.env, SITE_DIR: siteDir },
    stdio: 'pipe',
  });
}

test('marketing ships a new lander by deploying mfe-landers alone; neither the shell nor another remote is rebuilt', async ({
  page,
}) => {
  // The landers team's own checkout of its remote, with one lander added to the catalog.
  const checkout = mkdtempSync(join(tmpdir(), 'mfe-landers-'));
  for (const item of ['src', 'package.json', 'rspack.config.ts', 'tsconfig.json']) {
    cpSync(join(repoRoot, 'mfe-landers', item), join(checkout, item), { recursive: true });
  }
  symlinkSync(join(repoRoot, 'mfe-landers', 'node_modules'), join(checkout, 'node_modules'));
  const catalog = join(checkout, 'src', 'landers', 'catalog.ts');
  const newLander = `  {
    slug: 'spring-singles',
    paths: ['/landers/spring-singles', '/springsingles'],
    title: 'Spring singles',
    description: 'Longer days and lighter evenings: meet UK adults who want to chat this spring.',
    headline: 'Spring into something new',
    intro: 'Longer days, lighter evenings and people nearby who want to chat.',
    callToAction: 'Join free this spring',
    layout: 'story',
    art: 'map',
    theme: 'sunset',
    points: [
      ['Free to join', 'A profile in a minute.'],
      ['Chat near you', 'Search by town.'],
      ['Blossom at your pace', 'Meet when it feels right.'],
    ],
  },
];`;
  writeFileSync(catalog, readFileSync(catalog, 'utf8').replace(/\n\];\n/, `\n${newLander}\n`));

  const before = othersFingerprint();
  expect((await page.goto('/landers/spring-singles'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();

  try {
    deployLanders(checkout);

    // Prerendered by that deploy alone: the headline and call to action are in the HTML itself.
    for (const path of ['/landers/spring-singles', '/springsingles']) {
      const html = await (await page.request.get(path)).text();
      expect(html, path).toMatch(
        /<div id="root" data-prerendered="">.*<h1[^>]*>Spring into something new<\/h1>/s,
      );
      expect(html, path).toContain('>Join free this spring</a>');
      expect(html, path).toContain('<title>Spring singles - Flirtlane</title>');
    }
    // The server learns the new route from the rewritten site manifest: no restart.
    expect((await page.goto('/landers/spring-singles'))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Spring into something new' })).toBeVisible();
    await expect(page).toHaveTitle('Spring singles - Flirtlane');
    await expect(page.getByRole('heading', { level: 2, name: 'How it usually goes' })).toBeVisible();
    await expect(page.getByText('Blossom at your pace')).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'Longer days and lighter evenings: meet UK adults who want to chat this spring.',
    );
    await page.getByRole('link', { name: 'Join free this spring' }).first().click();
    await expect(page).toHaveURL(/\/register$/);
    expect((await page.goto('/springsingles'))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Spring into something new' })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new URL('/landers/spring-singles', page.url()).href,
    );
    // The other landers and the blog, from the same deploy, still answer.
    await page.goto('/lander32');
    await expect(page.getByRole('heading', { level: 1, name: 'Tonight could be interesting' })).toBeVisible();
    await page.goto('/blog/first-messages');
    await expect(
      page.getByRole('heading', { level: 1, name: 'First messages that get replies' }),
    ).toBeVisible();
    // The remote's existing pages still work; the shell's and other remotes' files are byte for byte the same.
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Chat, flirt and meet adults across the UK' }),
    ).toBeVisible();
    expect(othersFingerprint()).toBe(before);
  } finally {
    // Put the repository's landers back, so the other journeys see the site as built.
    deployLanders(join(repoRoot, 'mfe-landers'));
    rmSync(checkout, { recursive: true, force: true });
  }
});
