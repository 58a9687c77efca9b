import { eq, inArray, sql } from "drizzle-orm";
import { audit, changedFields, type AuditActor } from "~/.server/audit/index.ts";
import { assertOutsideTransaction, getDb, readOnce, type Database } from "~/.server/db/index.ts";
import { siteSettings } from "~/.server/db/schema.ts";
import {
  allSettingsGroupSchemas,
  INTEGRATION_SECRETS,
  privateSettingsGroupSchemas,
  settingsGroupSchemas,
  type AnySettingsGroup,
  type IntegrationSettings,
  type PaymentSettings,
  type PrivateSettings,
  type PrivateSettingsGroup,
  type SettingsGroup,
  type SiteSettings,
} from "~/lib/settings-schema.ts";
import { bumpContentVersion, contentVersion } from "~/.server/content/version.ts";
import { defaultPrivateSettings, defaultSettings } from "./defaults.ts";

const GROUPS = Object.keys(settingsGroupSchemas) as SettingsGroup[];
const PRIVATE_GROUPS = Object.keys(privateSettingsGroupSchemas) as PrivateSettingsGroup[];

/**
 * Every page reads the settings, so they are cached in memory. A write through updateSettingsGroup
 * clears the cache at once; a copy is kept only while the content version it was read at is current, so a
 * change on another instance (its NOTIFY bumps the version here: ADR 051) drops it too. The TTL is a backstop.
 */
const CACHE_TTL_MS = 30_000;
let cache: { value: SiteSettings; expires: number; version: number } | undefined;
// Kept when the cache is dropped (an edit, a test): lastKnownSiteSettings.
let lastRead: SiteSettings | undefined;

function fresh<T extends { expires: number; version: number }>(entry: T | undefined): entry is T {
  return entry !== undefined && entry.expires > Date.now() && entry.version === contentVersion();
}

/** Inserts each group that is missing. Safe on every start: existing (edited) values are kept. */
export async function seedSettings(db: Database, siteUrl: string): Promise<void> {
  const defaults = { ...defaultSettings(siteUrl), ...defaultPrivateSettings() };
  await db
    .insert(siteSettings)
    .values([...GROUPS, ...PRIVATE_GROUPS].map((key) => ({ key, value: defaults[key] })))
    .onConflictDoNothing({ target: siteSettings.key });
  cache = undefined;
  privateCache = undefined;
  bumpContentVersion();
}

/** The hosts of this machine: a site URL on one of them was never the business's real address. */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The first run that opens a data directory stores the site URL (SITE_URL, else http://localhost:PORT), and
 * the first run is often `npm run seed:demo` or `admin:add`, which know nothing of the port `npm start` is
 * then given: every SMS link and the bench label's QR code would point at the wrong port. A stored URL on
 * this machine's own host is only ever a default, so each start makes it the address the server runs on;
 * an address the owner set (a real host) is kept. Returns the URL it replaced, if it did.
 */
export async function followLocalSiteUrl(db: Database, siteUrl: string): Promise<string | undefined> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, "identity"));
  const stored = settingsGroupSchemas.identity.safeParse(row?.value);
  if (!stored.success) return undefined;
  const next = siteUrl.replace(/\/+$/, "");
  const previous = stored.data.siteUrl;
  if (previous === next || !LOCAL_HOSTS.has(new URL(previous).hostname)) return undefined;
  const value = { ...stored.data, siteUrl: next };
  await db.update(siteSettings).set({ value, updatedAt: sql`now()` }).where(eq(siteSettings.key, "identity"));
  cache = undefined;
  bumpContentVersion();
  return previous;
}

export async function getSiteSettings(): Promise<SiteSettings> {
  // Even on a hit: a call from inside a transaction must fail every time, not only once the cache expires
  // (when its query would wait for that very transaction on PGlite).
  assertOutsideTransaction();
  if (fresh(cache)) return cache.value;
  // One read for every caller that misses at once (a copy expiring under a burst of form posts).
  return publicRead("settings", readSiteSettings);
}

