import { and, asc, count, eq, inArray, isNotNull, like, sql } from "drizzle-orm";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { editDetails } from "~/.server/customers/changes.ts";
import { createContract } from "~/.server/contracts/changes.ts";
import { runContractsDay } from "~/.server/contracts/daily.ts";
import type { Database } from "~/.server/db/index.ts";
import { getDb } from "~/.server/db/index.ts";
import {
  benchEvents,
  benchJobs,
  contracts,
  contractVisits,
  customers,
  customerSites,
  equipmentUnits,
  feedback,
  invoices,
  payments,
  products,
  quotes,
  serviceRequests,
} from "~/.server/db/schema.ts";
import { changePublication, queueFeedbackRequest, submitRating } from "~/.server/feedback/index.ts";
import { issueCreditNote } from "~/.server/invoices/credit-notes.ts";
import { amountDue } from "~/.server/invoices/shared.ts";
import { issueFromSource } from "~/.server/invoices/sources.ts";
import { recordPaymentInTx } from "~/.server/payments/index.ts";
import { createQuote, editDraft, reviseQuote, sendQuote } from "~/.server/quotes/changes.ts";
import { answerQuote } from "~/.server/quotes/respond.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { STAFF_ROLE_INFO, type StaffRole } from "~/lib/auth/permissions.ts";
import { detailsSchema } from "~/lib/forms/admin/customers.ts";
import { newContractSchema } from "~/lib/forms/admin/contracts.ts";
import { quoteState } from "~/lib/forms/admin/quotes.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import type { DocumentLine, StoredLine } from "~/lib/money/document.ts";
import type { GstRate } from "~/lib/money/gst.ts";
import { gstinChecksum } from "~/lib/settings-schema.ts";
import { generator } from "./random.ts";

/**
 * The demo's month of money work (`npm run seed:demo`, after the requests, customers, products and bench):
 * quotes in every state, GST tax invoices issued across the month (B2B with GSTINs, inter-state IGST), a
 * credit note, payments by UPI, bank transfer and cheque (one part paid, a couple overdue), three AMC
 * contracts with their visits and billing, and ratings with a low-rating follow-up and published reviews.
 *
 * Everything goes through the domain functions the office's screens use, with `now` set to the moment each
 * step happened, so the numbering counters, totals, statuses, SMS outbox and audit log are what a real
 * month would leave. The steps run in the order of their moments, so invoice numbers follow their dates.
 *
 * The contracts come last, and only start from today: creating one books a contracts run "now", which the
 * running outbox worker (`npm run seed:demo` has one) may take up before the seed's own run; with every
 * visit and billing falling on or after today, the worker's run and the seed's do the same work, whichever
 * comes first. The payment settings (UPI ID) are left as the settings have them: the demo invents no account.
 *
 * Every GSTIN is invented for the demo (its check character is right, so the invoices take it).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface DemoMoneySummary {
  quotes: number;
  quotesByState: Record<string, number>;
  invoices: number;
  creditNotes: number;
  /** Invoices to a registered (GSTIN) recipient. */
  b2b: number;
  /** Invoices with IGST (place of supply outside Telangana). */
  interState: number;
  payments: number;
  outstandingPaise: number;
  /** Invoices past their due date with something still due. */
  overdue: number;
  contracts: number;
  contractVisits: number;
  ratings: number;
  published: number;
  openFollowUps: number;
}

export interface DemoStaff {
  userId: number;
  name: string;
  mobile: string;
  role: StaffRole;
}

export interface DemoMoneyOptions {
  now: Date;
  /** Makes the quotes, invoices and contracts. */
  office: DemoStaff;
  /** Records the payments and the credit note. */
  accounts: DemoStaff;
  /** Publishes the reviews. */
  owner: DemoStaff;
}

export function staffMember(s: DemoStaff): StaffMember {
  return { userId: s.userId, sessionId: 0, name: s.name, mobile: s.mobile, role: s.role, permissions: STAFF_ROLE_INFO[s.role].permissions, ipAddress: "10.0.0.12" };
}

type Product = typeof products.$inferSelect;

/** A line for a product from the demo products list, with its HSN code, GST rate and list price. */
function productLine(p: Product, quantity: number, discountPercent = 0): DocumentLine {
  const gross = p.pricePaise * quantity;
  return {
    kind: "part",
    productId: p.id,
    description: `${p.make} ${p.model}: ${p.name}`,
    hsnSac: p.hsnSac,
    quantityMilli: quantity * 1000,
    unit: p.unit,
    ratePaise: p.pricePaise,
    discountPaise: Math.round((gross * discountPercent) / 100),
    gstRate: p.gstRate as GstRate,
  };
}

