import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { dataDir } from '../playwright.config';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  links: Record<string, string>;
}

function outbox(): OutboxMail[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .reverse()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as OutboxMail);
}

/** The newest mail to `to` whose subject contains `subject`, waiting for it to arrive. */
export async function mailFromOutbox(to: string, subject: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(() => {
      found = outbox().find((mail) => mail.to === to && mail.subject.includes(subject));
      return found?.subject;
    })
    .toBeTruthy();
  return found as OutboxMail;
}

/** The newest mail to `to` that carries a link named `link`, waiting for it to arrive. */
export async function linkFromOutbox(to: string, link: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(() => {
      found = outbox().find((mail) => mail.to === to && mail.links[link])?.links[link];
      return found;
    })
    .toBeTruthy();
  return found as string;
}
