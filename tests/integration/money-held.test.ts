import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { and, eq, or } from "drizzle-orm";
import fc from "fast-check";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { invoiceBilling } from "~/.server/contracts/billing.ts";
import { portalMoney } from "~/.server/customers/portal-money.ts";
import { getDb } from "~/.server/db/index.ts";
import { auditLog, contractBillings, contracts, customers, customerSites, invoices, paymentAllocations, payments, serviceRequests, users } from "~/.server/db/schema.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { issueCreditNote, remainingByLine } from "~/.server/invoices/credit-notes.ts";
import { issueInvoiceInTx } from "~/.server/invoices/issue.ts";
import { issueFromSource } from "~/.server/invoices/sources.ts";
import { applyCustomerCredit, creditBalances, customerCredit, moneyTotals, refundCustomerCredit } from "~/.server/payments/credit.ts";
import { paymentRegister, periodOf } from "~/.server/payments/exports.ts";
import { tallyVouchers } from "~/.server/accounting/tally.ts";
import { recordPaymentInTx } from "~/.server/payments/record.ts";
import { amountDue } from "~/.server/payments/shared.ts";
import { clearSettingsCache, getSiteSettings, seedSettings } from "~/.server/settings/index.ts";
import type { DocumentLine } from "~/lib/money/document.ts";
import { action as customerAction } from "~/routes/admin/customers/customer.tsx";
import { action as webhookAction } from "~/routes/api/payment-webhook.ts";
import { startFakeGateway, type FakeGateway } from "../support/fake-gateway.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, inRole, routeArgs, thrownStatus, BACK_OFFICE } from "../support/staff-routes.ts";

/**
 * Issue 17 §2, money that could go missing: one invoice per source however many press "Issue" at once (a
 * completed job, a contract's billing date), a second one only by a deliberate, audited choice; a credit
 * note larger than what is still due keeps the excess as the customer's credit, which is applied to a later
 * invoice or paid back with a refund voucher; and, for any sequence of invoices, payments, credit notes,
 * refunds and gateway payments, received = allocated + customer credit + refunded to the paisa, with no
 * invoice ever owing a negative amount.
 */

const TODAY = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const ACTOR = { userId: null, label: "Test", ipAddress: null };

const line = (ratePaise: number, over: Partial<DocumentLine> = {}): DocumentLine => ({
  kind: "service",
  productId: null,
  description: "Repair of a Delta VFD-EL 2.2 kW drive",
  hsnSac: "998719",
  quantityMilli: 1000,
  unit: "job",
  ratePaise,
  discountPaise: 0,
  gstRate: 18,
  ...over,
});