/** A repair service (SAC 998717: machinery repair) or other repair service (998719), at 18%. */
function serviceLine(description: string, rupees: number, sac: "998717" | "998719" = "998717", kind: DocumentLine["kind"] = "service", unit = "job", quantity = 1): DocumentLine {
  return { kind, productId: null, description, hsnSac: sac, quantityMilli: quantity * 1000, unit, ratePaise: rupees * 100, discountPaise: 0, gstRate: 18 };
}

const travelLine = (km: number) => serviceLine(`Engineer's travel to site and back (${km} km)`, 12 * km, "998719", "travel", "km", 1);

/** A spare not on the products list (bearings, cable): its own HSN code. */
function spareLine(description: string, hsn: string, rupees: number, quantity: number, unit = "nos"): DocumentLine {
  return { kind: "part", productId: null, description, hsnSac: hsn, quantityMilli: quantity * 1000, unit, ratePaise: rupees * 100, discountPaise: 0, gstRate: 18 };
}

/** A GSTIN for a demo company: state code, an invented PAN of a company (4th letter C), entity 1, Z, check character. */
export function demoGstin(stateCode: string, company: string, rnd: ReturnType<typeof generator>): string {
  const letters = "ABCDEFGHJKLMNPQRSTUVWXYZ";
  const initial = (company.replace(/[^A-Z]/gi, "")[0] ?? "D").toUpperCase();
  const pan = `AA${letters[rnd.int(0, letters.length - 1)]}C${initial}${String(rnd.int(1000, 9999))}${letters[rnd.int(0, letters.length - 1)]}`;
  const first14 = `${stateCode}${pan}1Z`;
  return `${first14}${gstinChecksum(first14)}`;
}

interface Step {
  at: Date;
  order: number;
  run: () => Promise<void>;
}

