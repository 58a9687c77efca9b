import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { databaseHandleIfOpen } from "~/.server/db/index.ts";

/**
 * The content version: bumped whenever content or settings change. The server's page cache
 * (server/page-cache.ts) keeps a rendered page only while the version it was rendered at is current, and the
 * settings and content caches keep a copy only while the version they read it at is current.
 *
 * Several instances on PostgreSQL (ADR 051): a change bumps the version here at once and sends a NOTIFY on
 * `site_changed`; every other instance's LISTEN connection (the live hub's) hears it and bumps its own, so an
 * edit made on one instance is on every instance's next page within a second, not after a cache's TTL.
 */
export const SITE_CHANGED_CHANNEL = "site_changed";

/** This process, in the notifications it sends: it ignores its own. */
const INSTANCE = randomUUID();

let version = 1;

export function contentVersion(): number {
  return version;
}

/** Content or settings changed in this process, committed: stale here at once, and on the other instances. */
export function bumpContentVersion(): void {
  version += 1;
  const handle = databaseHandleIfOpen();
  if (handle?.engine !== "postgres") return;
  void handle.db
    .execute(sql`select pg_notify(${SITE_CHANGED_CHANNEL}, ${INSTANCE})`)
    .catch((error: unknown) => console.error("Could not tell the other instances about a content change:", error));
}

/**
 * Another instance changed content or settings (its NOTIFY names it), or this one's LISTEN connection is back
 * after a gap in which it may have missed one (`from` undefined): what is cached here is stale.
 */
export function contentChangedElsewhere(from?: string): void {
  if (from === INSTANCE) return;
  version += 1;
}
