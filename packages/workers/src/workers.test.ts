import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { restartDelayMs, workerCount } from './workers';

describe('WORKERS', () => {
  it('reads 1, n and auto, and refuses anything else', () => {
    expect(workerCount({})).toBe(1);
    expect(workerCount({ WORKERS: '3' })).toBe(3);
    expect(workerCount({ WORKERS: 'auto' })).toBeGreaterThanOrEqual(1);
    expect(() => workerCount({ WORKERS: 'two' })).toThrow(/WORKERS must be a whole number/);
    expect(() => workerCount({ WORKERS: '0' })).toThrow(/WORKERS must be a whole number/);
  });

  it('waits longer before each replacement while workers keep dying, up to 30 s', () => {
    expect([1, 2, 3, 4, 7, 20].map(restartDelayMs)).toEqual([500, 1000, 2000, 4000, 30_000, 30_000]);
  });

  it('replaces a worker that cannot start after a growing wait, not in a tight loop', async () => {
    const script = fileURLToPath(new URL('./test/crashing-workers.ts', import.meta.url));
    const primary = spawn(process.execPath, ['--import', 'tsx', script], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const exits: { at: number; delayMs: number }[] = [];
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${exits.length} replacements in 20 s`)),
          20_000,
        );
        let text = '';
        primary.stderr.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          for (const match of text.matchAll(/exited \(3\); starting another in ([\d.]+) s\n/g)) {
            exits.push({ at: Date.now(), delayMs: Number(match[1]) * 1000 });
          }
          text = text.slice(text.lastIndexOf('\n') + 1);
          if (exits.length >= 3) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      expect(exits.map((exit) => exit.delayMs)).toEqual([500, 1000, 2000]);
      // The next worker was forked only after the wait announced (and then took time to fail).
      for (let i = 1; i < exits.length; i += 1) {
        expect(exits[i]!.at - exits[i - 1]!.at).toBeGreaterThanOrEqual(exits[i - 1]!.delayMs);
      }
    } finally {
      const exited = once(primary, 'exit');
      primary.kill('SIGTERM');
      await exited;
    }
  }, 30_000);
});