// The reads under way (~/.server/db/read-once.ts), joined only while the content version they started at is current.
const publicRead = readOnce<string, SiteSettings>(contentVersion);
const privateRead = readOnce<string, PrivateSettings>(contentVersion);

async function readSiteSettings(): Promise<SiteSettings> {
  // The version before the read: a change that lands while reading leaves this copy stale, not current.
  const readAt = contentVersion();
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
  cache = { value: value as SiteSettings, expires: Date.now() + CACHE_TTL_MS, version: readAt };
  lastRead = cache.value;
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

/**
 * The last settings this process read, however old: for the page that says the database is down (ADR 069),
 * whose support phone is better a minute stale than missing. Undefined before the first read.
 */
export function lastKnownSiteSettings(): SiteSettings | undefined {
  return cache?.value ?? lastRead;
}

/** For tests: forget the cached copies. */
export function clearSettingsCache(): void {
  cache = undefined;
  privateCache = undefined;
}

// ── The server-only groups (payments, integrations) ───────────────────────────────────────────────

let privateCache: { value: PrivateSettings; expires: number; version: number } | undefined;

async function getPrivateSettings(): Promise<PrivateSettings> {
  assertOutsideTransaction();
  if (fresh(privateCache)) return privateCache.value;
  // Read for every message sent: one read for all the senders that miss at once.
  return privateRead("settings", readPrivateSettings);
}

async function readPrivateSettings(): Promise<PrivateSettings> {
  const readAt = contentVersion();
  const rows = await getDb()
    .select()
    .from(siteSettings)
    .where(inArray(siteSettings.key, PRIVATE_GROUPS));
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  const fallback = defaultPrivateSettings();
  const value = {} as Record<PrivateSettingsGroup, unknown>;
  for (const key of PRIVATE_GROUPS) {
    const parsed = privateSettingsGroupSchemas[key].safeParse(byKey.get(key) ?? fallback[key]);
    if (parsed.success) value[key] = parsed.data;
    else {
      // Never the issues themselves: they could quote a secret.
      console.error(`site_settings.${key} is invalid; treating it as not set`);
      value[key] = fallback[key];
    }
  }
  privateCache = { value: value as PrivateSettings, expires: Date.now() + CACHE_TTL_MS, version: readAt };
  return privateCache.value;
}

/** Bank account and UPI ID for invoices; each field undefined until the owner sets it. */
export async function getPaymentSettings(): Promise<PaymentSettings> {
  return (await getPrivateSettings()).payments;
}

/** The stored integration settings (secrets included: server only). Prefer the getters in ./integrations.ts. */
export async function getStoredIntegrations(): Promise<IntegrationSettings> {
  return (await getPrivateSettings()).integrations;
}

// ── Editing: the settings screen ──────────────────────────────────────────────────────────────────

export type AllSettings = SiteSettings & PrivateSettings;

export interface EditableSettings {
  values: AllSettings;
  /** Each group's updated_at (ISO), the stale-save check's token; "" for a group without a row yet. */
  versions: Record<AnySettingsGroup, string>;
}

/** Every group as stored now (not the cache: the form must start from the latest save), with its version. */
export async function readSettingsForEditing(): Promise<EditableSettings> {
  const rows = await getDb().select().from(siteSettings);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const fallback: AllSettings = { ...defaultSettings("http://localhost:3000"), ...defaultPrivateSettings() };
  const values = {} as Record<AnySettingsGroup, unknown>;
  const versions = {} as Record<AnySettingsGroup, string>;
  for (const key of Object.keys(allSettingsGroupSchemas) as AnySettingsGroup[]) {
    const row = byKey.get(key);
    const parsed = allSettingsGroupSchemas[key].safeParse(row?.value);
    values[key] = parsed.success ? parsed.data : fallback[key];
    versions[key] = row ? row.updatedAt.toISOString() : "";
  }
  return { values: values as AllSettings, versions };
}

export const STALE_SETTINGS =
  "Someone else saved these settings meanwhile. Reload the page to see their change, then make yours again.";

export type SaveSettingsResult =
  | { ok: true; changed: boolean }
  | { ok: false; reason: "stale" }
  /** The new value breaks a rule of the stored shape (e.g. an OpenID provider's secret without its issuer). */
  | { ok: false; reason: "invalid"; errors: Record<string, string> };

/**
 * Saves one group: the new value is computed from the stored one (the integrations form keeps a secret it
 * was not given), validated with the group's schema, and written only if the group is still at the version
 * the form was drawn from. One transaction with the audit entry (only the changed fields; a secret is
 * recorded as "secret replaced", never its value). Then the caches are cleared and the content version
 * bumped, so the public pages show the change at once.
 */
export async function saveSettingsGroup<K extends AnySettingsGroup>(input: {
  group: K;
  /** The group's updated_at the form was drawn from ("" if it had no row). */
  expectedVersion: string;
  next: (current: AllSettings[K]) => unknown;
  actor: AuditActor;
}): Promise<SaveSettingsResult> {
  const { group, expectedVersion, next, actor } = input;
  const schema = allSettingsGroupSchemas[group];
  const result = await getDb().transaction(async (tx): Promise<SaveSettingsResult> => {
    const [row] = await tx.select().from(siteSettings).where(eq(siteSettings.key, group)).for("update");
    const version = row ? row.updatedAt.toISOString() : "";
    if (version !== expectedVersion) return { ok: false, reason: "stale" };
    const fallback: AllSettings = { ...defaultSettings("http://localhost:3000"), ...defaultPrivateSettings() };
    const stored = schema.safeParse(row?.value);
    const current = (stored.success ? stored.data : fallback[group]) as AllSettings[K];
    const parsed = schema.safeParse(next(current));
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[issue.path.length > 0 ? String(issue.path[0]) : "form"] ??= issue.message;
      return { ok: false, reason: "invalid", errors };
    }
    const value = parsed.data as AllSettings[K];
    const diff = auditDiff(group, current, value);
    if (Object.keys(diff.after).length === 0) return { ok: true, changed: false };
    await tx
      .insert(siteSettings)
      .values({ key: group, value })
      .onConflictDoUpdate({
        target: siteSettings.key,
        // Strictly later than the version the form had, even within one millisecond: the next stale check sees it.
        set: { value, updatedAt: sql`greatest(now(), ${siteSettings.updatedAt} + interval '1 millisecond')` },
      });
    await audit(tx, actor, { action: "settings.update", entityType: "settings", entityId: group, entityLabel: group, ...diff });
    return { ok: true, changed: true };
  });
  if (result.ok && result.changed) {
    cache = undefined;
    privateCache = undefined;
    bumpContentVersion();
  }
  return result;
}

