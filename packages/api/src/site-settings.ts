import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './db/database';
import { ExpiringCache } from './db/expiring-cache';
import { type SiteRow, settings, sites } from './db/schema';

export const SEASONAL_EVENTS = [
  'solstice',
  'summer',
  'valentines',
  'xmas',
  'patricks',
  'easter',
  'halloween',
  'black-friday',
  'cyber-monday',
] as const;
export type SeasonalEvent = (typeof SEASONAL_EVENTS)[number];

export interface SiteSettings {
  maintenance: boolean;
  event: SeasonalEvent | null;
  features: { muteUserNotifications: boolean; promoBadge: boolean };
}

const DEFAULTS: SiteSettings = {
  maintenance: false,
  event: null,
  features: { muteUserNotifications: true, promoBadge: true },
};

export type SettingKey = 'maintenance' | 'event' | 'features.muteUserNotifications' | 'features.promoBadge';

// Every request checks the maintenance flag: a short cache spares the database, and a change
// made on another API process shows here within this time.
const CACHE_MS = 2_000;

/** Sites by key and their operator settings, cached briefly per process. */
export class SiteDirectory {
  // Unknown keys are not kept: the cache would otherwise grow with whatever clients send.
  private readonly sitesByKey = new ExpiringCache<string, SiteRow | null>(60_000, (site) => site !== null);
  private readonly settingsBySite = new ExpiringCache<number, SiteSettings>(CACHE_MS);

  constructor(private readonly db: Db) {}

  async ensureSite(key: string, name: string): Promise<SiteRow> {
    await this.db.insert(sites).values({ key, name }).onConflictDoNothing({ target: sites.key });
    const [site] = await this.db.select().from(sites).where(eq(sites.key, key));
    if (!site) throw new Error(`site ${key} missing after insert`);
    return site;
  }

  byKey(key: string): Promise<SiteRow | null> {
    return this.sitesByKey.get(key, async () => {
      const [site] = await this.db.select().from(sites).where(eq(sites.key, key));
      return site ?? null;
    });
  }

  settings(siteId: number): Promise<SiteSettings> {
    return this.settingsBySite.get(siteId, async () => {
      const rows = await this.db.select().from(settings).where(eq(settings.siteId, siteId));
      const value: SiteSettings = structuredClone(DEFAULTS);
      for (const row of rows) applySetting(value, row.key, row.value);
      return value;
    });
  }

  async set(siteId: number, key: SettingKey, value: boolean | string | null): Promise<void> {
    const check: SiteSettings = structuredClone(DEFAULTS);
    if (!applySetting(check, key, value)) throw new Error(`invalid value for setting ${key}`);
    await this.db
      .insert(settings)
      .values({ siteId, key, value })
      .onConflictDoUpdate({ target: [settings.siteId, settings.key], set: { value, updatedAt: sql`now()` } });
    this.settingsBySite.delete(siteId);
  }

  async unset(siteId: number, key: SettingKey): Promise<void> {
    await this.db.delete(settings).where(and(eq(settings.siteId, siteId), eq(settings.key, key)));
    this.settingsBySite.delete(siteId);
  }
}

/** Applies one stored setting onto `target`; values of the wrong type are ignored. */
function applySetting(target: SiteSettings, key: string, value: unknown): boolean {
  switch (key) {
    case 'maintenance':
      if (typeof value !== 'boolean') return false;
      target.maintenance = value;
      return true;
    case 'event':
      if (value !== null && !SEASONAL_EVENTS.includes(value as SeasonalEvent)) return false;
      target.event = value as SeasonalEvent | null;
      return true;
    case 'features.muteUserNotifications':
    case 'features.promoBadge': {
      if (typeof value !== 'boolean') return false;
      const flag = key === 'features.promoBadge' ? 'promoBadge' : 'muteUserNotifications';
      target.features[flag] = value;
      return true;
    }
    default:
      return false;
  }
}