/** Loads the month of money work; returns what it made. Runs once, on a database with the demo's other data. */
export async function seedDemoMoney(db: Database, options: DemoMoneyOptions): Promise<DemoMoneySummary> {
  const { now } = options;
  const office = staffMember(options.office);
  const accounts = staffMember(options.accounts);
  const owner = staffMember(options.owner);
  const rnd = generator(2026_11_26);
  const site = await getSiteSettings();
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(rnd.next() * 16).toString(16));
    hex[12] = "4";
    hex[16] = "89ab"[Math.floor(rnd.next() * 4)]!;
    const h = hex.join("");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  const ago = (days: number, hourIst = 11) => {
    // hourIst o'clock India time, `days` days before now (never after now).
    const istMidnight = Math.floor((now.getTime() + 330 * 60_000) / DAY) * DAY - 330 * 60_000;
    return new Date(Math.min(istMidnight - days * DAY + hourIst * HOUR, now.getTime() - HOUR));
  };
  const clampPast = (at: Date) => new Date(Math.min(at.getTime(), now.getTime() - 30 * 60_000));
  const between = (from: Date, to: Date, f: number) => new Date(from.getTime() + (to.getTime() - from.getTime()) * f);

  const productRows = await db.select().from(products);
  const product = (model: string): Product => {
    const p = productRows.find((r) => r.model === model);
    if (!p) throw new Error(`The demo product ${model} is missing: seed the demo products first.`);
    return p;
  };

  // ── What the month works on: the demo's requests, their customers and sites, the bench ──────────
  const rows = await db
    .select({ r: serviceRequests, site: customerSites })
    .from(serviceRequests)
    .leftJoin(customerSites, eq(customerSites.id, serviceRequests.siteId))
    .where(and(like(serviceRequests.idempotencyKey, "demo:%"), isNotNull(serviceRequests.customerId)))
    .orderBy(asc(serviceRequests.createdAt), asc(serviceRequests.id));
  const benchRows = await db.select({ job: benchJobs, request: serviceRequests }).from(benchJobs).innerJoin(serviceRequests, eq(serviceRequests.id, benchJobs.requestId)).orderBy(asc(benchJobs.id));
  const used = new Set<number>();
  const take = <T extends { r: { customerId: number | null } }>(row: T | undefined): T | undefined => {
    if (row) used.add(row.r.customerId!);
    return row;
  };
  const fresh = (r: (typeof rows)[number]) => !used.has(r.r.customerId!);
  const completed = rows.filter(
    (x) => x.r.status === "completed" && x.r.completedAt && x.r.visitStart && x.r.completedAt.getTime() > now.getTime() - 29 * DAY && x.r.completedAt.getTime() < now.getTime() - 3 * DAY,
  );
  // Bench jobs are booked against the newest requests: the month's jobs are the others.
  const benchRequestIds = new Set(benchRows.map((b) => b.request.id));
  const pool = completed.filter((x) => !benchRequestIds.has(x.r.id));
  // One row per customer: each step of the month is about a different customer (a customer has several jobs).
  const oncePerCustomer = <T extends { r: { customerId: number | null } }>(list: T[]) => list.filter((x, i) => list.findIndex((y) => y.r.customerId === x.r.customerId) === i);
  const spread = (n: number) => {
    const list = oncePerCustomer(pool.filter(fresh));
    return Array.from({ length: n }, (_, k) => list[Math.floor((k * list.length) / n)]);
  };
  const vizag = take(pool.find((x) => x.site?.stateCode && x.site.stateCode !== "36"));
  const [q1, q3, j1, q4, j2, j3, j4, j5] = spread(8).map(take);
  const [fb1, fb2] = spread(2).map(take);
  const awaitingCustomer = take(rows.find((x) => x.r.status === "awaiting_customer" && fresh(x) && !benchRequestIds.has(x.r.id)));
  const inProgress = take(rows.find((x) => (x.r.status === "in_progress" || x.r.status === "awaiting_parts") && fresh(x) && !benchRequestIds.has(x.r.id)));
  // Customers quoted directly (a drive to supply, capacitors for a panel): from the older completed jobs.
  const older = oncePerCustomer(rows.filter((x) => x.r.status === "completed" && fresh(x)));
  const declinedFor = take(older[0]);
  const expiredFor = take(older[1]);
  // A customer with a second plant outside Telangana: a quote for that plant, invoiced with IGST.
  const [outOfState] = await db
    .select({ site: customerSites, customer: customers })
    .from(customerSites)
    .innerJoin(customers, eq(customers.id, customerSites.customerId))
    .where(and(inArray(customerSites.stateCode, ["27", "24"]), sql`${customerSites.customerId} in (select customer_id from service_requests where idempotency_key like 'demo:%')`))
    .orderBy(asc(customerSites.id))
    .limit(1);
  if (outOfState) used.add(outOfState.customer.id);
  const benchAt = (stage: string) => benchRows.find((b) => b.job.stage === stage);
  const benchEstimate = benchAt("estimate");
  const benchReady = benchAt("ready");
  const benchDiagnosis = benchAt("diagnosis");
  const stageTime = async (jobId: number, stage: string) => {
    const [e] = await db.select({ at: benchEvents.createdAt }).from(benchEvents).where(and(eq(benchEvents.benchJobId, jobId), eq(benchEvents.stage, stage))).orderBy(asc(benchEvents.id)).limit(1);
    return e?.at ?? null;
  };

  // ── Registered customers: a GSTIN on their record (as the office would type it from their letterhead) ──
  const registered = [q3, j4, vizag, j1].filter((x): x is NonNullable<typeof x> => Boolean(x));
  const customerRows = new Map((await db.select().from(customers)).map((c) => [c.id, c]));
  const steps: Step[] = [];
  let order = 0;
  const at = (when: Date, run: () => Promise<void>) => steps.push({ at: clampPast(when), order: order++, run });
  const must = <T extends { ok: boolean }>(what: string, result: T): T & { ok: true } => {
    if (!result.ok) throw new Error(`Demo money: ${what} was refused: ${JSON.stringify(result)}`);
    return result as T & { ok: true };
  };

  for (const x of registered) {
    const c = customerRows.get(x.r.customerId!)!;
    const gstin = demoGstin(x.site?.stateCode ?? "36", c.company ?? c.name, rnd);
    at(new Date(x.r.createdAt.getTime() + 2 * HOUR), async () => {
      const [current] = await db.select().from(customers).where(eq(customers.id, c.id));
      const input = detailsSchema.parse({ intent: "details", version: String(current!.version), name: current!.name, company: current!.company ?? "", email: current!.email ?? "", gstin, notes: current!.notes ?? "" });
      must(`the GSTIN of ${c.reference}`, await editDetails(office, c.reference, input, new Date(x.r.createdAt.getTime() + 2 * HOUR)));
    });
  }

  // ── Quotes ───────────────────────────────────────────────────────────────────────────────────────
  const refs = new Map<string, string>();
  const invoiceIds = new Map<string, number>();
  const idOfQuote = async (reference: string) => (await db.select().from(quotes).where(eq(quotes.reference, reference)))[0]!;
  const customerOf = (id: number) => customerRows.get(id)!;
  const answer = async (name: string, decision: "approve" | "changes" | "decline", when: Date, comment?: string) => {
    const q = await idOfQuote(refs.get(name)!);
    const c = customerOf(q.customerId);
    must(
      `the answer to ${q.reference}`,
      await answerQuote(
        {
          quoteId: q.id,
          version: q.currentVersion,
          decision,
          comment,
          respondent: { name: c.name, mobile: c.mobile, userId: null },
          via: "link",
          // Documentation addresses (RFC 5737): the demo's customers answered "from somewhere".
          ipAddress: `203.0.113.${rnd.int(10, 250)}`,
          userAgent: "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
          idempotencyKey: uuid(),
        },
        when,
      ),
    );
  };
  const make = (name: string, source: Parameters<typeof createQuote>[1], title: string, lines: DocumentLine[], when: Date, extra: { site?: number; notes?: string } = {}) =>
    at(when, async () => {
      const made = must(`quote ${name}`, await createQuote(office, source, { title, terms: site.operations.quoteTerms, notes: extra.notes, site: extra.site, stateCode: undefined, idempotencyKey: uuid() }, lines, when));
      refs.set(name, made.reference);
    });
  const send = (name: string, when: Date) =>
    at(when, async () => {
      const q = await idOfQuote(refs.get(name)!);
      must(`sending ${q.reference}`, await sendQuote(office, q.reference, { version: q.version }, when));
    });
  const decide = (name: string, decision: "approve" | "changes" | "decline", when: Date, comment?: string) => at(when, () => answer(name, decision, when, comment));
  const invoiceQuote = (name: string, when: Date) =>
    at(when, async () => {
      const made = must(`invoicing ${name}`, await issueFromSource(office, { kind: "quote", reference: refs.get(name)! }, { idempotencyKey: uuid() }, when));
      invoiceIds.set(name, made.id);
    });
  const invoiceJob = (name: string, reference: string, lines: DocumentLine[], when: Date, poNumber?: string | null) =>
    at(when, async () => {
      const made = must(`invoicing ${reference}`, await issueFromSource(office, { kind: "request", reference }, { lines, poNumber: poNumber ?? undefined, idempotencyKey: uuid() }, when));
      invoiceIds.set(name, made.id);
    });
  const pay = (name: string, method: "upi" | "bank" | "cheque" | "cash", when: Date, part?: number, note?: string) =>
    at(when, async () => {
      const id = invoiceIds.get(name)!;
      const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id));
      const due = amountDue(invoice!);
      // A part payment is a round figure, as customers pay.
      const amount = part ? Math.floor((due * part) / 100 / 100_000) * 100_000 : due;
      const instrument =
        method === "upi"
          ? `${rnd.int(4, 6)}${String(rnd.int(0, 99_999_999_999)).padStart(11, "0")}`
          : method === "bank"
            ? `${rnd.pick(["SBIN", "HDFC", "ICIC", "UTIB"])}R5${String(rnd.int(0, 999_999_999_999)).padStart(12, "0")}`
            : method === "cheque"
              ? `${String(rnd.int(100_000, 999_999))}/${customerOf(invoice!.customerId).reference}`
              : null;
      await getDb().transaction((tx) =>
        recordPaymentInTx(
          tx,
          {
            customerId: invoice!.customerId,
            method,
            amountPaise: amount,
            receivedOn: todayInIndia(when),
            instrumentRef: instrument,
            note: note ?? null,
            recordedBy: accounts.userId,
            idempotencyKey: uuid(),
            allocations: [{ invoiceId: id, paise: amount }],
            allowAdvance: false,
          },
          auditActor(accounts),
          site,
          when,
        ),
      );
    });

  const repairTitle = (r: (typeof rows)[number]["r"]) => `Repair of ${[r.equipmentBrand, r.equipmentModel].filter(Boolean).join(" ")}${r.equipmentRating ? ` ${r.equipmentRating}` : ""}`.slice(0, 160);
  const sourceOf = (r: (typeof rows)[number]["r"]) => ({ kind: "request" as const, reference: r.reference });
  const driveRepair = (r: (typeof rows)[number]["r"], rupees: number) => serviceLine(`On-site repair of ${[r.equipmentBrand, r.equipmentModel].filter(Boolean).join(" ")}: fault ${r.faultCode ?? "traced"}, tested under load (request ${r.reference})`, rupees);

  // 1. Approved at the site visit, invoiced when the job was done, paid by UPI.
  if (q1) {
    const { r } = q1;
    const visit = r.visitStart!;
    const done = r.completedAt!;
    make("q1", sourceOf(r), repairTitle(r), [driveRepair(r, 6500), productLine(product("B43564A5478M000"), 2), productLine(product("4114 NH4"), 1), travelLine(rnd.int(18, 40))], between(visit, done, 0.25));
    send("q1", between(visit, done, 0.3));
    decide("q1", "approve", between(visit, done, 0.55));
    invoiceQuote("q1", new Date(done.getTime() + 3 * HOUR));
    pay("q1", "upi", new Date(done.getTime() + 4 * DAY));
  }
  // 2. Andhra Pradesh plant, registered: IGST, paid by bank transfer.
  if (vizag) {
    const { r } = vizag;
    const visit = r.visitStart!;
    const done = r.completedAt!;
    make("q2", sourceOf(r), repairTitle(r), [driveRepair(r, 9500), productLine(product("SKM100GB12T4"), 1), serviceLine("Engineer's outstation visit to Visakhapatnam (travel and stay, 2 days)", 7000, "998719", "travel", "visit")], between(visit, done, 0.2));
    send("q2", between(visit, done, 0.25));
    decide("q2", "approve", between(visit, done, 0.5));
    invoiceQuote("q2", new Date(done.getTime() + 5 * HOUR));
    pay("q2", "bank", new Date(done.getTime() + 9 * DAY));
  }
  // 3. Registered customer: changes asked on v1, v2 with OEM parts approved; part paid by cheque.
  if (q3) {
    const { r } = q3;
    const visit = r.visitStart!;
    const done = r.completedAt!;
    const v1 = [driveRepair(r, 8000), spareLine("DC bus capacitor 4700 µF 450 V (equivalent make)", "8532", 3200, 2), travelLine(rnd.int(18, 40))];
    const v2 = [driveRepair(r, 8000), productLine(product("B43564A5478M000"), 2, 5), productLine(product("4114 NH4"), 1), travelLine(rnd.int(18, 40))];
    make("q3", sourceOf(r), repairTitle(r), v1, between(visit, done, 0.1));
    send("q3", between(visit, done, 0.15));
    decide("q3", "changes", between(visit, done, 0.3), "Please quote Epcos (OEM) capacitors only, and replace the cooling fan in the same visit.");
    at(between(visit, done, 0.4), async () => {
      const when = between(visit, done, 0.4);
      const q = await idOfQuote(refs.get("q3")!);
      must("revising q3", await reviseQuote(office, q.reference, { intent: "revise", version: q.version, reason: "Customer asked for OEM capacitors and the cooling fan." }, when));
      const again = await idOfQuote(q.reference);
      must("editing q3 v2", await editDraft(office, q.reference, { title: again.title, terms: site.operations.quoteTerms, notes: "5% discount on the capacitors as agreed on the phone.", site: again.siteId ?? undefined, version: again.version, stateCode: undefined }, v2, when));
    });
    send("q3", between(visit, done, 0.45));
    decide("q3", "approve", between(visit, done, 0.6));
    invoiceQuote("q3", new Date(done.getTime() + 20 * HOUR));
    pay("q3", "cheque", new Date(done.getTime() + 8 * DAY), 50, "Cheque drawn on Canara Bank. Balance promised after their month-end.");
  }
  // 4. Approved and invoiced; not paid and now overdue.
  if (q4) {
    const { r } = q4;
    const visit = r.visitStart!;
    const done = r.completedAt!;
    make("q4", sourceOf(r), repairTitle(r), [driveRepair(r, 5500), spareLine("Bearing 6309 ZZ (SKF)", "8482", 1450, 2), serviceLine("Motor winding insulation test and report", 1500, "998719", "labour", "job")], between(visit, done, 0.2));
    send("q4", between(visit, done, 0.25));
    decide("q4", "approve", between(visit, done, 0.5));
    invoiceQuote("q4", new Date(done.getTime() + 4 * HOUR));
  }
  // 5. The bench unit waiting for the customer's go-ahead: sent.
  if (benchEstimate) {
    const when = (await stageTime(benchEstimate.job.id, "estimate")) ?? new Date(now.getTime() - 6 * HOUR);
    const unit = (await db.select().from(equipmentUnits).where(eq(equipmentUnits.id, benchEstimate.job.unitId)))[0]!;
    const rupees = Math.round((benchEstimate.job.estimatePaise ?? 18_500_00) / 100);
    make("q5", { kind: "bench", reference: benchEstimate.job.jobCard }, `Repair of ${unit.make} ${unit.model}`, [serviceLine(`Bench repair of ${unit.make} ${unit.model}, serial ${unit.serialNumber ?? "-"} (job card ${benchEstimate.job.jobCard}): power stage rebuilt, tested under load`, rupees - 5650), productLine(product("B43564A5478M000"), 1)], new Date(when.getTime() + 20 * 60_000));
    send("q5", new Date(when.getTime() + 40 * 60_000));
  }
  // 6. The bench unit ready for collection: its quote approved days ago, invoiced on collection day, paid by UPI.
  if (benchReady) {
    const estimated = (await stageTime(benchReady.job.id, "estimate")) ?? new Date(now.getTime() - 3 * DAY);
    const ready = (await stageTime(benchReady.job.id, "ready")) ?? new Date(now.getTime() - 2 * HOUR);
    const unit = (await db.select().from(equipmentUnits).where(eq(equipmentUnits.id, benchReady.job.unitId)))[0]!;
    const rupees = Math.round((benchReady.job.estimatePaise ?? 9_500_00) / 100);
    make("q6", { kind: "bench", reference: benchReady.job.jobCard }, `Repair of ${unit.make} ${unit.model}`, [serviceLine(`Bench repair of ${unit.make} ${unit.model}, serial ${unit.serialNumber ?? "-"} (job card ${benchReady.job.jobCard}): touch panel and backlight replaced`, rupees)], new Date(estimated.getTime() - 30 * 60_000));
    send("q6", new Date(estimated.getTime() - 20 * 60_000));
    decide("q6", "approve", new Date(estimated.getTime() - 5 * 60_000));
    invoiceQuote("q6", new Date(ready.getTime() + 10 * 60_000));
    pay("q6", "upi", new Date(ready.getTime() + 20 * 60_000));
  }
  // 7. Waiting for the customer's purchase order: sent.
  if (awaitingCustomer) {
    const { r } = awaitingCustomer;
    const paused = r.pausedAt ?? new Date(now.getTime() - 5 * HOUR);
    make("q7", sourceOf(r), repairTitle(r), [driveRepair(r, 7500), productLine(product("FF300R12KE3"), 1), travelLine(rnd.int(15, 35))], new Date(paused.getTime() - 50 * 60_000));
    send("q7", new Date(paused.getTime() - 40 * 60_000));
  }
  // 8. On site, parts quoted: the customer asked for changes.
  if (inProgress) {
    const { r } = inProgress;
    const from = r.visitStart ?? r.createdAt;
    make("q8", sourceOf(r), repairTitle(r), [driveRepair(r, 6000), productLine(product("8.5020.0010.1024"), 1), productLine(product("LC1D32M7"), 2)], new Date(from.getTime() + 2 * HOUR));
    send("q8", new Date(from.getTime() + 3 * HOUR));
    decide("q8", "changes", new Date(from.getTime() + 9 * HOUR), "Our stores have two LC1D32 contactors: please remove them and revise the encoder price.");
  }
  // 9. A drive quoted to a customer directly: declined.
  if (declinedFor) {
    const c = customerOf(declinedFor.r.customerId!);
    make("q9", { kind: "customer", reference: c.reference }, "Supply of a spare AC drive 7.5 kW for the extruder line", [productLine(product("ACS580-01-017A-4"), 1, 4), serviceLine("Installation, parameter setting and commissioning of the drive", 3500, "998719", "labour")], ago(21, 12), { site: declinedFor.r.siteId ?? undefined });
    send("q9", ago(21, 15));
    decide("q9", "decline", ago(17, 10), "Bought a drive from our regular distributor this time.");
  }
  // 10. Capacitors for a panel: sent, never answered, expired.
  if (expiredFor) {
    const c = customerOf(expiredFor.r.customerId!);
    make("q10", { kind: "customer", reference: c.reference }, "APFC panel upgrade: capacitors and relay", [productLine(product("B25667C4347A375"), 4), productLine(product("ETL-12"), 1), serviceLine("Replacement of capacitor banks and APFC relay, testing", 4500, "998719", "labour")], ago(28, 12), { site: expiredFor.r.siteId ?? undefined });
    send("q10", ago(28, 16));
  }
  // 11. The bench unit in diagnosis: a draft the office is still pricing.
  if (benchDiagnosis) {
    const unit = (await db.select().from(equipmentUnits).where(eq(equipmentUnits.id, benchDiagnosis.job.unitId)))[0]!;
    make("q11", { kind: "bench", reference: benchDiagnosis.job.jobCard }, `Repair of ${unit.make} ${unit.model}`, [serviceLine(`Bench repair of ${unit.make} ${unit.model} (job card ${benchDiagnosis.job.jobCard}): CPU and I/O check, program reload`, 6500), productLine(product("6ES7221-1BH32-0XB0"), 1)], new Date(now.getTime() - 3 * HOUR));
  }
  // 12. A plant outside Telangana, unregistered: IGST from the site's state; approved and invoiced, not yet due.
  if (outOfState) {
    const c = outOfState.customer;
    make("q12", { kind: "customer", reference: c.reference }, `Preventive overhaul of drives at ${outOfState.site.name}`, [serviceLine("Preventive overhaul of 3 AC drives: cleaning, DC bus check, fan replacement", 4500, "998717", "service", "nos", 3), productLine(product("4114 NH4"), 3), serviceLine("Engineer's outstation visit (travel and stay, 3 days)", 12_000, "998719", "travel", "visit")], ago(14, 11), { site: outOfState.site.id });
    send("q12", ago(14, 12));
    decide("q12", "approve", ago(12, 17));
    invoiceQuote("q12", ago(6, 12));
  }

  // ── Completed jobs invoiced without a quote (parts used, the service, travel) ───────────────────
  const jobLines = (r: (typeof rows)[number]["r"], rupees: number, extra: DocumentLine[]) => [driveRepair(r, rupees), ...extra];
  if (j1) {
    invoiceJob("j1", j1.r.reference, jobLines(j1.r, 4500, [productLine(product("4114 NH4"), 1), travelLine(22)]), new Date(j1.r.completedAt!.getTime() + 5 * HOUR), j1.r.poNumber);
    pay("j1", "upi", new Date(j1.r.completedAt!.getTime() + 2 * DAY));
  }
  if (j2) invoiceJob("j2", j2.r.reference, jobLines(j2.r, 5500, [productLine(product("SKM100GB12T4"), 1), travelLine(30)]), new Date(j2.r.completedAt!.getTime() + 4 * HOUR), j2.r.poNumber);
  if (j3) {
    invoiceJob("j3", j3.r.reference, jobLines(j3.r, 3500, [spareLine("Control cable 4 core 1.5 sq mm", "8544", 95, 15, "m"), travelLine(26)]), new Date(j3.r.completedAt!.getTime() + 6 * HOUR), j3.r.poNumber);
    // Travel charged on a job inside the city limits, where the office's rate card has none: credited.
    at(new Date(j3.r.completedAt!.getTime() + 3 * DAY), async () => {
      const id = invoiceIds.get("j3")!;
      const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id));
      const lines = invoice!.lines as StoredLine[];
      const travel = lines.findIndex((l) => l.kind === "travel");
      must(
        "the credit note",
        await issueCreditNote(accounts, id, { reason: "Travel charged on a visit inside the city limits (no travel charge on the rate card).", scope: "lines", amounts: { [travel]: lines[travel]!.taxablePaise }, idempotencyKey: uuid() }, new Date(j3.r.completedAt!.getTime() + 3 * DAY)),
      );
    });
    pay("j3", "bank", new Date(j3.r.completedAt!.getTime() + 6 * DAY));
  }
  if (j4) {
    invoiceJob("j4", j4.r.reference, jobLines(j4.r, 12_000, [productLine(product("FF300R12KE3"), 1), productLine(product("B43564A5478M000"), 2), travelLine(34)]), new Date(j4.r.completedAt!.getTime() + 4 * HOUR), j4.r.poNumber ?? `PO/${(j4.r.company ?? "PLANT").split(" ")[0]!.toUpperCase()}/4471`);
    pay("j4", "cheque", new Date(j4.r.completedAt!.getTime() + 7 * DAY), undefined, "Cheque drawn on State Bank of India.");
  }
  if (j5) invoiceJob("j5", j5.r.reference, jobLines(j5.r, 4000, [spareLine("Bearing 6309 ZZ (SKF)", "8482", 1450, 2), travelLine(18)]), new Date(j5.r.completedAt!.getTime() + 5 * HOUR), j5.r.poNumber);

  // ── Feedback: the request on completion, the customer's rating, publication with consent ──────────
  const ratings: Array<{ who: (typeof rows)[number] | undefined; rating: number; comment: string; publish: boolean; published: boolean }> = [
    { who: q1, rating: 5, comment: "Engineer came the same afternoon, found the failed capacitors and had the conveyor running by evening. Clear invoice with GST.", publish: true, published: true },
    { who: j4, rating: 5, comment: "Very professional. IGBT replaced and the drive tested under full load before handing over.", publish: true, published: true },
    { who: vizag, rating: 4, comment: "Good work on the drive; the engineer had to come from Hyderabad so it took a day longer.", publish: true, published: false },
    { who: j1, rating: 4, comment: "Fan replaced quickly. Would like the service report by e-mail too.", publish: false, published: false },
    { who: q3, rating: 3, comment: "Repair is fine but the first quote had non-OEM parts; we had to ask again.", publish: false, published: false },
    { who: j2, rating: 2, comment: "Drive tripped again two days after the visit. Nobody called us back yet.", publish: false, published: false },
  ];
  const feedbackIds = new Map<number, { id: number; token: string }>();
  for (const [i, f] of ratings.entries()) {
    if (!f.who) continue;
    const { r } = f.who;
    const completedAt = r.completedAt!;
    at(completedAt, async () => {
      const queued = await queueFeedbackRequest(getDb(), { request: r, site, now: completedAt });
      if (queued.queued) feedbackIds.set(r.id, { id: queued.feedbackId, token: queued.token });
    });
    const ratedAt = new Date(completedAt.getTime() + (6 + i * 5) * HOUR);
    at(ratedAt, async () => {
      const fb = feedbackIds.get(r.id);
      if (!fb) return;
      const result = await submitRating(fb.token, { rating: f.rating, comment: f.comment, publish: f.publish }, ratedAt);
      if (!result.ok) throw new Error(`Demo money: the rating of ${r.reference} was refused (${result.reason}).`);
    });
    if (f.published) {
      const when = new Date(ratedAt.getTime() + DAY);
      at(when, async () => {
        const fb = feedbackIds.get(r.id)!;
        const [row] = await db.select({ version: feedback.version }).from(feedback).where(eq(feedback.id, fb.id));
        must(`publishing the rating of ${r.reference}`, await changePublication(owner, fb.id, { intent: "publish", version: row!.version }, when));
      });
    }
  }
  // Asked, not answered yet.
  for (const x of [fb1, fb2]) if (x) at(x.r.completedAt!, async () => void (await queueFeedbackRequest(getDb(), { request: x.r, site, now: x.r.completedAt! })));

  // ── Run the month in order ───────────────────────────────────────────────────────────────────────
  steps.sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order);
  for (const s of steps) await s.run();

  // ── AMC contracts, last (see the top of the file): signed this month, starting today and this week ──
  const contractCustomers = rows.filter((x) => fresh(x) && x.r.status === "completed" && x.site?.stateCode === "36");
  const plans = [
    { plan: "gold", price: "180000", billing: "quarterly", startIn: 0, signed: 6, scope: "All drives, PLCs and HMIs of the main plant: monthly preventive visits, breakdown calls within 2 hours at any hour, parts at 10% off the list." },
    { plan: "silver", price: "96000", billing: "advance", startIn: 4, signed: 12, scope: "Drives and soft starters of the main plant: visits every two months, breakdown calls within 4 hours." },
    { plan: "bronze", price: "48000", billing: "quarterly", startIn: 6, signed: 3, scope: "The plant's drives: quarterly preventive visits; breakdowns at the standard response." },
  ] as const;
  for (const [i, p] of plans.entries()) {
    const x = contractCustomers[i * 3];
    if (!x) break;
    used.add(x.r.customerId!);
    const units = await db.select({ id: equipmentUnits.id }).from(equipmentUnits).where(and(eq(equipmentUnits.customerId, x.r.customerId!), eq(equipmentUnits.siteId, x.r.siteId!))).orderBy(asc(equipmentUnits.id));
    const startsOn = todayInIndia(new Date(now.getTime() + p.startIn * DAY));
    const input = newContractSchema.parse({
      plan: p.plan,
      siteId: String(x.r.siteId),
      unitIds: units.map((u) => String(u.id)),
      startsOn,
      endsOn: "",
      visitsPerYear: "",
      responseHours: "",
      price: p.price,
      gstRate: "18",
      sacCode: "998719",
      billing: p.billing,
      scope: p.scope,
      idempotencyKey: uuid(),
    });
    must(`the ${p.plan} contract`, await createContract(office, customerOf(x.r.customerId!).reference, input, ago(p.signed, 15)));
  }
  // Today's contracts run: visits due this week made into jobs, today's billing invoiced.
  await runContractsDay(now);

  return summarize(db, now);
}

