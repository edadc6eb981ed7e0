import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PORTRAITS_PER_GENDER, portraitFile, portraitLook, portraitSvg } from './portrait';
import { SKIN_TONES } from './portrait-kit';
import { PORTRAIT_DIR, portraitFileFor, portraitIndexFor, readPortrait } from './portrait-library';

const genders = ['female', 'male'] as const;

describe('the generated portrait library', () => {
  it('is committed exactly as the generator draws it (run `pnpm --filter @ukd/api portraits`)', () => {
    const files = readdirSync(PORTRAIT_DIR).filter((f) => f.endsWith('.svg'));
    expect(files).toHaveLength(PORTRAITS_PER_GENDER * 2);
    for (const gender of genders) {
      for (let i = 0; i < PORTRAITS_PER_GENDER; i++) {
        const file = portraitFile(gender, i);
        expect(readFileSync(`${PORTRAIT_DIR}${file}`, 'utf8'), file).toBe(
          portraitSvg(portraitLook(gender, i)),
        );
      }
    }
    expect(readFileSync(`${PORTRAIT_DIR}LICENCE`, 'utf8')).toContain('CC0 1.0');
    expect(readFileSync(`${PORTRAIT_DIR}README.md`, 'utf8')).toContain('None of them is a photograph');
  });

  it('is varied: every skin tone and many hairstyles for each gender, all self-contained', () => {
    for (const gender of genders) {
      const looks = Array.from({ length: PORTRAITS_PER_GENDER }, (_, i) => portraitLook(gender, i));
      expect(new Set(looks.map((l) => l.skin.base)).size).toBe(SKIN_TONES.length);
      expect(new Set(looks.map((l) => l.hair)).size).toBeGreaterThanOrEqual(8);
      expect(new Set(looks.map((l) => l.hairColour)).size).toBeGreaterThanOrEqual(4);
      expect(new Set(looks.map((l) => l.clothing)).size).toBeGreaterThanOrEqual(5);
      expect(looks.every((l) => l.gender === gender)).toBe(true);
      for (const look of looks) {
        const svg = portraitSvg(look);
        // No scripts, links or external references: safe to serve and to render with sharp.
        expect(svg).not.toMatch(/<script|href=|url\((?!#)|javascript:/i);
        expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 400 400"/);
        expect(svg.length).toBeLessThan(12_000);
      }
    }
    expect(portraitSvg(portraitLook('female', 3))).not.toBe(portraitSvg(portraitLook('female', 4)));
  });

  it('gives a member the same portrait every time, spread over the whole set', () => {
    const uuid = '3f1c2a9e-8d7b-4c1e-9a55-0b6f7e2d4c10';
    expect(portraitFileFor('female', uuid)).toBe(portraitFileFor('female', uuid));
    expect(portraitFileFor('male', uuid)).toMatch(/^male-\d\d\.svg$/);
    const used = new Set(Array.from({ length: 600 }, (_, i) => portraitIndexFor(`member-${i}`)));
    expect(used.size).toBe(PORTRAITS_PER_GENDER);
  });

  it('reads only its own files', () => {
    expect(readPortrait('female-01.svg')?.toString()).toContain('<svg');
    expect(readPortrait(`male-${PORTRAITS_PER_GENDER}.svg`)).not.toBeNull();
    for (const name of [
      'female-00.svg',
      `male-${PORTRAITS_PER_GENDER + 1}.svg`,
      '../package.json',
      'LICENCE',
    ]) {
      expect(readPortrait(name)).toBeNull();
    }
  });
});
