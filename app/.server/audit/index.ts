import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { auditLog } from "~/.server/db/schema.ts";

/**
 * The one audit call. Every staff action writes its entry in the same transaction as the change (pass the
 * transaction): who, what, which record, before and after, when, and from which address.
 */
export interface AuditActor {
  userId: number | null;
  /** Name or number, as it should read in the log. */
  label: string;
  ipAddress: string | null;
}

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId: string | number;
  entityLabel?: string | null;
  before?: unknown;
  after?: unknown;
}

export async function audit(db: Database | Transaction, actor: AuditActor, entry: AuditEntry, at = new Date()): Promise<void> {
  await db.insert(auditLog).values({
    at,
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    entityLabel: entry.entityLabel ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ipAddress: actor.ipAddress,
  });
}

/** For changes outside a transaction of their own (a sign-in): the entry alone. */
export function auditNow(actor: AuditActor, entry: AuditEntry): Promise<void> {
  return audit(getDb(), actor, entry);
}

/** Only the fields that changed, as before and after: what the log shows for an edit. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): { before: Partial<T>; after: Partial<T> } {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as Array<keyof T>) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}
