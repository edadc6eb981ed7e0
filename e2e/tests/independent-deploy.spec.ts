import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { siteDir } from '../playwright.config';
import { expect, test } from '../support/fixtures';

const repoRoot = join(import.meta.dirname, '..', '..');

/** A fingerprint of every file the shell serves: it must not change when a remote deploys. */
function shellFingerprint(): string {
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
  return hash.digest('hex');
}

function deployLanders(from: string) {
  execFileSync(process.execPath, ['scripts/site/run.mjs', 'deploy-remote', 'mfe-landers', '--from', from], {
    cwd: repoRoot,
    env: { ...process.env, SITE_DIR: siteDir },
    stdio: 'pipe',
  });
}

test('marketing ships a new lander by deploying mfe-landers alone; the shell is not rebuilt', async ({
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
    headline: 'Spring into something new',
    intro: 'Longer days, lighter evenings and people nearby who want to chat.',
    benefits: ['Free to join', 'Chat with people near you'],
    callToAction: 'Join free this spring',
    theme: 'sunset',
  },
];`;
  writeFileSync(catalog, readFileSync(catalog, 'utf8').replace(/\n\];\n/, `\n${newLander}\n`));

  const before = shellFingerprint();
  expect((await page.goto('/landers/spring-singles'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();

  try {
    deployLanders(checkout);

    // The server learns the new route from the rewritten site manifest: no restart.
    expect((await page.goto('/landers/spring-singles'))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Spring into something new' })).toBeVisible();
    await expect(page).toHaveTitle('Spring singles - Flirtlane');
    await page.goto('/springsingles');
    await expect(page.getByRole('heading', { level: 1, name: 'Spring into something new' })).toBeVisible();
    // The remote's existing pages still work, and the shell's files are byte for byte the same.
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Chat, flirt and meet adults across the UK' }),
    ).toBeVisible();
    expect(shellFingerprint()).toBe(before);
  } finally {
    // Put the repository's landers back, so the other journeys see the site as built.
    deployLanders(join(repoRoot, 'mfe-landers'));
    rmSync(checkout, { recursive: true, force: true });
  }
});