type Flat = Record<string, unknown>;

/** The charges are a list: compared per category, so the log names the category that changed. */
function asRecord(group: AnySettingsGroup, value: unknown): Flat {
  if (group === "charges") {
    return Object.fromEntries((value as SiteSettings["charges"]).map((c) => [c.category, { minRupees: c.minRupees, maxRupees: c.maxRupees }]));
  }
  return { ...(value as Flat) };
}

/** Before and after of the changed fields; a secret's value never: "set"/"not set" and "secret replaced". */
export function auditDiff(group: AnySettingsGroup, before: unknown, after: unknown): { before: Flat; after: Flat } {
  const b = asRecord(group, before);
  const a = asRecord(group, after);
  // A field that was removed is a change too: compare over both sets of keys.
  for (const key of Object.keys(b)) if (!(key in a)) a[key] = undefined;
  const diff = changedFields(b, a);
  if (group === "integrations") {
    for (const key of INTEGRATION_SECRETS) {
      if (!(key in diff.after)) continue;
      diff.before[key] = b[key] === undefined ? "not set" : "set";
      diff.after[key] = a[key] === undefined ? "secret removed" : "secret replaced";
    }
  }
  for (const key of Object.keys(diff.after)) if (diff.after[key] === undefined) diff.after[key] = null;
  for (const key of Object.keys(diff.before)) if (diff.before[key] === undefined) diff.before[key] = null;
  return diff;
}
