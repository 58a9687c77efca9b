import { and, asc, count, eq, gte, isNull, lte, sql } from "drizzle-orm";
import { audit, type AuditActor } from "~/.server/audit/index.ts";
import { publishRequestsCreated } from "~/.server/live/requests.ts";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { nextReference } from "~/.server/db/references.ts";
import { contractBillings, contracts, contractVisits, customers, customerSites, serviceRequests } from "~/.server/db/schema.ts";
import { registerJob, scheduleJobs } from "~/.server/jobs/index.ts";
import { queueMessages, type OutboxMessage } from "~/.server/notifications/index.ts";
import { raiseStaffAlert } from "~/.server/notifications/staff-alerts.ts";
import { DLT_TEMPLATES, sms } from "~/.server/notifications/templates.ts";
import { scheduleEscalations } from "~/.server/requests/escalation.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { addDays, PLAN_DEFAULTS } from "~/lib/forms/admin/contracts.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { responseDueAt } from "~/lib/requests/sla.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import { invoiceBilling } from "./billing.ts";
import { formatDay } from "./schedule.ts";

/**
 * The contracts' daily run, one scheduled job on the one job queue (ADR 015): at 06:00 India time it
 * 1. makes each preventive visit due within the next VISIT_LEAD_DAYS days into a job (a service request),
 *    and tells the customer by SMS;
 * 2. reminds the customer and the office, once, RENEWAL_NOTICE_DAYS days before a contract ends;
 * 3. issues the GST invoice of each billing date that has come.
 * then books the next morning's run. A contract made or rescheduled also books a run at once, so a visit due
 * this week is not left to the next morning.
 *
 * Exactly once, across restarts and concurrent runs: each visit (and billing) is claimed in a transaction of
 * its own with FOR UPDATE SKIP LOCKED and only while its request_id (invoice_id) is still null, and the
 * request it makes carries the idempotency key contract-visit:<id> (unique), so a second run, or a run in a
 * process restarted half-way, finds the work done and skips it. The reminder is claimed the same way on
 * renewal_reminded_at. Every piece is independent: one that fails is reported (the job is retried) without
 * holding up the others.
 */
export const CONTRACTS_JOB = "contracts-daily";

/** A visit is made into a job this many days before it is due, so the office can book it. */
export const VISIT_LEAD_DAYS = 7;
/** The renewal reminder goes this many days before a contract ends. */
export const RENEWAL_NOTICE_DAYS = 30;

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
const HOUR_IST = 6;

/** The permission of the contracts screen (~/lib/admin/screens.ts): its staff hear of renewals. */
const CONTRACTS_PERMISSION = "requests" as const;

/** Who the audit log names for what the daily run does. */
export const CONTRACTS_JOB_ACTOR: AuditActor = { userId: null, label: "Contracts (daily run)", ipAddress: null };

