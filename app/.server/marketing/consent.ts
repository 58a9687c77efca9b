import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { audit, type AuditActor } from "~/.server/audit/index.ts";
import { customerIdOf } from "~/.server/customers/portal.ts";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import type { ConsentColumns } from "~/.server/legal/index.ts";
import { campaignRecipients, customers } from "~/.server/db/schema.ts";

/**
 * Marketing consent (DPDP Act: one purpose per consent), separate from the service consent given with a
 * request. A campaign reaches a customer only while marketing_consent_at is set, marketing_opted_out_at is
 * null and the customer is not erased: `marketingAllowed` is that rule, used by the audience, the batch job
 * (checked again at send time) and the tests.
 */

export const marketingAllowed = and(isNotNull(customers.marketingConsentAt), isNull(customers.marketingOptedOutAt), isNull(customers.erasedAt));

export type ConsentSource = "portal" | "office" | "form";

export interface MarketingConsentView {
  given: boolean;
  at: string | null;
  version: string | null;
  source: string | null;
  optedOutAt: string | null;
}

export function consentView(c: Pick<typeof customers.$inferSelect, "marketingConsentAt" | "marketingConsentVersion" | "marketingConsentSource" | "marketingOptedOutAt">): MarketingConsentView {
  return {
    given: c.marketingConsentAt !== null && c.marketingOptedOutAt === null,
    at: c.marketingConsentAt?.toISOString() ?? null,
    version: c.marketingConsentVersion,
    source: c.marketingConsentSource,
    optedOutAt: c.marketingOptedOutAt?.toISOString() ?? null,
  };
}

/**
 * Gives or withdraws a customer's marketing consent, audited. Withdrawing is an opt-out (takes effect at once,
 * queued campaign messages to them are stopped). Returns false for an unknown or erased customer.
 */
export async function setMarketingConsent(
  tx: Database | Transaction,
  actor: AuditActor,
  customerId: number,
  /** version: the privacy notice's label; legalVersionId: its legal_versions row (privacyConsent()). */
  change: { given: boolean; source: ConsentSource; version: string; legalVersionId?: number | null },
  now = new Date(),
): Promise<boolean> {
  const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId)).for("update");
  if (!customer || customer.erasedAt) return false;
  const before = consentView(customer);
  if (!change.given) return optOutOfMarketing(tx, actor, customerId, change.source, now);
  if (before.given) return true;
  await tx
    .update(customers)
    .set({
      marketingConsentAt: now,
      marketingConsentVersion: change.version,
      marketingConsentLegalVersionId: change.legalVersionId ?? null,
      marketingConsentSource: change.source,
      marketingOptedOutAt: null,
      version: sql`${customers.version} + 1`,
      updatedAt: now,
    })
    .where(eq(customers.id, customerId));
  await audit(
    tx,
    actor,
    { action: "customer.marketing-consent", entityType: "customer", entityId: customerId, entityLabel: customer.reference, before, after: { given: true, version: change.version, source: change.source } },
    now,
  );
  return true;
}

/**
 * The customer opts out of marketing (STOP, the opt-out link, the portal, the office): at once, and every
 * campaign message still queued to them is stopped. Idempotent. Returns false for an unknown or erased customer.
 */
export async function optOutOfMarketing(tx: Database | Transaction, actor: AuditActor, customerId: number, source: string, now = new Date()): Promise<boolean> {
  const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId)).for("update");
  if (!customer || customer.erasedAt) return false;
  // Every campaign that reached them counts the opt-out; the ones still queued never send.
  await tx
    .update(campaignRecipients)
    .set({
      status: sql`case when ${campaignRecipients.status} = 'queued' then 'opted_out' else ${campaignRecipients.status} end`,
      optedOutAt: sql`coalesce(${campaignRecipients.optedOutAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(campaignRecipients.customerId, customerId), isNull(campaignRecipients.optedOutAt)));
  if (customer.marketingOptedOutAt) return true;
  await tx
    .update(customers)
    .set({ marketingOptedOutAt: now, version: sql`${customers.version} + 1`, updatedAt: now })
    .where(eq(customers.id, customerId));
  await audit(
    tx,
    actor,
    { action: "customer.marketing-opt-out", entityType: "customer", entityId: customerId, entityLabel: customer.reference, before: consentView(customer), after: { optedOut: true, source } },
    now,
  );
  return true;
}

/** The customer's marketing consent, for the office's customer page and the portal. */
export async function marketingConsentOf(db: Database | Transaction, customerId: number): Promise<(MarketingConsentView & { recordVersion: number }) | null> {
  const [c] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!c || c.erasedAt) return null;
  return { ...consentView(c), recordVersion: c.version };
}

export type ConsentChangeResult = { ok: true; message: string } | { ok: false; reason: "not-found" | "stale"; message: string };

/**
 * The office records consent given (on the customer's word) or withdrawn, on the customer's version drawn:
 * a page older than the record is refused, never applied over a change it did not see.
 */
export async function recordMarketingConsent(
  db: Database,
  actor: AuditActor,
  customerId: number,
  change: { given: boolean; expectedVersion: number; source: ConsentSource; notice: ConsentColumns },
): Promise<ConsentChangeResult> {
  return db.transaction(async (tx) => {
    const [c] = await tx.select({ version: customers.version, erasedAt: customers.erasedAt }).from(customers).where(eq(customers.id, customerId)).for("update");
    if (!c || c.erasedAt) return { ok: false, reason: "not-found", message: "No such customer" };
    if (c.version !== change.expectedVersion) return { ok: false, reason: "stale", message: "Someone changed this customer meanwhile: reload the page and try again." };
    await setMarketingConsent(tx, actor, customerId, { given: change.given, source: change.source, version: change.notice.consentVersion, legalVersionId: change.notice.consentLegalVersionId });
    return {
      ok: true,
      message: change.given ? "Marketing consent recorded: campaigns may now reach this customer." : "Marketing stopped for this customer, at once.",
    };
  });
}

/** The signed-in customer's marketing consent, for /customer/my-data (null without a customer record). */
export async function portalMarketingConsent(user: Parameters<typeof customerIdOf>[0]): Promise<(MarketingConsentView & { recordVersion: number }) | null> {
  const id = await customerIdOf(user);
  return id === undefined ? null : marketingConsentOf(getDb(), id);
}
