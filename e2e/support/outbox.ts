import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { dataDir } from '../playwright.config';

interface OutboxMail {
  to: string;
  subject: string;
  links: Record<string, string>;
}

/** The newest mail to `to` that carries a link named `link`, waiting for it to arrive. */
export async function linkFromOutbox(to: string, link: string): Promise<string> {
  const dir = join(dataDir, 'outbox');
  let found: string | undefined;
  await expect
    .poll(() => {
      if (!existsSync(dir)) return undefined;
      const mails = readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .reverse()
        .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as OutboxMail);
      found = mails.find((mail) => mail.to === to && mail.links[link])?.links[link];
      return found;
    })
    .toBeTruthy();
  return found as string;
}
