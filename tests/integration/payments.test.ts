import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { auditLog, customers, invoices, outbox, paymentAllocations, payments, users } from "~/.server/db/schema.ts";
import { signLinkToken } from "~/.server/links/signed.ts";
import { gstr1File, paymentRegister, periodOf } from "~/.server/payments/exports.ts";
import { listPayments } from "~/.server/payments/list.ts";
import { bucketOf, outstandingReport } from "~/.server/payments/outstanding.ts";
import { repairOverCreditedInvoices } from "~/.server/payments/over-credit-repair.ts";
import { allocateAdvance, recordPayment } from "~/.server/payments/record.ts";
import { dueSlot, nextRemindersAt, sendPaymentReminders } from "~/.server/payments/reminders.ts";
import { clearSettingsCache, saveSettingsGroup, seedSettings, readSettingsForEditing } from "~/.server/settings/index.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { type StaffRole } from "~/lib/auth/permissions.ts";
import { recordPaymentSchema, type RecordPaymentInput } from "~/lib/forms/admin/payments.ts";
import { rupeesInWords } from "~/lib/money/amount-in-words.ts";
import { invoiceTotals, type LineInput } from "~/lib/money/gst.ts";
import { GST_STATES } from "~/lib/settings-schema.ts";
import { action as newAction, loader as newLoader } from "~/routes/admin/payments/new.tsx";
import { middleware as listMiddleware } from "~/routes/admin/payments/route.tsx";
import { loader as signedReceipt } from "~/routes/documents/receipt-pdf.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, BACK_OFFICE } from "../support/staff-routes.ts";

/**
 * Payments (issue 11 §4): recording UPI, bank, cash and cheque payments against a customer's invoices
 * (partial, oldest first, advances), the refusals (bad amounts, over what is due, the same UTR or form
 * twice, two people at once), the receipt SMS and PDF, the register and its CSV, outstanding with ageing,
 * reminders on the settings' schedule, and the GSTR-1 exports. Invoices are made by a fixture here.
 */

const errorsOf = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

const TODAY = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

describe("the record form", () => {
  const base = { customer: "CU-2611-0001", method: "upi", amount: "11,800", receivedOn: TODAY, utr: "412345678901" };
  it("turns rupees into paise and explains a bad amount, date or reference beside its field", () => {
    expect(recordPaymentSchema.parse(base)).toMatchObject({ amountPaise: 11_80_000, instrumentRef: "412345678901", method: "upi", allocations: [], advance: false });
    expect(errorsOf(recordPaymentSchema.safeParse({ ...base, amount: "-500" }))).toEqual({ amount: "The amount cannot be negative" });
    expect(errorsOf(recordPaymentSchema.safeParse({ ...base, amount: "0" }))).toEqual({ amount: "The amount must be more than zero" });
    expect(errorsOf(recordPaymentSchema.safeParse({ ...base, amount: "99999999999" }))).toEqual({ amount: "The amount is more than ₹5 crore: check the figure" });
    expect(errorsOf(recordPaymentSchema.safeParse({ ...base, amount: "12.345" }))).toEqual({ amount: "Enter the amount in rupees, e.g. 12500 or 1234.50 (at most two decimals)" });
    expect(errorsOf(recordPaymentSchema.safeParse({ ...base, receivedOn: "2099-01-01" }))).toEqual({ receivedOn: "The date cannot be in the future" });
    expect(errorsOf(recordPaymentSchema.safeParse({ ...base, utr: "41234567" }))).toEqual({ utr: "A UPI UTR (transaction reference) has 12 digits" });
    expect(errorsOf(recordPaymentSchema.safeParse({ ...base, utr: "" }))).toEqual({ utr: "Enter the UPI UTR (12 digits, in the customer's payment app or the bank statement)" });
    expect(errorsOf(recordPaymentSchema.safeParse({ ...base, method: "cheque", chequeNumber: "12345" }))).toEqual({ chequeNumber: "A cheque number has 6 digits" });
    expect(errorsOf(recordPaymentSchema.safeParse({ ...base, method: "cheque", chequeNumber: "123456" }))).toEqual({ chequeBank: "Enter the bank the cheque is drawn on" });
    expect(errorsOf(recordPaymentSchema.safeParse({ ...base, "allocate-7": "-1" }))).toEqual({ "allocate-7": "The amount to allocate cannot be negative" });
    expect(recordPaymentSchema.parse({ ...base, "allocate-7": "5,000", "allocate-9": "", "allocate-3": "0" }).allocations).toEqual([{ invoiceId: 7, paise: 5_00_000 }]);
    expect(recordPaymentSchema.parse({ ...base, method: "cash", utr: "" }).instrumentRef).toBeNull();
  });

  it("is a Money screen; the ageing buckets and reminder slots are counted as documented", () => {
    expect(screenFor("/admin/payments/RC-2611-0001")).toMatchObject({ path: "/admin/payments", permission: "money", built: true });
    expect([-1, 0, 30, 31, 60, 61, 90, 91].map(bucketOf)).toEqual(["notDue", "d0_30", "d0_30", "d31_60", "d31_60", "d61_90", "d61_90", "d90plus"]);
    expect([0, 6, 7, 13, 14, 21].map((d) => dueSlot(d, 7))).toEqual([0, 0, 1, 1, 2, 3]);
    expect(dueSlot(100, 0)).toBe(0);
    // 10:00 India time is 04:30 UTC.
    expect(nextRemindersAt(new Date("2026-11-24T03:00:00Z")).toISOString()).toBe("2026-11-24T04:30:00.000Z");
    expect(nextRemindersAt(new Date("2026-11-24T05:00:00Z")).toISOString()).toBe("2026-11-25T04:30:00.000Z");
  });
});