/** The next 06:00 India time strictly after `now`. */
export function nextContractsRunAt(now: Date): Date {
  const istMidnight = Math.floor((now.getTime() + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
  const today = istMidnight + HOUR_IST * 3_600_000;
  return new Date(today > now.getTime() ? today : today + DAY_MS);
}

/** Books the next morning's run (once per day: the dedupe key names the date). Called at start-up and by the job. */
export async function scheduleContractsDay(now = new Date(), db: Database = getDb()): Promise<Date> {
  const runAt = nextContractsRunAt(now);
  const day = new Date(runAt.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
  await scheduleJobs(db, [{ name: CONTRACTS_JOB, payload: { at: runAt.toISOString() }, runAt, dedupeKey: `job:${CONTRACTS_JOB}:${day}` }]);
  return runAt;
}

/** A run now, for a contract just made or rescheduled (in its transaction: nothing runs if it rolls back). */
export async function scheduleContractsRunNow(tx: Transaction, contractId: number, now: Date): Promise<void> {
  await scheduleJobs(tx, [
    { name: CONTRACTS_JOB, payload: { at: now.toISOString(), contract: contractId }, runAt: now, dedupeKey: `job:${CONTRACTS_JOB}:contract:${contractId}:${now.getTime()}` },
  ]);
}

export interface ContractsDayResult {
  /** Visits made into jobs: [visit id, request reference]. */
  visits: Array<{ visitId: number; reference: string }>;
  /** Contracts whose renewal reminder was sent. */
  reminders: string[];
  /** Billings invoiced: [billing id, invoice number]. */
  invoices: Array<{ billingId: number; number: string }>;
  /** What failed (the job is retried); the rest was done. */
  errors: string[];
}

/** The day's work (see the top of the file). Idempotent: a second run the same day does nothing more. */
export async function runContractsDay(now = new Date()): Promise<ContractsDayResult> {
  const site = await getSiteSettings();
  const result: ContractsDayResult = { visits: [], reminders: [], invoices: [], errors: [] };
  for (const visitId of await dueVisitIds(now)) {
    try {
      const made = await makeVisitJob(visitId, site, now);
      if (made) result.visits.push({ visitId, reference: made });
    } catch (error) {
      result.errors.push(`visit ${visitId}: ${(error as Error).message}`);
    }
  }
  for (const contractId of await renewalsDue(now)) {
    try {
      const sent = await remindRenewal(contractId, site, now);
      if (sent) result.reminders.push(sent);
    } catch (error) {
      result.errors.push(`renewal reminder of contract ${contractId}: ${(error as Error).message}`);
    }
  }
  for (const billingId of await dueBillingIds(now)) {
    try {
      const issued = await invoiceBilling(billingId, CONTRACTS_JOB_ACTOR, now);
      if (issued.ok) result.invoices.push({ billingId, number: issued.number });
      else if (issued.reason !== "already" && issued.reason !== "not-due") result.errors.push(`billing ${billingId}: ${issued.message}`);
    } catch (error) {
      result.errors.push(`billing ${billingId}: ${(error as Error).message}`);
    }
  }
  return result;
}

// ── 1. Visits ────────────────────────────────────────────────────────────────────────────────────

/**
 * Visits due by today + VISIT_LEAD_DAYS with no job yet, of active contracts. A visit dated before its
 * contract was entered (a contract recorded after it started) is left to the office: the run makes the
 * visits still to come, not a backlog of past ones at once.
 */
async function dueVisitIds(now: Date): Promise<number[]> {
  const horizon = addDays(todayInIndia(now), VISIT_LEAD_DAYS);
  const rows = await getDb()
    .select({ id: contractVisits.id, dueOn: contractVisits.dueOn, contractCreatedAt: contracts.createdAt })
    .from(contractVisits)
    .innerJoin(contracts, eq(contracts.id, contractVisits.contractId))
    .where(and(isNull(contractVisits.requestId), lte(contractVisits.dueOn, horizon), eq(contracts.status, "active")))
    .orderBy(asc(contractVisits.dueOn), asc(contractVisits.id))
    .limit(5000);
  return rows.filter((r) => !leftToOffice(r.dueOn, r.contractCreatedAt)).map((r) => r.id);
}

/** The request's idempotency key: one request per visit, whatever happens. */
export const visitRequestKey = (visitId: number) => `contract-visit:${visitId}`;

/**
 * Whether the daily run leaves this visit to the office: dated before its contract was entered (a contract
 * recorded after it started). The office may make it into a job by hand (makePastVisitJob).
 */
export function leftToOffice(dueOn: string, contractCreatedAt: Date): boolean {
  return dueOn < todayInIndia(contractCreatedAt);
}

/**
 * Makes one visit into a job, if nobody has; returns the request's reference, or null when there was nothing
 * to do. The daily run skips a visit another run holds (skipLocked); the office's button waits for it, and
 * then finds it made.
 */
async function makeVisitJob(visitId: number, site: SiteSettings, now: Date, by: { actor: AuditActor; skipLocked: boolean } = { actor: CONTRACTS_JOB_ACTOR, skipLocked: true }): Promise<string | null> {
  return getDb().transaction(async (tx) => {
    const [visit] = await tx
      .select()
      .from(contractVisits)
      .where(and(eq(contractVisits.id, visitId), isNull(contractVisits.requestId)))
      .for("update", by.skipLocked ? { skipLocked: true } : {});
    if (!visit) return null;
    const [row] = await tx
      .select({ contract: contracts, customer: customers, site: customerSites })
      .from(contracts)
      .innerJoin(customers, eq(customers.id, contracts.customerId))
      .leftJoin(customerSites, eq(customerSites.id, contracts.siteId))
      .where(eq(contracts.id, visit.contractId));
    // Cancelled meanwhile, or a customer erased (nobody to call): nothing to make.
    if (!row || row.contract.status !== "active" || !row.customer.mobile || row.customer.erasedAt) return null;
    const { contract, customer } = row;
    const [total] = await tx.select({ n: count() }).from(contractVisits).where(eq(contractVisits.contractId, contract.id));
    const plan = PLAN_DEFAULTS[contract.plan];
    const today = todayInIndia(now);
    const reference = await nextReference(tx, "SR", now);
    const due = responseDueAt("planned", now, site.operations);
    const [made] = await tx
      .insert(serviceRequests)
      .values({
        reference,
        kind: "full",
        contactName: customer.name,
        mobile: customer.mobile!,
        email: customer.email,
        company: customer.company,
        siteAddress: row.site?.address ?? null,
        city: row.site?.city ?? null,
        siteId: contract.siteId,
        customerId: customer.id,
        contractId: contract.id,
        serviceSlug: plan.slug,
        serviceName: `AMC ${plan.label}`,
        faultDescription: `Preventive maintenance visit ${visit.seq} of ${Number(total?.n ?? visit.seq)} under contract ${contract.reference}`,
        urgency: "planned",
        // A visit made late (the server was down on the day) asks for today, not a day gone by.
        preferredDate: visit.dueOn < today ? today : visit.dueOn,
        // The customer did not fill in a form: the contract is what the work (and their data) is for.
        consentVersion: `contract:${contract.reference}`,
        consentAt: contract.createdAt,
        idempotencyKey: visitRequestKey(visit.id),
        responseDueAt: due,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: serviceRequests.idempotencyKey })
      .returning({ id: serviceRequests.id });
    // The visit's request already exists (it cannot, short of a hand edit): link it, make nothing new.
    const requestId = made?.id ?? (await tx.select({ id: serviceRequests.id }).from(serviceRequests).where(eq(serviceRequests.idempotencyKey, visitRequestKey(visit.id))))[0]?.id;
    if (requestId === undefined) return null;
    await tx.update(contractVisits).set({ requestId }).where(and(eq(contractVisits.id, visit.id), isNull(contractVisits.requestId)));
    if (!made) return null;
    // Live (issue 12 §1): the office's dashboard and request list show the visit's request.
    await publishRequestsCreated(tx, [made.id]);
    await queueMessages(tx, [
      sms(
        DLT_TEMPLATES.contractVisitDue,
        customer.mobile!,
        { business: site.identity.legalName, reference, contract: contract.reference, due: formatDay(visit.dueOn) },
        `contract:${contract.reference}:visit:${visit.seq}:customer-sms`,
      ),
    ]);
    await scheduleEscalations(tx, [{ id: made.id, responseDueAt: due }], site.operations.escalateBeforeMinutes);
    await audit(
      tx,
      by.actor,
      { action: "contract.visit", entityType: "contract", entityId: contract.id, entityLabel: contract.reference, before: null, after: { visit: visit.seq, dueOn: visit.dueOn, request: reference } },
      now,
    );
    return reference;
  });
}

export type PastVisitResult = { ok: true; message: string } | { ok: false; reason: "not-found" } | { ok: false; reason: "refused"; field: string; message: string };

/**
 * The office makes a visit the daily run leaves alone (dated before the contract was entered) into a job:
 * the same job, SMS and audit entry as the run's, under the staff member's name. Exactly once: the visit's
 * row lock and its request's unique idempotency key, as for the run; a second press finds the job made.
 */
export async function makePastVisitJob(actor: AuditActor, contractReference: string, visitId: number, now = new Date()): Promise<PastVisitResult> {
  const [row] = await getDb()
    .select({ visit: contractVisits, contract: { id: contracts.id, status: contracts.status, createdAt: contracts.createdAt } })
    .from(contractVisits)
    .innerJoin(contracts, eq(contracts.id, contractVisits.contractId))
    .where(and(eq(contractVisits.id, visitId), eq(contracts.reference, contractReference)));
  if (!row) return { ok: false, reason: "not-found" };
  const existing = async () =>
    (await getDb().select({ reference: serviceRequests.reference }).from(contractVisits).innerJoin(serviceRequests, eq(serviceRequests.id, contractVisits.requestId)).where(eq(contractVisits.id, visitId)))[0]?.reference;
  const already = await existing();
  if (already) return { ok: true, message: `Visit ${row.visit.seq} is already job ${already}.` };
  if (row.contract.status !== "active") return { ok: false, reason: "refused", field: "form", message: "The contract is cancelled: its visits are not made into jobs." };
  if (!leftToOffice(row.visit.dueOn, row.contract.createdAt)) {
    return { ok: false, reason: "refused", field: "form", message: "The daily run makes this visit into a job a week before it is due." };
  }
  const made = await makeVisitJob(visitId, await getSiteSettings(), now, { actor, skipLocked: false });
  if (made) return { ok: true, message: `Visit ${row.visit.seq} made into job ${made}.` };
  const since = await existing();
  if (since) return { ok: true, message: `Visit ${row.visit.seq} is already job ${since}.` };
  return { ok: false, reason: "refused", field: "form", message: "The customer has no mobile number on record (or was erased): add one before making the job." };
}

// ── 2. Renewal reminders ─────────────────────────────────────────────────────────────────────────

/** Active contracts ending within RENEWAL_NOTICE_DAYS, not yet reminded, and not already renewed. */
async function renewalsDue(now: Date): Promise<number[]> {
  const today = todayInIndia(now);
  const rows = await getDb()
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(
        eq(contracts.status, "active"),
        isNull(contracts.renewalRemindedAt),
        gte(contracts.endsOn, today),
        lte(contracts.endsOn, addDays(today, RENEWAL_NOTICE_DAYS)),
        sql`not exists (select 1 from ${contracts} r where r.renewed_from_id = ${contracts.id} and r.status = 'active')`,
      ),
    )
    .orderBy(asc(contracts.endsOn), asc(contracts.id))
    .limit(5000);
  return rows.map((r) => r.id);
}

/** Claims the reminder (renewal_reminded_at), alerts the office's staff and queues the customer's SMS in the same transaction. */
async function remindRenewal(contractId: number, site: SiteSettings, now: Date): Promise<string | null> {
  return getDb().transaction(async (tx) => {
    const [claimed] = await tx
      .update(contracts)
      .set({ renewalRemindedAt: now })
      .where(and(eq(contracts.id, contractId), isNull(contracts.renewalRemindedAt), eq(contracts.status, "active")))
      .returning();
    if (!claimed) return null;
    const [customer] = await tx.select().from(customers).where(eq(customers.id, claimed.customerId));
    const ends = formatDay(claimed.endsOn);
    const key = (suffix: string) => `contract:${claimed.reference}:renewal:${claimed.endsOn}:${suffix}`;
    const who = customer?.company ?? customer?.name ?? "a customer";
    // The office's copy goes to the staff whose role covers contracts (the contracts screen's permission),
    // each by the channels they chose, never to the public support number printed on the site.
    await raiseStaffAlert(tx, {
      kind: "contract.renewal",
      title: `Contract ${claimed.reference} (${who}) ends on ${ends}`,
      body: `Renewal due: the customer has been sent a reminder that the office will contact them.`,
      link: `/admin/contracts/${claimed.reference}`,
      dedupeKey: key("office"),
      permission: CONTRACTS_PERMISSION,
      sms: { template: DLT_TEMPLATES.contractRenewalAlert, values: { reference: claimed.reference, customer: who, ends } },
    });
    const messages: OutboxMessage[] = [];
    if (customer?.mobile && !customer.erasedAt) {
      messages.push(sms(DLT_TEMPLATES.contractRenewal, customer.mobile, { business: site.identity.legalName, reference: claimed.reference, ends }, key("customer-sms")));
    }
    await queueMessages(tx, messages);
    await audit(
      tx,
      CONTRACTS_JOB_ACTOR,
      { action: "contract.renewal-reminder", entityType: "contract", entityId: claimed.id, entityLabel: claimed.reference, before: null, after: { endsOn: claimed.endsOn } },
      now,
    );
    return claimed.reference;
  });
}

// ── 3. Billing ───────────────────────────────────────────────────────────────────────────────────

/** Billing dates that have come, not yet invoiced, of active contracts. */
async function dueBillingIds(now: Date): Promise<number[]> {
  const rows = await getDb()
    .select({ id: contractBillings.id })
    .from(contractBillings)
    .innerJoin(contracts, eq(contracts.id, contractBillings.contractId))
    .where(and(isNull(contractBillings.invoiceId), lte(contractBillings.dueOn, todayInIndia(now)), eq(contracts.status, "active")))
    .orderBy(asc(contractBillings.dueOn), asc(contractBillings.id))
    .limit(5000);
  return rows.map((r) => r.id);
}

// ── The job ──────────────────────────────────────────────────────────────────────────────────────

/**
 * The job: first the next morning's booking (counted from the time this run was booked for, so a run that
 * starts a moment early by another server's clock still books the day after), then the day's work. A piece
 * that failed makes the job throw, to be retried with the outbox's back-off; what was done stays done.
 */
export async function runContractsJob(payload: { at?: unknown }, now = new Date()): Promise<ContractsDayResult> {
  const bookedFor = typeof payload.at === "string" ? new Date(payload.at) : now;
  await scheduleContractsDay(new Date(Math.max(now.getTime(), Number.isNaN(bookedFor.getTime()) ? 0 : bookedFor.getTime())));
  const result = await runContractsDay(now);
  if (result.errors.length) throw new Error(`${CONTRACTS_JOB}: ${result.errors.length} piece(s) failed: ${result.errors.slice(0, 5).join("; ")}`);
  return result;
}

registerJob(CONTRACTS_JOB, async (payload) => {
  await runContractsJob(payload);
});
