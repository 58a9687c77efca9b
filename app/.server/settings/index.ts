import { sql } from "drizzle-orm";
import { assertOutsideTransaction, getDb, type Database } from "~/.server/db/index.ts";
import { siteSettings } from "~/.server/db/schema.ts";
import {
  settingsGroupSchemas,
  type SettingsGroup,
  type SiteSettings,
} from "~/lib/settings-schema.ts";
import { bumpContentVersion } from "~/.server/content/version.ts";
import { defaultSettings } from "./defaults.ts";

const GROUPS = Object.keys(settingsGroupSchemas) as SettingsGroup[];

/**
 * Every page reads the settings, so they are cached in memory. A write through updateSettingsGroup
 * clears the cache at once; the TTL bounds how stale another instance (PostgreSQL, several servers) can be.
 */
const CACHE_TTL_MS = 30_000;
let cache: { value: SiteSettings; expires: number } | undefined;

/** Inserts each group that is missing. Safe on every start: existing (edited) values are kept. */
export async function seedSettings(db: Database, siteUrl: string): Promise<void> {
  const defaults = defaultSettings(siteUrl);
  await db
    .insert(siteSettings)
    .values(GROUPS.map((key) => ({ key, value: defaults[key] })))
    .onConflictDoNothing({ target: siteSettings.key });
  cache = undefined;
  bumpContentVersion();
}

export async function getSiteSettings(): Promise<SiteSettings> {
  // Even on a hit: a call from inside a transaction must fail every time, not only once the cache expires
  // (when its query would wait for that very transaction on PGlite).
  assertOutsideTransaction();
  if (cache && cache.expires > Date.now()) return cache.value;
  const rows = await getDb().select().from(siteSettings);
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  const fallback = defaultSettings("http://localhost:3000");
  const value = {} as Record<SettingsGroup, unknown>;
  for (const key of GROUPS) {
    const parsed = settingsGroupSchemas[key].safeParse(byKey.get(key));
    if (parsed.success) {
      value[key] = parsed.data;
    } else {
      // A row edited by hand into an invalid shape must not take the whole site down.
      console.error(`site_settings.${key} is missing or invalid; using the default`, parsed.error.issues);
      value[key] = fallback[key];
    }
  }
  cache = { value: value as SiteSettings, expires: Date.now() + CACHE_TTL_MS };
  return cache.value;
}

export async function updateSettingsGroup<K extends SettingsGroup>(key: K, input: unknown): Promise<SiteSettings[K]> {
  const value = settingsGroupSchemas[key].parse(input) as SiteSettings[K];
  await getDb()
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: sql`now()` } });
  cache = undefined;
  bumpContentVersion();
  return value;
}

/** For tests: forget the cached copy. */
export function clearSettingsCache(): void {
  cache = undefined;
}