const SERVICE_LINE: LineInput = { description: "Repair of ABB ACS580 7.5 kW drive", hsnSac: "998719", quantityMilli: 1000, unit: "job", ratePaise: 10_000_00, discountPaise: 0, gstRate: 18 };

describeEachEngine("payments", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), "payments-test-"));
  const pid = String(process.pid % 1000).padStart(3, "0");
  let accounts: StaffMember;
  let counter = 0;
  let serial = 0;

  const staffMember = (userId: number, role: StaffRole, name: string): StaffMember => asStaff(role, { userId, name, ipAddress: "203.0.113.8" });

  async function customer(over: Partial<typeof customers.$inferInsert> = {}) {
    const n = ++counter;
    const [row] = await db()
      .insert(customers)
      .values({ reference: `CU-2611-${String(n).padStart(4, "0")}`, mobile: `+9191${pid}${String(n).padStart(5, "0")}`, name: `Customer ${n}`, company: `Plant ${n} Pvt Ltd`, ...over })
      .returning();
    return row!;
  }

  async function invoice(customerId: number, over: { lines?: LineInput[]; issueDate?: string; dueDate?: string; stateCode?: string; gstin?: string | null; kind?: "invoice" | "credit_note"; creditOfId?: number; status?: "issued" | "cancelled" } = {}) {
    const kind = over.kind ?? "invoice";
    const stateCode = over.stateCode ?? "36";
    const totals = invoiceTotals(over.lines ?? [SERVICE_LINE], { code: stateCode });
    const n = ++serial;
    const stateName = GST_STATES[stateCode]!;
    const [row] = await db()
      .insert(invoices)
      .values({
        kind,
        number: `${kind === "invoice" ? "INV" : "CN"}/2026-27/${String(n).padStart(4, "0")}`,
        financialYear: "2026-27",
        serial: n,
        customerId,
        creditOfId: over.creditOfId ?? null,
        issueDate: over.issueDate ?? TODAY,
        dueDate: over.dueDate ?? TODAY,
        supplier: { name: "Deccan Automation", gstin: "36AAAAA0000A1Z3", stateCode: "36", stateName: "Telangana" },
        recipient: { name: `Recipient ${n}`, company: over.gstin ? `Registered ${n} Pvt Ltd` : null, gstin: over.gstin ?? null, stateCode, stateName },
        placeOfSupplyCode: stateCode,
        placeOfSupplyName: stateName,
        placeOfSupplyBasis: over.gstin ? "recipient-gstin" : "recipient-address",
        lines: totals.lines.map((l, i) => ({ ...(over.lines ?? [SERVICE_LINE])[i]!, ...l, kind: "service" })),
        taxablePaise: totals.taxablePaise,
        cgstPaise: totals.cgstPaise,
        sgstPaise: totals.sgstPaise,
        igstPaise: totals.igstPaise,
        taxPaise: totals.taxPaise,
        totalPaise: totals.payablePaise,
        amountInWords: rupeesInWords(totals.payablePaise),
        status: over.status ?? "issued",
      })
      .returning();
    return row!;
  }

  const reload = async (id: number) => (await db().select().from(invoices).where(eq(invoices.id, id)))[0]!;
  const utr = () => `4${pid}${String(++counter).padStart(8, "0")}`;
  const input = (c: { reference: string }, over: Partial<Record<string, string>> = {}): RecordPaymentInput =>
    recordPaymentSchema.parse({ customer: c.reference, method: "upi", amount: "11800", receivedOn: TODAY, utr: utr(), idempotencyKey: randomUUID(), ...over });

  beforeAll(async () => {
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), DATA_DIR: storage }));
    await seedSettings(db(), "http://localhost:3000");
    clearSettingsCache();
    const a = await upsertUserWithRole(`+9190${pid}00501`, "admin", db(), "Anita Accounts");
    await db().update(users).set({ staffRole: "accounts" }).where(eq(users.id, a.id));
    accounts = staffMember(a.id, "accounts", "Anita Accounts");
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    clearSettingsCache();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  it("records a part payment and then the rest: the invoice goes issued -> partly paid -> paid, with receipts, SMS and audit", async () => {
    const c = await customer();
    const inv = await invoice(c.id);
    expect(inv.totalPaise).toBe(11_80_000);
    const first = await recordPayment(accounts, input(c, { amount: "5,000" }));
    expect(first).toMatchObject({ ok: true, reference: expect.stringMatching(/^RC-\d{4}-\d{4}$/) as unknown });
    expect(await reload(inv.id)).toMatchObject({ paidPaise: 5_00_000, status: "partly_paid" });
    const second = await recordPayment(accounts, input(c, { amount: "6800" }));
    expect(second).toMatchObject({ ok: true, message: expect.stringContaining(`${inv.number} (now paid)`) as unknown });
    expect(await reload(inv.id)).toMatchObject({ paidPaise: 11_80_000, status: "paid" });
    if (!first.ok || !second.ok) throw new Error("not recorded");
    // Consecutive receipt numbers.
    expect(Number(second.reference.slice(-4)) - Number(first.reference.slice(-4))).toBe(1);

    const [sms] = await db().select().from(outbox).where(eq(outbox.dedupeKey, `payment:${first.reference}:receipt-sms`));
    expect(sms).toMatchObject({ channel: "sms", recipient: c.mobile });
    expect(sms!.body).toContain(`: we have received Rs 5,000.00, receipt ${first.reference}. Thank you. Receipt: http://localhost:3000/d/receipt/${first.id}.`);

    const entries = await db().select().from(auditLog).where(and(eq(auditLog.entityType, "payment"), eq(auditLog.entityId, String(first.id))));
    expect(entries).toMatchObject([{ action: "payment.record", actorLabel: "Anita Accounts", entityLabel: first.reference, after: { amountPaise: 5_00_000, allocations: [{ invoice: inv.number, amountPaise: 5_00_000, status: "partly_paid" }] } }]);
  });

  it("pays the oldest invoice first when no allocation is typed, and exactly what is typed otherwise", async () => {
    const c = await customer();
    const old = await invoice(c.id, { issueDate: daysAgo(40), dueDate: daysAgo(25) });
    const recent = await invoice(c.id, { issueDate: daysAgo(5), dueDate: daysAgo(-10) });
    const auto = await recordPayment(accounts, input(c, { amount: "15000" }));
    expect(auto.ok).toBe(true);
    expect(await reload(old.id)).toMatchObject({ paidPaise: 11_80_000, status: "paid" });
    expect(await reload(recent.id)).toMatchObject({ paidPaise: 3_20_000, status: "partly_paid" });

    const later = await invoice(c.id);
    const typed = await recordPayment(accounts, input(c, { amount: "2000", [`allocate-${later.id}`]: "2000" }));
    expect(typed.ok).toBe(true);
    expect(await reload(recent.id)).toMatchObject({ paidPaise: 3_20_000 });
    expect(await reload(later.id)).toMatchObject({ paidPaise: 2_00_000, status: "partly_paid" });
  });

  it("refuses an allocation over an invoice's due, allocations over the payment, and a payment over what is due unless kept as an advance", async () => {
    const c = await customer();
    const inv = await invoice(c.id);
    expect(await recordPayment(accounts, input(c, { amount: "20000", [`allocate-${inv.id}`]: "12000" }))).toEqual({
      ok: false,
      field: `allocate-${inv.id}`,
      message: `This is more than the ₹11,800.00 due on ${inv.number}.`,
    });
    expect(await recordPayment(accounts, input(c, { amount: "100", [`allocate-${inv.id}`]: "500" }))).toMatchObject({ ok: false, field: "amount", message: "The allocations add up to ₹500.00, more than the payment's ₹100.00." });
    expect(await recordPayment(accounts, input(c, { amount: "12000" }))).toMatchObject({
      ok: false,
      field: "amount",
      message: '₹200.00 of this payment is not allocated (₹11,800.00 is due in all). Allocate it, or tick "Keep the rest as an advance".',
    });
    expect((await reload(inv.id)).paidPaise).toBe(0);
    const other = await customer();
    const foreign = await invoice(other.id);
    expect(await recordPayment(accounts, input(c, { amount: "100", [`allocate-${foreign.id}`]: "100" }))).toMatchObject({ ok: false, field: `allocate-${foreign.id}` });

    const advance = await recordPayment(accounts, input(c, { amount: "12000", advance: "yes" }));
    if (!advance.ok) throw new Error(advance.message);
    expect(advance.message).toContain("₹200.00 kept as an advance");
    const [p] = await db().select().from(payments).where(eq(payments.id, advance.id));
    expect(p).toMatchObject({ amountPaise: 12_00_000, unallocatedPaise: 20_000 });
    expect(await reload(inv.id)).toMatchObject({ status: "paid" });

    // The advance, allocated later to a new invoice; not more than is left.
    const next = await invoice(c.id);
    expect(await allocateAdvance(accounts, advance.id, [{ invoiceId: next.id, paise: 30_000 }])).toMatchObject({ ok: false, field: "form", message: "The allocations add up to ₹300.00, more than the advance's ₹200.00." });
    expect(await allocateAdvance(accounts, advance.id, [{ invoiceId: next.id, paise: 20_000 }])).toMatchObject({ ok: true });
    expect((await db().select().from(payments).where(eq(payments.id, advance.id)))[0]!.unallocatedPaise).toBe(0);
    expect(await reload(next.id)).toMatchObject({ paidPaise: 20_000, status: "partly_paid" });
  });

  it("records one payment however often the same UTR, cheque or form is sent, even by two people at once", async () => {
    const c = await customer();
    const inv = await invoice(c.id);
    const same = utr();
    const first = await recordPayment(accounts, input(c, { amount: "1000", utr: same }));
    if (!first.ok) throw new Error(first.message);
    expect(await recordPayment(accounts, input(c, { amount: "1000", utr: same }))).toEqual({
      ok: false,
      field: "utr",
      message: `This UTR is already recorded, as receipt ${first.reference}.`,
      existing: { reference: first.reference },
    });
    // Two people at the same moment, the same UTR.
    const race = utr();
    const both = await Promise.all([recordPayment(accounts, input(c, { amount: "1000", utr: race })), recordPayment(accounts, input(c, { amount: "1000", utr: race }))]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toMatchObject({ field: "utr", existing: { reference: (both.find((r) => r.ok) as { reference: string }).reference } });
    // The same form twice (its key): one payment, shown both times.
    const form = input(c, { amount: "500" });
    const again = await Promise.all([recordPayment(accounts, form), recordPayment(accounts, form)]);
    expect(again, JSON.stringify(again)).toMatchObject([{ ok: true }, { ok: true }]);
    expect(new Set(again.map((r) => (r as { reference: string }).reference)).size).toBe(1);
    // A cheque: one record per customer and number.
    const cheque = { method: "cheque", utr: "", chequeNumber: "004512", chequeBank: "HDFC Bank", amount: "700" };
    const chq = await recordPayment(accounts, input(c, cheque));
    expect(chq.ok).toBe(true);
    expect(await recordPayment(accounts, input(c, { ...cheque, chequeBank: "HDFC" }))).toMatchObject({ ok: false, field: "chequeNumber" });
    expect(await recordPayment(accounts, input(await customer(), { ...cheque, advance: "yes" }))).toMatchObject({ ok: true });
    expect((await reload(inv.id)).paidPaise).toBe(1000_00 + 1000_00 + 500_00 + 700_00);
  });

  it("never overpays an invoice when two payments are allocated to it at once", async () => {
    const c = await customer();
    const inv = await invoice(c.id);
    const results = await Promise.all(
      [0, 1, 2].map(() => recordPayment(accounts, input(c, { amount: "11800", [`allocate-${inv.id}`]: "11800" }))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((x) => !x.ok)) expect(r).toMatchObject({ field: `allocate-${inv.id}`, message: "This invoice is no longer open for this customer: reload the page." });
    const allocated = await db().select().from(paymentAllocations).where(eq(paymentAllocations.invoiceId, inv.id));
    expect(allocated.reduce((s, a) => s + a.amountPaise, 0)).toBe(11_80_000);
    expect(await reload(inv.id)).toMatchObject({ paidPaise: 11_80_000, status: "paid" });
  });

  it("draws the receipt PDF with ₹, the amount in words and the invoice; the signed link refuses a tampered one and the portal another customer's", async () => {
    const c = await customer();
    const inv = await invoice(c.id);
    const made = await recordPayment(accounts, input(c, { amount: "11800" }));
    if (!made.ok) throw new Error(made.message);
    const token = signLinkToken("receipt", made.id);
    const response = (await signedReceipt({ params: { token }, request: new Request(`http://localhost/d/receipt/${token}`) } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const doc = await pdfjs.getDocument({ data: new Uint8Array(await response.arrayBuffer()), verbosity: 0 }).promise;
    const text = (await (await doc.getPage(1)).getTextContent()).items.map((i) => ("str" in i ? i.str : "")).join(" ");
    expect(text).toContain("PAYMENT RECEIPT");
    expect(text).toContain(made.reference);
    expect(text).toMatch(/₹ ?11,800\.00/);
    expect(text).toContain("Rupees Eleven Thousand Eight Hundred Only");
    expect(text).toContain(inv.number);
    expect(text).not.toContain("Rs.");

    const tampered = (await signedReceipt({ params: { token: `${token.slice(0, -2)}xx` } } as never)) as Response;
    expect(tampered.status).toBe(403);
    expect(await tampered.text()).toContain("This receipt link does not work");
    const expired = (await signedReceipt({ params: { token: signLinkToken("receipt", made.id, new Date(Date.now() - 1000)) } } as never)) as Response;
    expect(expired.status).toBe(410);
    const otherKind = (await signedReceipt({ params: { token: signLinkToken("invoice", made.id) } } as never)) as Response;
    expect(otherKind.status).toBe(403);

  });

  it("repairs an invoice credited beyond its balance before customer credit existed: the excess becomes the customer's credit, once", async () => {
    const c = await customer();
    const inv = await invoice(c.id);
    const paid = await recordPayment(accounts, input(c, { amount: "11800", [`allocate-${inv.id}`]: "11800" }));
    if (!paid.ok) throw new Error(paid.message);
    // What a credit note of ₹5,000.00 on the paid invoice left before ADR 023: paid + credited above the total.
    await db().update(invoices).set({ creditedPaise: 500_000 }).where(eq(invoices.id, inv.id));
    // Several instances starting at once (PostgreSQL runs them in parallel): the excess moves exactly once.
    const repaired = (await Promise.all(Array.from({ length: 8 }, () => repairOverCreditedInvoices(db())))).flat();
    expect(repaired.filter((r) => r.number === inv.number)).toEqual([{ number: inv.number, movedPaise: 500_000 }]);
    const [after] = await db().select().from(invoices).where(eq(invoices.id, inv.id));
    expect(after).toMatchObject({ paidPaise: 1_180_000 - 500_000, creditedPaise: 500_000, status: "paid" });
    const [receipt] = await db().select().from(payments).where(eq(payments.id, paid.id));
    expect(receipt!.unallocatedPaise).toBe(500_000);
    const allocations = await db().select().from(paymentAllocations).where(eq(paymentAllocations.invoiceId, inv.id));
    expect(allocations.map((a) => a.amountPaise)).toEqual([680_000]);
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.action, "invoice.over-credit-repair"), eq(auditLog.entityId, String(inv.id))));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorLabel: "System (start-up repair)", after: { paidPaise: 680_000, heldAsCreditPaise: 500_000 } });
    // A second start finds nothing to repair.
    expect((await repairOverCreditedInvoices(db())).filter((r) => r.number === inv.number)).toEqual([]);
  });

  it("lists the register with filters and a CSV, and records through the route with messages beside the fields", async () => {
    const c = await customer({ company: "Register Test Foundry" });
    const inv = await invoice(c.id);
    const args = (p: string, body?: Record<string, string>) => routeArgs(p, { staff: accounts, body, origin: BACK_OFFICE, address: "203.0.113.8" });
    const page = (await newLoader(args(`/admin/payments/new?customer=${c.reference}&invoice=${inv.id}`))) as { customer: { reference: string }; prefill: Record<string, string>; invoices: unknown[] };
    expect(page).toMatchObject({ customer: { reference: c.reference }, prefill: { amount: "11800", [`allocate-${inv.id}`]: "11800" } });
    const body = { customer: c.reference, method: "upi", amount: "11800", receivedOn: TODAY, utr: "12", idempotencyKey: randomUUID(), [`allocate-${inv.id}`]: "11800" };
    const bad = (await newAction(args("/admin/payments/new", body))) as { data: { errors: Record<string, string>; values: Record<string, string> }; init: { status: number } };
    expect(bad).toMatchObject({ init: { status: 400 }, data: { errors: { utr: "A UPI UTR (transaction reference) has 12 digits" }, values: { amount: "11800" } } });
    const done = (await newAction(args("/admin/payments/new", { ...body, utr: utr() }))) as Response;
    expect(done.status).toBe(303);
    const reference = decodeURIComponent(done.headers.get("location")!.replace("/admin/payments/", ""));
    expect(await reload(inv.id)).toMatchObject({ status: "paid" });

    const listed = await listPayments({ q: "Register Test Foundry", method: "upi" }, undefined);
    expect(listed).toMatchObject({ total: 1, totalPaise: 11_80_000, rows: [{ reference, invoices: inv.number, methodLabel: "UPI" }] });
    expect((await listPayments({ q: "Register Test Foundry", method: "cash" }, undefined)).total).toBe(0);
    const csv = (await listMiddleware[0]!(args(`/admin/payments?q=${encodeURIComponent("Register Test Foundry")}&format=csv`), () => Promise.reject(new Error("answered by the middleware")))) as Response;
    const text = await csv.text();
    expect(text).toContain("Receipt,Date received,Customer reference,Customer,Method,UTR / reference,Amount (₹),Allocated to");
    expect(text).toContain(`${reference},${TODAY},${c.reference},Register Test Foundry,UPI,UTR `);
    expect(text).toContain(`,11800.00,${inv.number},0.00`);
  });

  it("ages what is outstanding by days past the due date, per customer, with their advances", async () => {
    const c = await customer({ company: "Ageing Test Mills" });
    // An advance first (nothing due yet), then the invoices: it stays an advance.
    expect(await recordPayment(accounts, input(c, { amount: "300", method: "cash", utr: "", advance: "yes" }))).toMatchObject({ ok: true });
    await invoice(c.id, { dueDate: daysAgo(-3) });
    await invoice(c.id, { dueDate: daysAgo(10) });
    const part = await invoice(c.id, { dueDate: daysAgo(45) });
    await invoice(c.id, { dueDate: daysAgo(75) });
    await invoice(c.id, { dueDate: daysAgo(120) });
    await invoice(c.id, { dueDate: daysAgo(200), status: "cancelled" });
    await recordPayment(accounts, input(c, { amount: "1800", [`allocate-${part.id}`]: "1800" }));
    const report = await outstandingReport();
    const row = report.customers.find((x) => x.id === c.id)!;
    expect(row.buckets).toEqual({ notDue: 11_80_000, d0_30: 11_80_000, d31_60: 10_00_000, d61_90: 11_80_000, d90plus: 11_80_000 });
    expect(row).toMatchObject({ totalPaise: 11_80_000 * 5 - 1_80_000, advancePaise: 30_000 });
    expect(row.invoices[0]!.daysPastDue).toBe(120);
    expect(report.totals.totalPaise).toBeGreaterThanOrEqual(row.totalPaise);
  });

  it("sends reminders on the settings' schedule: once per due slot, never once paid, at most the maximum, across reruns", async () => {
    const editing = await readSettingsForEditing();
    const saved = await saveSettingsGroup({
      group: "operations",
      expectedVersion: editing.versions.operations,
      next: (current) => ({ ...(current as object), reminderEveryDays: 7, maxReminders: 2 }),
      actor: { userId: accounts.userId, label: "test", ipAddress: null },
    });
    expect(saved.ok).toBe(true);
    clearSettingsCache();
    const c = await customer();
    const overdue = await invoice(c.id, { dueDate: daysAgo(8) });
    const notYet = await invoice(c.id, { dueDate: daysAgo(3) });
    const paid = await invoice(c.id, { dueDate: daysAgo(30) });
    await recordPayment(accounts, input(c, { amount: "11800", [`allocate-${paid.id}`]: "11800" }));
    const sentFor = async (number: string) => db().select().from(outbox).where(like(outbox.dedupeKey, `payment-reminder:${number}:%`));

    const now = new Date();
    await sendPaymentReminders(now);
    await sendPaymentReminders(now); // a rerun (a restart, a second server) sends nothing more
    const first = await sentFor(overdue.number);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ channel: "sms", recipient: c.mobile, dedupeKey: `payment-reminder:${overdue.number}:slot-1` });
    expect(first[0]!.body).toContain(`invoice ${overdue.number} has Rs 11,800.00 due since`);
    expect(first[0]!.body).toContain(`/d/invoice/${overdue.id}.`);
    expect(await sentFor(notYet.number)).toHaveLength(0);
    expect(await sentFor(paid.number)).toHaveLength(0);
    expect(await reload(overdue.id)).toMatchObject({ remindersSent: 1 });
    // notYet would be due for its first reminder in four days, but is paid first: it never gets one.
    await recordPayment(accounts, input(c, { amount: "11800", [`allocate-${notYet.id}`]: "11800" }));

    // A day later: the same slot, nothing. A week later: slot 2. Then the maximum (2) is reached.
    await sendPaymentReminders(new Date(now.getTime() + 86_400_000));
    expect(await sentFor(overdue.number)).toHaveLength(1);
    await sendPaymentReminders(new Date(now.getTime() + 7 * 86_400_000));
    expect((await sentFor(overdue.number)).map((m) => m.dedupeKey).sort()).toEqual([`payment-reminder:${overdue.number}:slot-1`, `payment-reminder:${overdue.number}:slot-2`]);
    await sendPaymentReminders(new Date(now.getTime() + 14 * 86_400_000));
    expect(await sentFor(overdue.number)).toHaveLength(2);
    expect(await reload(overdue.id)).toMatchObject({ remindersSent: 2 });
    expect(await sentFor(notYet.number)).toHaveLength(0);
  });

  it("exports GSTR-1 shapes: B2B per invoice and rate, B2C large above ₹1 lakh inter-state, B2C small grouped and net of credit notes, HSN, CDNR, payments", async () => {
    const registered = await customer({ gstin: "36AABCU9603R1ZM" });
    const walkIn = await customer();
    const month = `m:${TODAY.slice(0, 7)}`;
    const part: LineInput = { description: "AC drive 7.5 kW", hsnSac: "8504", quantityMilli: 2000, unit: "nos", ratePaise: 40_000_00, discountPaise: 0, gstRate: 18 };
    const cheap: LineInput = { ...part, description: "Fuse 10 A", hsnSac: "8536", quantityMilli: 10_000, ratePaise: 50_00, gstRate: 5 };
    const b2b = await invoice(registered.id, { gstin: "36AABCU9603R1ZM", lines: [SERVICE_LINE, cheap] });
    const large = await invoice(walkIn.id, { stateCode: "29", lines: [part, part] }); // ₹1,60,000 taxable to Karnataka
    const small = await invoice(walkIn.id, { stateCode: "36", lines: [SERVICE_LINE] });
    await invoice(walkIn.id, { kind: "credit_note", creditOfId: small.id, lines: [{ ...SERVICE_LINE, ratePaise: 1_000_00 }] });
    await invoice(registered.id, { kind: "credit_note", creditOfId: b2b.id, gstin: "36AABCU9603R1ZM", lines: [{ ...cheap, quantityMilli: 2000 }] });
    const period = periodOf(month);

    const rowsOf = async (file: Parameters<typeof gstr1File>[0]) => (await gstr1File(file, period)).rows;
    const b2bRows = (await rowsOf("b2b")).filter((r) => r["Invoice Number"] === b2b.number);
    expect(b2bRows).toEqual([
      expect.objectContaining({ "GSTIN/UIN of Recipient": "36AABCU9603R1ZM", "Place Of Supply": "36-Telangana", "Reverse Charge": "N", "Invoice Type": "Regular B2B", Rate: 5, "Taxable Value": 500, "Cess Amount": 0 }),
      expect.objectContaining({ Rate: 18, "Taxable Value": 10000, "Invoice Value": b2b.totalPaise / 100 }),
    ]);
    expect((await rowsOf("b2cl")).filter((r) => r["Invoice Number"] === large.number)).toEqual([expect.objectContaining({ "Place Of Supply": "29-Karnataka", Rate: 18, "Taxable Value": 160000 })]);
    expect((await rowsOf("b2cl")).some((r) => r["Invoice Number"] === small.number)).toBe(false);
    const b2cs = await rowsOf("b2cs");
    // The small invoice's 10,000 less its credit note's 1,000, among whatever else this month has at 36/18%.
    expect(b2cs.find((r) => r["Place Of Supply"] === "36-Telangana" && r.Rate === 18)).toMatchObject({ Type: "OE" });
    expect(b2cs.some((r) => r["Place Of Supply"] === "29-Karnataka")).toBe(false);
    expect((await rowsOf("cdnr")).filter((r) => r["GSTIN/UIN of Recipient"] === "36AABCU9603R1ZM")).toEqual([expect.objectContaining({ "Note Type": "C", Rate: 5, "Taxable Value": 100, "Note Supply Type": "Regular B2B" })]);
    const hsnB2b = await rowsOf("hsn-b2b");
    expect(hsnB2b.find((r) => r.HSN === "8536")).toMatchObject({ UQC: "NOS", "Total Quantity": 8, "Taxable Value": 400, Rate: 5, "Central Tax Amount": 10, "State/UT Tax Amount": 10, "Integrated Tax Amount": 0 });
    expect(hsnB2b.find((r) => r.HSN === "998719")).toMatchObject({ UQC: "NA", "Total Quantity": 0 });
    expect((await rowsOf("hsn-b2c")).find((r) => r.HSN === "8504")).toMatchObject({ "Total Quantity": 4, "Taxable Value": 160000, "Integrated Tax Amount": 28800 });

    const register = await paymentRegister(period);
    expect(register.name).toBe(`payment-register-${TODAY.slice(0, 7)}`);
    expect(periodOf("fy:2026-27")).toMatchObject({ from: "2026-04-01", to: "2027-03-31" });
    expect(periodOf("m:2027-02")).toMatchObject({ from: "2027-02-01", to: "2027-02-28" });
  });
});
