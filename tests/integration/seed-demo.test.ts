import { asc, count, eq, isNotNull, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { clearContentCache, seedContent } from "~/.server/content/index.ts";
import {
  auditLog,
  benchJobs,
  contracts,
  contractVisits,
  customers,
  feedback,
  invoices,
  outbox,
  partsRequests,
  paymentAllocations,
  payments,
  products,
  purchaseOrders,
  quotes,
  quoteVersions,
  requestEvents,
  serviceRequests,
  technicianProfiles,
  technicianTimeOff,
  users,
  vendorBills,
  vendorParts,
  vendors,
} from "~/.server/db/schema.ts";
import { openFollowUps, publicReviews } from "~/.server/feedback/index.ts";
import { outstandingReport } from "~/.server/payments/index.ts";
import { QUOTE_STATUSES, quoteState } from "~/lib/forms/admin/quotes.ts";
import type { StoredLine } from "~/lib/money/document.ts";
import { seedDemo, type DemoSummary } from "~/.server/demo/seed-demo.ts";
import { seedSettings } from "~/.server/settings/index.ts";
import type { BenchStage } from "~/lib/bench/stages.ts";
import { REQUEST_STATUSES } from "~/lib/requests/status.ts";
import { describeEachEngine } from "../support/test-databases.ts";

describeEachEngine("seed:demo", (database) => {
  const db = () => database().handle.db;
  /** The first test loads the demo; the second checks its money on the same database. */
  let loaded: DemoSummary | undefined;
  beforeAll(async () => {
    await seedSettings(db(), "http://localhost:3000");
    await seedContent(db());
    clearContentCache();
    process.env.STORAGE_DIR ??= database().location;
  });

  it("loads a month of work in every state, with staff in each role, technicians, customers with plants and units, the workshop and the audit log; once only", async () => {
    const summary = await seedDemo(new Date("2026-11-24T06:00:00Z"));
    loaded = summary;
    expect(summary.requests).toBe(90);
    const statuses = await db().select({ status: serviceRequests.status, n: count() }).from(serviceRequests).groupBy(serviceRequests.status);
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(REQUEST_STATUSES.map((s) => s.value)));
    const staff = await db().select({ role: users.staffRole }).from(users).where(sql`'admin' = any(${users.roles})`);
    expect(new Set(staff.map((s) => s.role))).toEqual(new Set(["owner", "office", "accounts"]));
    const [approved] = await db().select({ n: count() }).from(technicianProfiles).where(eq(technicianProfiles.status, "approved"));
    expect(approved!.n).toBeGreaterThanOrEqual(5);
    // Every request has a reference of its month, unique; every non-new request has its first call logged.
    const rows = await db().select().from(serviceRequests);
    expect(new Set(rows.map((r) => r.reference)).size).toBe(rows.length);
    // The 90 requests, and the AMC contracts' visits due this week made into jobs (./money.ts).
    expect(rows.filter((r) => r.idempotencyKey?.startsWith("demo:")).length).toBe(90);
    expect(rows.filter((r) => r.idempotencyKey?.startsWith("contract-visit:")).length).toBe(3);
    // Believable: each fault is filed under a service that repairs that equipment, never a webinar.
    const demo = rows.filter((r) => r.idempotencyKey?.startsWith("demo:"));
    expect(demo.filter((r) => /webinar|training|course/.test(r.serviceSlug ?? ""))).toEqual([]);
    for (const r of demo.filter((x) => x.equipmentBrand === "Fanuc")) expect(r.serviceSlug, r.reference).toMatch(/cnc|vmc/);
    for (const r of demo.filter((x) => /VFD|ACS|SINAMICS|A1000|Altivar/.test(x.equipmentModel ?? ""))) expect(r.serviceSlug, r.reference).toMatch(/vfd|drive/);
    for (const r of rows) {
      expect(r.reference).toMatch(/^SR-\d{4}-\d{4}$/);
      if (r.status !== "new") expect(r.firstContactAt).not.toBeNull();
      if (r.visitStart && r.assignedAt) expect(r.visitStart.getTime()).toBeGreaterThan(r.assignedAt.getTime());
    }
    const [events] = await db().select({ n: count() }).from(requestEvents);
    const [audits] = await db().select({ n: count() }).from(auditLog);
    expect(events!.n).toBeGreaterThan(200);
    expect(audits!.n).toBeGreaterThan(50);
    // Today's visits exist for the dashboard.
    const today = rows.filter((r) => r.visitStart && r.visitStart.toISOString().slice(0, 10) === "2026-11-24");
    expect(today.length).toBeGreaterThanOrEqual(1);
    // Every request belongs to a customer, who has plants and equipment; the workshop has units at every step.
    expect(rows.every((r) => r.customerId !== null)).toBe(true);
    const [customerCount] = await db().select({ n: count() }).from(customers);
    expect(summary.customers.customers).toBe(customerCount!.n);
    // Believable (issue 17): each customer is its own person at its own company, with repeat jobs.
    const people = await db().select({ name: customers.name, company: customers.company }).from(customers);
    expect(new Set(people.map((c) => c.name)).size, "no two customers share a name").toBe(people.length);
    expect(new Set(people.map((c) => c.company)).size, "no two customers share a company").toBe(people.length);
    expect(people.length).toBeGreaterThanOrEqual(15);
    expect(people.length).toBeLessThan(90);
    expect(summary.customers.sites).toBeGreaterThanOrEqual(summary.customers.customers);
    expect(summary.customers.units).toBeGreaterThan(summary.customers.sites);
    const stages = await db().select({ stage: benchJobs.stage }).from(benchJobs);
    expect(stages.length).toBe(summary.bench.jobs);
    // From just received to returned (and so under warranty): the board has something in each part.
    const seen = new Set(stages.map((s) => s.stage));
    for (const stage of ["received", "diagnosis", "testing", "ready", "returned"] satisfies BenchStage[]) expect(seen).toContain(stage);
    const [repeat] = await db().select({ n: count() }).from(benchJobs).where(isNotNull(benchJobs.warrantyRepeatOfId));
    expect(repeat!.n).toBeGreaterThanOrEqual(1);
    // The products list that quotes and parts price from.
    const [productCount] = await db().select({ n: count() }).from(products);
    expect(summary.products).toBe(productCount!.n);
    expect(summary.products).toBeGreaterThanOrEqual(20);
    await expect(seedDemo()).rejects.toThrow(/already loaded/);
  }, 90_000); // a whole month through the domain functions: 10-20 s on PGlite, more on a busy machine

  it("has a consistent month of money: quotes in every state, consecutive invoices whose totals add up, payments, outstanding, contracts and reviews", async () => {
    const now = new Date("2026-11-24T06:00:00Z");
    const money = loaded!.money;

    // Quotes: every state the list has, and a revised one keeps v1.
    const states: Record<string, number> = {};
    for (const q of await db().select({ status: quotes.status, validUntil: quotes.validUntil }).from(quotes)) {
      const state = quoteState(q.status, q.validUntil, "2026-11-24");
      states[state] = (states[state] ?? 0) + 1;
    }
    expect(states).toEqual(money.quotesByState);
    for (const state of QUOTE_STATUSES) expect(states[state] ?? 0, state).toBeGreaterThanOrEqual(1);
    expect(money.quotes).toBeGreaterThanOrEqual(12);
    const versions = await db().select({ number: quoteVersions.number }).from(quoteVersions);
    expect(versions.some((v) => v.number === 2)).toBe(true);

    // Invoices: consecutive serials in the year's series, dated in the past month in the order of their numbers.
    const issued = await db().select().from(invoices).where(eq(invoices.kind, "invoice")).orderBy(asc(invoices.serial));
    expect(issued.length).toBeGreaterThanOrEqual(10);
    issued.forEach((inv, i) => {
      expect(inv.serial).toBe(i + 1);
      expect(inv.number).toBe(`INV/2026-27/${String(i + 1).padStart(4, "0")}`);
      if (i > 0) expect(inv.issueDate >= issued[i - 1]!.issueDate).toBe(true);
      expect(inv.issueDate <= "2026-11-24" && inv.issueDate >= "2026-10-24").toBe(true);
      // The totals are the sum of the lines (plus the round-off to the rupee), tax by tax.
      const lines = inv.lines as StoredLine[];
      const sum = (k: "taxablePaise" | "cgstPaise" | "sgstPaise" | "igstPaise" | "totalPaise") => lines.reduce((a, l) => a + l[k], 0);
      expect(sum("taxablePaise")).toBe(inv.taxablePaise);
      expect(sum("cgstPaise")).toBe(inv.cgstPaise);
      expect(sum("sgstPaise")).toBe(inv.sgstPaise);
      expect(sum("igstPaise")).toBe(inv.igstPaise);
      expect(inv.taxPaise).toBe(inv.cgstPaise + inv.sgstPaise + inv.igstPaise);
      expect(sum("totalPaise") + inv.roundOffPaise).toBe(inv.totalPaise);
      expect(inv.totalPaise % 100).toBe(0);
    });
    // B2B with a GSTIN (checked) and inter-state with IGST only.
    const b2b = issued.filter((i) => (i.recipient as { gstin?: string | null }).gstin);
    expect(b2b.length).toBeGreaterThanOrEqual(2);
    for (const i of b2b) expect((i.recipient as { gstin: string }).gstin).toMatch(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/);
    const igst = issued.filter((i) => i.igstPaise > 0);
    expect(igst.length).toBeGreaterThanOrEqual(2);
    for (const i of igst) {
      expect(i.placeOfSupplyCode).not.toBe("36");
      expect(i.cgstPaise + i.sgstPaise).toBe(0);
    }
    expect(issued.some((i) => i.contractId !== null)).toBe(true);
    const notes = await db().select().from(invoices).where(eq(invoices.kind, "credit_note"));
    expect(notes.map((n) => n.number)).toEqual(["CN/2026-27/0001"]);
    expect(money).toMatchObject({ invoices: issued.length, creditNotes: 1, b2b: b2b.length, interState: igst.length });

    // Paid invoices: their allocations (and any credit) come to their totals; one part paid.
    const allocations = await db().select().from(paymentAllocations);
    const allocated = (id: number) => allocations.filter((a) => a.invoiceId === id).reduce((a, b) => a + b.amountPaise, 0);
    const paid = issued.filter((i) => i.status === "paid");
    expect(paid.length).toBeGreaterThanOrEqual(5);
    for (const i of paid) expect(allocated(i.id) + i.creditedPaise).toBe(i.totalPaise);
    for (const i of issued) expect(allocated(i.id)).toBe(i.paidPaise);
    expect(issued.filter((i) => i.status === "partly_paid").length).toBe(1);
    const methods = await db().select({ method: payments.method, ref: payments.instrumentRef }).from(payments);
    expect(new Set(methods.map((m) => m.method))).toEqual(new Set(["upi", "bank", "cheque"]));
    for (const m of methods.filter((m) => m.method === "upi")) expect(m.ref).toMatch(/^\d{12}$/);

    // Outstanding: something due, some of it overdue (the ageing and the reminders have work).
    const report = await outstandingReport(now);
    expect(report.totals.totalPaise).toBeGreaterThan(0);
    expect(report.totals.totalPaise).toBe(money.outstandingPaise);
    expect(report.totals.d0_30).toBeGreaterThan(0);
    expect(report.customers.flatMap((c) => c.invoices).filter((i) => i.daysPastDue > 0).length).toBeGreaterThanOrEqual(2);

    // Contracts: Bronze, Silver and Gold, with their visits; this week's visits made into jobs.
    const amc = await db().select().from(contracts);
    expect(amc.map((c) => c.plan).sort()).toEqual(["bronze", "gold", "silver"]);
    const visits = await db().select().from(contractVisits);
    expect(visits.length).toBe(4 + 6 + 12);
    expect(visits.filter((v) => v.requestId !== null).length).toBe(3);

    // Feedback: 5, 5, 4, 4, 3, 2; one low-rating follow-up open; two published with consent, on /reviews.
    const rated = await db().select().from(feedback).where(isNotNull(feedback.rating));
    expect(rated.map((f) => f.rating).sort()).toEqual([2, 3, 4, 4, 5, 5]);
    expect(await openFollowUps()).toBe(1);
    const published = rated.filter((f) => f.publishStatus === "published");
    expect(published.length).toBe(2);
    for (const f of published) expect(f.publishConsent && f.consentAt).toBeTruthy();
    const reviews = (await publicReviews()).filter((r) => r.source === "job");
    expect(reviews.map((r) => r.text).sort()).toEqual(published.map((f) => f.comment).sort());
  });

  it("has purchasing as the office would run it: vendors with their parts, the stores counted, every job waiting for parts on a request, orders received, billed and placed, and time off", async () => {
    const suppliers = await db().select().from(vendors);
    expect(suppliers.length).toBe(loaded!.purchasing.vendors);
    for (const v of suppliers) if (v.gstin) expect(v.gstin).toMatch(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/);
    expect(suppliers.some((v) => v.stateCode === "27"), "a vendor in another state (IGST)").toBe(true);
    expect(suppliers.some((v) => !v.gstin), "an unregistered dealer").toBe(true);
    const listed = await db().select({ vendorId: vendorParts.vendorId }).from(vendorParts);
    for (const v of suppliers) expect(listed.some((p) => p.vendorId === v.id), v.name).toBe(true);

    // Every job waiting for parts has its parts on a request; all but the newest are on an order.
    const waiting = await db().select({ id: serviceRequests.id }).from(serviceRequests).where(eq(serviceRequests.status, "awaiting_parts"));
    const asked = await db().select().from(partsRequests);
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    for (const job of waiting) expect(asked.some((p) => p.requestId === job.id)).toBe(true);
    expect(asked.length).toBe(loaded!.purchasing.partsRequests);
    const orders = await db().select().from(purchaseOrders).orderBy(asc(purchaseOrders.id));
    expect(orders.length).toBe(loaded!.purchasing.purchaseOrders);
    expect(orders.length).toBeGreaterThanOrEqual(2);
    expect(orders[0]!.status).toBe("received");
    expect(orders.at(-1)!.status).toBe("ordered");
    const bills = await db().select().from(vendorBills);
    expect(bills.map((b) => b.purchaseOrderId)).toContain(orders[0]!.id);
    for (const b of bills) expect(b.taxablePaise + b.cgstPaise + b.sgstPaise + b.igstPaise).toBe(b.totalPaise);

    // The stores: counted, with one spare below its reorder level.
    const shelf = await db().select({ onHand: products.onHand, reserved: products.reserved, reorderLevel: products.reorderLevel }).from(products);
    expect(shelf.filter((p) => p.onHand > 0).length).toBeGreaterThanOrEqual(10);
    expect(shelf.some((p) => p.reorderLevel > 0 && p.onHand - p.reserved < p.reorderLevel)).toBe(true);

    const off = await db().select({ kind: technicianTimeOff.kind }).from(technicianTimeOff);
    expect(off.map((o) => o.kind).sort()).toEqual(["leave", "unavailable"]);
  });

  it("texts staff a response-overdue alert with the customer's name and mobile, as the live alert does (not a title cut mid-sentence)", async () => {
    const texts = await db().select({ body: outbox.body }).from(outbox).where(sql`${outbox.channel} = 'sms' and ${outbox.body} like 'Response overdue%'`);
    expect(texts.length).toBeGreaterThanOrEqual(1);
    for (const t of texts) {
      expect(t.body).toMatch(/SR-\d{4}-\d{4}/);
      expect(t.body).toMatch(/\+91 \d{5} \d{5}/);
      expect(t.body).not.toMatch(/\(due/);
    }
  });
});
