import { memoryStorage } from '@ukd/api-client';
import { describe, expect, it, vi } from 'vitest';
import {
  CONSENT_MAX_AGE_MS,
  CONSENT_STORAGE_KEY,
  CONSENT_VERSION,
  createConsentStore,
  readChoice,
} from './consent-store';

const NOW = Date.parse('2026-11-25T12:00:00Z');

describe('cookie consent storage', () => {
  it('keeps the consent cookie beside the stored choice, for the server to leave the banner out', () => {
    const storage = memoryStorage();
    const cookie = vi.fn();
    const consent = createConsentStore(storage, () => NOW, cookie);
    expect(cookie).toHaveBeenLastCalledWith(null, NOW);
    consent.choose({ analytics: false, advertising: false });
    expect(cookie).toHaveBeenLastCalledWith(expect.objectContaining({ version: CONSENT_VERSION }), NOW);
    // A later visit re-writes it from storage (a choice made before the cookie existed).
    createConsentStore(storage, () => NOW + 1000, cookie);
    expect(cookie).toHaveBeenLastCalledWith(expect.objectContaining({ analytics: false }), NOW + 1000);
  });

  it('starts undecided, stores a choice with its version and date, and tells listeners', () => {
    const storage = memoryStorage();
    const consent = createConsentStore(storage, () => NOW);
    expect(consent.current()).toEqual({ choice: null, open: false });
    const listener = vi.fn();
    consent.subscribe(listener);
    consent.choose({ analytics: true, advertising: false });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.getItem(CONSENT_STORAGE_KEY) ?? '')).toEqual({
      version: CONSENT_VERSION,
      date: '2026-11-25T12:00:00.000Z',
      analytics: true,
      advertising: false,
    });
    // The next page load reads it back.
    expect(createConsentStore(storage, () => NOW + 1000).current().choice).toMatchObject({ analytics: true });
  });

  it('reopens and dismisses without changing the choice', () => {
    const consent = createConsentStore(memoryStorage(), () => NOW);
    consent.choose({ analytics: false, advertising: false });
    const choice = consent.current().choice;
    consent.reopen();
    expect(consent.current()).toEqual({ choice, open: true });
    consent.dismiss();
    expect(consent.current()).toEqual({ choice, open: false });
    consent.reopen();
    consent.choose({ analytics: true, advertising: true });
    expect(consent.current()).toMatchObject({ open: false, choice: { analytics: true, advertising: true } });
  });

  it('asks again for another version, a choice over a year old, one from the future, or anything unreadable', () => {
    const valid = {
      version: CONSENT_VERSION,
      date: new Date(NOW).toISOString(),
      analytics: true,
      advertising: true,
    };
    expect(readChoice(JSON.stringify(valid), NOW)).toEqual(valid);
    expect(readChoice(JSON.stringify({ ...valid, version: CONSENT_VERSION + 1 }), NOW)).toBeNull();
    expect(readChoice(JSON.stringify(valid), NOW + CONSENT_MAX_AGE_MS + 1)).toBeNull();
    expect(readChoice(JSON.stringify(valid), NOW - 3600_000)).toBeNull();
    expect(readChoice(JSON.stringify({ ...valid, analytics: 'yes' }), NOW)).toBeNull();
    expect(readChoice(JSON.stringify({ ...valid, date: 'soon' }), NOW)).toBeNull();
    expect(readChoice('null', NOW)).toBeNull();
    expect(readChoice('{', NOW)).toBeNull();
    expect(readChoice(null, NOW)).toBeNull();
  });
});