async function summarize(db: Database, now: Date): Promise<DemoMoneySummary> {
  const today = todayInIndia(now);
  const quoteRows = await db.select({ status: quotes.status, validUntil: quotes.validUntil }).from(quotes);
  const quotesByState: Record<string, number> = {};
  for (const q of quoteRows) {
    const state = quoteState(q.status, q.validUntil, today);
    quotesByState[state] = (quotesByState[state] ?? 0) + 1;
  }
  const all = await db.select().from(invoices);
  const issued = all.filter((i) => i.kind === "invoice");
  const dueRows = issued.filter((i) => amountDue(i) > 0);
  const [paymentCount] = await db.select({ n: count() }).from(payments);
  const [contractCount] = await db.select({ n: count() }).from(contracts);
  const [visitCount] = await db.select({ n: count() }).from(contractVisits);
  const fb = await db.select({ rating: feedback.rating, publishStatus: feedback.publishStatus, followUp: feedback.followUp }).from(feedback);
  return {
    quotes: quoteRows.length,
    quotesByState,
    invoices: issued.length,
    creditNotes: all.length - issued.length,
    b2b: issued.filter((i) => Boolean((i.recipient as { gstin?: string | null }).gstin)).length,
    interState: issued.filter((i) => i.igstPaise > 0).length,
    payments: Number(paymentCount?.n ?? 0),
    outstandingPaise: dueRows.reduce((sum, i) => sum + amountDue(i), 0),
    overdue: dueRows.filter((i) => i.dueDate < today).length,
    contracts: Number(contractCount?.n ?? 0),
    contractVisits: Number(visitCount?.n ?? 0),
    ratings: fb.filter((f) => f.rating !== null).length,
    published: fb.filter((f) => f.publishStatus === "published").length,
    openFollowUps: fb.filter((f) => f.followUp === "open").length,
  };
}