describeEachEngine("money held", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), "money-held-test-"));
  const pid = String(process.pid % 1000).padStart(3, "0");
  let accounts: StaffMember;
  let gateway: FakeGateway;
  let n = 0;

  async function customer() {
    n += 1;
    const [c] = await db()
      .insert(customers)
      .values({ reference: `CU-2611-${String(8000 + n)}`, mobile: `+9197${pid}${String(10000 + n).slice(-5)}`, name: `Lakshmi ${n}`, company: `Godavari Pumps ${n}` })
      .returning();
    const [site] = await db().insert(customerSites).values({ customerId: c!.id, name: "Works", city: "Hyderabad", stateCode: "36" }).returning();
    return { ...c!, siteId: site!.id };
  }

  async function completedRequest(c: { id: number; siteId: number }) {
    const [r] = await db()
      .insert(serviceRequests)
      .values({
        reference: `SR-2611-${String(8000 + ++n)}`,
        kind: "full",
        status: "completed",
        contactName: "Lakshmi",
        mobile: "+919848012345",
        faultDescription: "Drive trips on overvoltage while decelerating.",
        urgency: "planned",
        consentVersion: "t",
        consentAt: new Date(),
        idempotencyKey: randomUUID(),
        customerId: c.id,
        siteId: c.siteId,
      })
      .returning();
    return r!;
  }

  const issue = (customerId: number, ratePaise: number) => getDb().transaction((tx) => issueInvoiceInTx(tx, { customerId, lines: [line(ratePaise)], actor: ACTOR }));

  async function pay(customerId: number, amountPaise: number, allocations: Array<{ invoiceId: number; paise: number }> = [], allowAdvance = true) {
    const site = await getSiteSettings();
    return getDb().transaction((tx) =>
      recordPaymentInTx(
        tx,
        { customerId, method: "cash", amountPaise, receivedOn: TODAY, instrumentRef: null, note: null, recordedBy: accounts.userId, idempotencyKey: null, allocations, allowAdvance },
        ACTOR,
        site,
      ),
    );
  }

  const invoiceRow = async (id: number) => (await db().select().from(invoices).where(eq(invoices.id, id)))[0]!;

  beforeAll(async () => {
    gateway = await startFakeGateway();
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "m".repeat(40), DATA_DIR: storage, ...gateway.env }));
    await seedSettings(db(), "http://localhost:3000");
    clearSettingsCache();
    const a = await upsertUserWithRole(`+9190${pid}00701`, "admin", db(), "Kavya Accounts");
    await db().update(users).set({ staffRole: "accounts" }).where(eq(users.id, a.id));
    accounts = asStaff("accounts", { userId: a.id, name: "Kavya Accounts", ipAddress: "203.0.113.10" });
  });
  afterAll(async () => {
    await gateway.close();
    setServerConfig(previousConfig);
    clearSettingsCache();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  it("issues one invoice for a completed job from 20 simultaneous posts; a second only when ticked deliberately, once, and audited", { timeout: 60_000 }, async () => {
    const c = await customer();
    const r = await completedRequest(c);
    const post = () => issueFromSource(accounts, { kind: "request", reference: r.reference }, { lines: [line(4_500_00)], idempotencyKey: randomUUID() });
    const results = await Promise.all(Array.from({ length: 20 }, post));
    const made = await db().select().from(invoices).where(and(eq(invoices.requestId, r.id), eq(invoices.kind, "invoice")));
    expect(made).toHaveLength(1);
    expect(made[0]!.sourceKey).toBe(`request:${r.id}`);
    expect(results.filter((x) => x.ok && x.created)).toHaveLength(1);
    // The others are told, beside the "another" box, which invoice the job already has.
    for (const x of results.filter((x) => !(x.ok && x.created))) {
      expect(x).toMatchObject({ ok: false, field: "another", message: expect.stringContaining(made[0]!.number) as unknown });
    }

    // Five people tick "Issue another" on a page that showed the one invoice: one second invoice, not five.
    const another = () => issueFromSource(accounts, { kind: "request", reference: r.reference }, { lines: [line(1_200_00)], another: true, seenInvoices: 1, idempotencyKey: randomUUID() });
    const seconds = await Promise.all(Array.from({ length: 5 }, another));
    const after = await db().select().from(invoices).where(and(eq(invoices.requestId, r.id), eq(invoices.kind, "invoice")));
    expect(after.map((i) => i.sourceKey).sort()).toEqual([`request:${r.id}`, `request:${r.id}/2`]);
    expect(seconds.filter((x) => x.ok && x.created)).toHaveLength(1);
    const second = after.find((i) => i.sourceKey === `request:${r.id}/2`)!;
    expect(await db().select({ action: auditLog.action, actor: auditLog.actorLabel }).from(auditLog).where(and(eq(auditLog.entityType, "invoice"), eq(auditLog.entityId, String(second.id))))).toEqual(
      expect.arrayContaining([{ action: "invoice.issue_another", actor: "Kavya Accounts" }]),
    );
  });

  it("invoices a contract's billing date once from 20 simultaneous runs and clicks", { timeout: 60_000 }, async () => {
    const c = await customer();
    const [k] = await db()
      .insert(contracts)
      .values({ reference: `AMC-2611-${String(8000 + ++n)}`, customerId: c.id, siteId: c.siteId, plan: "silver", startsOn: TODAY, endsOn: `${Number(TODAY.slice(0, 4)) + 1}${TODAY.slice(4)}`, visitsPerYear: 4, responseHours: 8, pricePaise: 48_000_00, billing: "advance" })
      .returning();
    const [billing] = await db().insert(contractBillings).values({ contractId: k!.id, seq: 1, dueOn: TODAY, amountPaise: 48_000_00 }).returning();
    const results = await Promise.all(Array.from({ length: 20 }, () => invoiceBilling(billing!.id, ACTOR, new Date(), k!.id)));
    expect(results.filter((x) => x.ok)).toHaveLength(1);
    expect(results.filter((x) => !x.ok).every((x) => !x.ok && x.reason === "already")).toBe(true);
    const made = await db().select().from(invoices).where(eq(invoices.contractId, k!.id));
    expect(made).toHaveLength(1);
    expect(made[0]!.sourceKey).toBe(`contract-billing:${billing!.id}`);
  });

  it("keeps what a credit note returns beyond the balance as the customer's credit, applies it to the next invoice, and refunds the rest with a numbered voucher in the register", async () => {
    const c = await customer();
    // The issue's figures: ₹27,073.00 invoiced, ₹10,000.50 paid, then credited ₹23,855.67.
    const first = await issue(c.id, 22_943_22);
    expect((await invoiceRow(first.id)).totalPaise).toBe(27_073_00);
    const receipt = await pay(c.id, 10_000_50, [{ invoiceId: first.id, paise: 10_000_50 }], false);
    const note = await issueCreditNote(accounts, first.id, { reason: "Rate corrected", scope: "lines", amounts: { 0: 20_216_67 }, idempotencyKey: randomUUID() });
    expect(note).toMatchObject({ ok: true, created: true, heldAsCreditPaise: 6_783_17 });
    const credited = await invoiceRow(first.id);
    expect(credited).toMatchObject({ creditedPaise: 23_855_67, paidPaise: 3_217_33, status: "paid" });
    expect(amountDue(credited)).toBe(0);
    expect(await customerCredit(db(), c.id)).toBe(6_783_17);
    expect((await db().select().from(payments).where(eq(payments.id, receipt.id)))[0]).toMatchObject({ amountPaise: 10_000_50, unallocatedPaise: 6_783_17 });
    // Shown to the office (the customer's record, /admin/payments) and to the customer (the portal).
    expect((await portalMoney(c.id, { audience: "office" })).creditPaise).toBe(6_783_17);
    expect((await portalMoney(c.id)).creditPaise).toBe(6_783_17);
    expect((await creditBalances(db(), 1000)).find((b) => b.customerId === c.id)?.creditPaise).toBe(6_783_17);

    // Applied to the next invoice (₹5,900.00): a stale form (another balance shown) is refused first.
    const next = await issue(c.id, 5_000_00);
    expect(await applyCustomerCredit(accounts, c.id, { invoiceId: next.id, amountPaise: 5_900_00, seenCreditPaise: 1 })).toMatchObject({ ok: false, field: "form" });
    expect(await applyCustomerCredit(accounts, c.id, { invoiceId: next.id, amountPaise: 7_000_00, seenCreditPaise: 6_783_17 })).toMatchObject({ ok: false, field: "amount" });
    const applied = await applyCustomerCredit(accounts, c.id, { invoiceId: next.id, amountPaise: 5_900_00, seenCreditPaise: 6_783_17 });
    expect(applied).toMatchObject({ ok: true, message: expect.stringContaining("now paid") as unknown });
    expect(await invoiceRow(next.id)).toMatchObject({ paidPaise: 5_900_00, status: "paid" });
    expect(await customerCredit(db(), c.id)).toBe(883_17);
    // The same form again: the balance it showed is gone, nothing is applied twice.
    expect(await applyCustomerCredit(accounts, c.id, { invoiceId: next.id, amountPaise: 5_900_00, seenCreditPaise: 6_783_17 })).toMatchObject({ ok: false });

    // The rest paid back: RV/yyyy-yy/nnnn, one voucher however often the form is sent, more than the credit refused.
    expect(await refundCustomerCredit(accounts, c.id, { amountPaise: 900_00, method: "bank", instrumentRef: null, paidOn: TODAY, note: null, idempotencyKey: randomUUID() })).toMatchObject({ ok: false, field: "amount" });
    const key = randomUUID();
    const refund = { amountPaise: 883_17, method: "upi" as const, instrumentRef: "612345678901", paidOn: TODAY, note: null, idempotencyKey: key };
    const [r1, r2] = await Promise.all([refundCustomerCredit(accounts, c.id, refund), refundCustomerCredit(accounts, c.id, refund)]);
    expect(r1.ok && r2.ok).toBe(true);
    if (!r1.ok || !r2.ok) return;
    expect(r1.reference).toBe(r2.reference);
    expect(r1.reference).toMatch(/^RV\/\d{4}-\d{2}\/\d{4}$/);
    expect(r1.reference!.length).toBeLessThanOrEqual(16);
    expect(await customerCredit(db(), c.id)).toBe(0);
    const audits = await db().select({ action: auditLog.action }).from(auditLog).where(or(eq(auditLog.action, "credit.apply"), eq(auditLog.action, "credit.refund")));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(["credit.apply", "credit.refund"]));
    const register = await paymentRegister(periodOf(`m:${TODAY.slice(0, 7)}`));
    expect(register.rows.find((row) => row.reference === r1.reference)).toMatchObject({ amountPaise: -883_17, customerReference: c.reference });
    // The accountant's Tally file carries the refund as a Payment voucher that balances: party debited, bank credited.
    const vouchers = await tallyVouchers(periodOf(`m:${TODAY.slice(0, 7)}`));
    const paidBack = vouchers.find((v) => v.number === r1.reference);
    expect(paidBack).toMatchObject({ type: "Payment", date: TODAY });
    expect(paidBack!.entries.map((e) => e.amountPaise).sort((a, b) => a - b)).toEqual([-883_17, 883_17]);
    const totals = await moneyTotals(db(), c.id);
    expect(totals).toMatchObject({ receivedPaise: 10_000_50, allocatedPaise: 3_217_33 + 5_900_00, creditPaise: 0, refundedPaise: 883_17 });
  });

  it("refunds from the customer's page: bad input answered beside its field, staff without the money permission refused", async () => {
    const c = await customer();
    await pay(c.id, 2_000_00);
    const post = (staff: StaffMember, body: Record<string, string>) => {
      return customerAction(routeArgs(`/admin/customers/${c.reference}`, { staff, params: { reference: c.reference }, body, origin: BACK_OFFICE, address: "203.0.113.10" }));
    };
    const form = { intent: "refund-credit", amount: "2,500", method: "bank", paidOn: TODAY, instrumentRef: "", note: "", idempotencyKey: randomUUID() };
    expect(await thrownStatus(post(inRole(accounts, "office"), form))).toBe(403);
    const tooMuch = (await post(accounts, form)) as { data: { errors: Record<string, string> }; init: { status: number } };
    expect(tooMuch.init.status).toBe(400);
    expect(tooMuch.data.errors).toEqual({ amount: "The customer has ₹2,000.00 of credit: refund at most that." });
    const badDate = (await post(accounts, { ...form, amount: "abc", paidOn: "2099-01-01" })) as { data: { errors: Record<string, string> } };
    expect(badDate.data.errors).toMatchObject({ amount: expect.stringContaining("in rupees") as unknown, paidOn: "The date cannot be in the future" });
    const done = (await post(accounts, { ...form, amount: "2000" })) as Response;
    expect(done.status).toBe(303);
    expect(await customerCredit(db(), c.id)).toBe(0);
  });

  it("numbers refund vouchers consecutively under concurrent refunds, with no gaps", { timeout: 60_000 }, async () => {
    const c = await customer();
    await pay(c.id, 10_000_00);
    const made = await Promise.all(
      Array.from({ length: 10 }, () => refundCustomerCredit(accounts, c.id, { amountPaise: 1_000_00, method: "cash", instrumentRef: null, paidOn: TODAY, note: null, idempotencyKey: randomUUID() })),
    );
    const numbers = made.map((m) => (m.ok ? m.reference! : "")).sort();
    const serials = numbers.map((x) => Number(x.slice(-4)));
    expect(serials.every((s, i) => i === 0 || s === serials[i - 1]! + 1)).toBe(true);
    expect(await customerCredit(db(), c.id)).toBe(0);
  });

  it(
    "property: for any sequence of invoices, payments, credit notes, credit applied, refunds and gateway payments, received = allocated + credit + refunded and nothing is ever owed below zero",
    { timeout: 120_000 },
    async () => {
      const webhook = (request: Request) => {
        const context = new RouterContextProvider();
        context.set(clientAddressContext, "198.51.100.7");
        return webhookAction({ request, context, params: {}, url: new URL(request.url) } as never) as Promise<Response>;
      };
      const paise = fc.integer({ min: 1, max: 50_000_00 });
      const op = fc.oneof(
        fc.record({ kind: fc.constant("invoice" as const), rate: fc.integer({ min: 1_00, max: 40_000_00 }) }),
        fc.record({ kind: fc.constant("pay" as const), amount: paise, pick: fc.nat() }),
        fc.record({ kind: fc.constant("credit" as const), pick: fc.nat(), share: fc.double({ min: 0.01, max: 1, noNaN: true }), full: fc.boolean() }),
        fc.record({ kind: fc.constant("apply" as const), pick: fc.nat(), share: fc.double({ min: 0.01, max: 1, noNaN: true }) }),
        fc.record({ kind: fc.constant("refund" as const), share: fc.double({ min: 0.01, max: 1, noNaN: true }) }),
        fc.record({ kind: fc.constant("gateway" as const), pick: fc.nat(), delta: fc.integer({ min: -5_000_00, max: 5_000_00 }) }),
      );
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
          runs += 1;
          const c = await customer();
          const ids: number[] = [];
          for (const o of ops) {
            const target = (pick: number) => (ids.length ? ids[pick % ids.length] : undefined);
            if (o.kind === "invoice") ids.push((await issue(c.id, o.rate)).id);
            else if (o.kind === "pay") {
              const id = target(o.pick);
              const due = id ? amountDue(await invoiceRow(id)) : 0;
              await pay(c.id, o.amount, id && due > 0 ? [{ invoiceId: id, paise: Math.min(due, o.amount) }] : []);
            } else if (o.kind === "credit") {
              const id = target(o.pick);
              if (!id) continue;
              const inv = await invoiceRow(id);
              const left = (await remainingByLine(db(), inv))[0] ?? 0;
              const amount = Math.max(1, Math.floor(left * o.share));
              await issueCreditNote(accounts, id, { reason: "Property", scope: o.full ? "full" : "lines", amounts: { 0: amount }, idempotencyKey: randomUUID() });
            } else if (o.kind === "apply") {
              const id = target(o.pick);
              if (!id) continue;
              const credit = await customerCredit(db(), c.id);
              const due = amountDue(await invoiceRow(id));
              const amount = Math.floor(Math.min(credit, due) * o.share);
              if (amount > 0) expect(await applyCustomerCredit(accounts, c.id, { invoiceId: id, amountPaise: amount, seenCreditPaise: credit })).toMatchObject({ ok: true });
            } else if (o.kind === "refund") {
              const amount = Math.floor((await customerCredit(db(), c.id)) * o.share);
              if (amount > 0) {
                expect(await refundCustomerCredit(accounts, c.id, { amountPaise: amount, method: "bank", instrumentRef: null, paidOn: TODAY, note: null, idempotencyKey: randomUUID() })).toMatchObject({ ok: true });
              }
            } else {
              const id = target(o.pick);
              if (!id) continue;
              const inv = await invoiceRow(id);
              const amount = Math.max(1, amountDue(inv) + o.delta);
              const hook = gateway.sign({
                entity: "event",
                event: "payment.captured",
                payload: { payment: { entity: { id: `pay_${randomUUID().slice(0, 12)}`, entity: "payment", amount, currency: "INR", status: "captured", notes: { invoice_number: inv.number } } } },
              });
              expect((await gateway.deliver(hook, webhook)).status).toBe(200);
            }
          }
          const totals = await moneyTotals(db(), c.id);
          expect(totals.receivedPaise).toBe(totals.allocatedPaise + totals.creditPaise + totals.refundedPaise);
          expect(totals.paidOnInvoicesPaise).toBe(totals.allocatedPaise);
          const rows = await db().select().from(invoices).where(and(eq(invoices.customerId, c.id), eq(invoices.kind, "invoice")));
          for (const inv of rows) {
            expect(inv.totalPaise - inv.paidPaise - inv.creditedPaise).toBeGreaterThanOrEqual(0);
            expect(inv.paidPaise).toBeGreaterThanOrEqual(0);
            const [allocated] = await db().select({ sum: paymentAllocations.amountPaise }).from(paymentAllocations).where(eq(paymentAllocations.invoiceId, inv.id));
            if (inv.paidPaise === 0) expect(allocated?.sum ?? 0).toBe(0);
          }
          const received = await db().select().from(payments).where(eq(payments.customerId, c.id));
          expect(received.every((p) => p.unallocatedPaise >= 0 && p.unallocatedPaise <= p.amountPaise)).toBe(true);
        }),
        {
          numRuns: 40,
          // Found by a CI run: an invoice rounded down to ₹1.00 (₹1.18 with GST), credited 85%, came to ₹1.01.
          examples: [[[{ kind: "invoice", rate: 100 }, { kind: "credit", pick: 0, share: 0.85, full: false }]]],
        },
      );
      expect(runs).toBeGreaterThan(0);
    },
  );
});
