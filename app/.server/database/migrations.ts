import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "~/.server/db/index.ts";
import { MIGRATIONS_DIR } from "~/.server/db/migrate.ts";
import { formatDateTime } from "~/lib/format.ts";

/**
 * The migrations applied to the database against those shipped with the code. drizzle's migrator keeps one
 * row per applied migration in drizzle.__drizzle_migrations: the SHA-256 of its SQL file and, as created_at,
 * the moment drizzle-kit wrote it (the journal's `when`), not when it was applied; it applies a shipped
 * migration whose `when` is later than the last row's. The names come from the shipped journal
 * (drizzle/meta/_journal.json), matched on that moment.
 */

interface ShippedMigration {
  name: string;
  when: number;
  hash: string;
}

let shippedCache: { dir: string; list: ShippedMigration[] } | undefined;

/** The migrations folder shipped with the code: read once, it does not change while the server runs. */
function shippedMigrations(dir = MIGRATIONS_DIR): ShippedMigration[] {
  if (shippedCache?.dir === dir) return shippedCache.list;
  const journal = JSON.parse(fs.readFileSync(path.join(dir, "meta", "_journal.json"), "utf8")) as { entries: Array<{ tag: string; when: number }> };
  const list = journal.entries.map((e) => ({
    name: e.tag,
    when: e.when,
    // The same digest drizzle stores: the file's text as it was applied.
    hash: crypto.createHash("sha256").update(fs.readFileSync(path.join(dir, `${e.tag}.sql`), "utf8")).digest("hex"),
  }));
  shippedCache = { dir, list };
  return list;
}

export interface MigrationFigures {
  applied: number;
  shipped: number;
  /** The last migration applied: its name (when the code ships it) and the moment it was written. */
  last: { name: string; writtenAt: string } | null;
  /** Shipped and not applied yet: they apply at the next start. */
  pending: string[];
  /** Applied, but the code ships no such migration: the database is ahead of this version of the code. */
  unknown: number;
  /** Applied, but the shipped file's text differs from what was applied. */
  changed: string[];
}

export async function migrationFigures(db: Database, dir = MIGRATIONS_DIR): Promise<MigrationFigures> {
  const shipped = shippedMigrations(dir);
  const [present] = ((await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`)) as unknown as { rows: Array<{ present: unknown }> }).rows;
  const applied = present?.present
    ? ((await db.execute(sql`select hash, created_at::float8 as created_at from drizzle.__drizzle_migrations order by created_at, id`)) as unknown as {
        rows: Array<{ hash: unknown; created_at: unknown }>;
      }).rows.map((r) => ({ hash: String(r.hash), when: Number(r.created_at) }))
    : [];
  const byWhen = new Map(shipped.map((m) => [m.when, m]));
  const lastRow = applied.at(-1);
  const lastWhen = lastRow?.when ?? -Infinity;
  return {
    applied: applied.length,
    shipped: shipped.length,
    last: lastRow ? { name: byWhen.get(lastRow.when)?.name ?? "(not shipped with this version)", writtenAt: formatDateTime(new Date(lastRow.when)) } : null,
    pending: shipped.filter((m) => m.when > lastWhen).map((m) => m.name),
    unknown: applied.filter((r) => !byWhen.has(r.when)).length,
    changed: applied.flatMap((r) => {
      const m = byWhen.get(r.when);
      return m && m.hash !== r.hash ? [m.name] : [];
    }),
  };
}
