import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import jsQR from "jsqr";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSession } from "~/.server/auth/sessions.ts";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { auditLog, customers, customerSites, invoices, jobParts, outbox, products, quotes, quoteVersions, serviceRequests, siteSettings, users } from "~/.server/db/schema.ts";
import { renderTaxDocumentPdf } from "~/.server/documents/tax-document-pdf.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { issueCreditNote } from "~/.server/invoices/credit-notes.ts";
import { issueInvoiceInTx } from "~/.server/invoices/issue.ts";
import { listInvoices } from "~/.server/invoices/list.ts";
import { customerInvoices } from "~/.server/invoices/portal.ts";
import { InvoiceRefusal } from "~/.server/invoices/shared.ts";
import { issueFromSource } from "~/.server/invoices/sources.ts";
import { invoiceDocument } from "~/.server/invoices/view.ts";
import { signLinkToken, verifyLinkToken } from "~/.server/links/signed.ts";
import { DLT_TEMPLATES } from "~/.server/notifications/templates.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { invoiceListSchema } from "~/lib/forms/admin/invoices.ts";
import type { DocumentLine, StoredLine } from "~/lib/money/document.ts";
import { invoiceTotals } from "~/lib/money/gst.ts";
import { parseUpiUri, upiPayUri } from "~/lib/money/upi.ts";
import { gstinChecksum } from "~/lib/settings-schema.ts";
import { action as recordAction, loader as recordLoader } from "~/routes/admin/invoices/invoice.tsx";
import { middleware as listMiddleware } from "~/routes/admin/invoices/route.tsx";
import { action as newAction, loader as newLoader } from "~/routes/admin/invoices/new.tsx";
import { loader as customerPdfRouteLoader } from "~/routes/customer/invoice-pdf.ts";
import { loader as customerRouteLoader } from "~/routes/customer/invoice.tsx";
import { loader as signedPdfLoader } from "~/routes/documents/invoice-pdf.ts";
import { loader as signedLoader } from "~/routes/documents/invoice.tsx";
import { inPortal } from "../support/portal.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { answerStatus, asStaff, routeArgs, BACK_OFFICE } from "../support/staff-routes.ts";

/**
 * Issue 11 §3: GST tax invoices from an approved quote, a completed job and a contract's billing (the
 * exported issueInvoiceInTx), checked as the customer and the office see them: the stored rule-46 fields, the
 * PDF read back (its text, totals and the QR code's UPI link for what is due), the signed link and the portal
 * (another customer's invoice is a 404), credit notes, and bad input answered beside its field.
 */

const APP = "http://localhost:3000";
const T0 = new Date("2026-11-20T05:00:00Z");
const UPI = { upiId: "voltline@icici", payeeName: "Voltline Industrial Services", upiMerchantCode: "7629" };

const gstin = (first14: string) => `${first14}${gstinChecksum(first14)}`;

const line = (over: Partial<DocumentLine> = {}): DocumentLine => ({
  kind: "service",
  productId: null,
  description: "Repair of ABB ACS580 7.5 kW drive",
  hsnSac: "998719",
  quantityMilli: 1000,
  unit: "job",
  ratePaise: 14_500_00,
  discountPaise: 500_00,
  gstRate: 18,
  ...over,
});

async function readPdf(pdf: Buffer): Promise<{ text: string; qr: string[] }> {
  const task = pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const doc = await task.promise;
  let text = "";
  const qr: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    text += (await page.getTextContent()).items.map((item) => ("str" in item ? item.str : "")).join(" ") + "\n";
    const ops = await page.getOperatorList();
    for (let i = 0; i < ops.fnArray.length; i++) {
      if (ops.fnArray[i] !== pdfjs.OPS.paintImageXObject) continue;
      const img = await new Promise<{ width: number; height: number; kind: number; data: Uint8ClampedArray }>((resolve) => page.objs.get((ops.argsArray[i] as [string])[0], resolve));
      let rgba = img.data;
      if (img.kind === 2) {
        rgba = new Uint8ClampedArray(img.width * img.height * 4);
        for (let s = 0, d = 0; s < img.data.length; s += 3, d += 4) rgba.set([img.data[s]!, img.data[s + 1]!, img.data[s + 2]!, 255], d);
      }
      const decoded = jsQR(rgba, img.width, img.height);
      if (decoded) qr.push(decoded.data);
    }
  }
  await task.destroy();
  return { text: text.replace(/\s+/g, " "), qr };
}

describeEachEngine("invoices", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), "invoices-test-"));
  const pid = String(process.pid % 1000).padStart(3, "0");
  let accounts: StaffMember;
  let n = 0;
  let seq = 0;

  const staffArgs = (p: string, params: Record<string, string>, body?: Record<string, string>) => routeArgs(p, { staff: accounts, params, body, origin: BACK_OFFICE, address: "203.0.113.8" });

  /** A customer record (with a mobile and e-mail), optionally registered (GSTIN) and with a site in a state. */
  async function customer(options: { gstin?: string | null; siteState?: string | null; userId?: number; billing?: { billingAddress: string; billingCity: string; billingPincode: string } } = {}) {
    n += 1;
    const mobile = `+9198${pid}${String(10000 + n).slice(-5)}`;
    const [c] = await db()
      .insert(customers)
      .values({ reference: `CU-2611-${String(7000 + n)}`, mobile, name: `Ravi Kumar ${n}`, company: `Sri Balaji Plastics ${n}`, email: `ravi${n}@example.in`, gstin: options.gstin ?? null, userId: options.userId ?? null, ...options.billing })
      .returning();
    const [site] = await db()
      .insert(customerSites)
      .values({ customerId: c!.id, name: "Patancheru plant", address: "Plot 7, IDA Patancheru", city: "Sangareddy", pincode: "502319", stateCode: options.siteState ?? null })
      .returning();
    return { ...c!, siteId: site!.id };
  }

  async function request(customerId: number, siteId: number, status = "completed") {
    const [r] = await db()
      .insert(serviceRequests)
      .values({
        reference: `SR-2611-${String(7000 + ++seq)}`,
        kind: "full",
        status,
        contactName: "Ravi Kumar",
        mobile: "+919848012345",
        faultDescription: "ACS580 trips on overcurrent at start.",
        serviceName: "VFD repair",
        equipmentBrand: "ABB",
        equipmentModel: "ACS580",
        urgency: "planned",
        consentVersion: "t",
        consentAt: T0,
        idempotencyKey: randomUUID(),
        customerId,
        siteId,
        poNumber: "PO/4471",
      })
      .returning();
    return r!;
  }

  async function approvedQuote(customerId: number, siteId: number, lines: DocumentLine[], status = "approved") {
    const [q] = await db()
      .insert(quotes)
      .values({ reference: `QT-2611-${String(7000 + ++seq)}`, customerId, siteId, status: status as "approved", title: "Repair of ACS580", validUntil: "2026-12-20", currentVersion: 2, approvedVersion: status === "approved" ? 2 : null })
      .returning();
    const totals = invoiceTotals(lines, { code: "36" }, { roundToRupee: true });
    for (const number of [1, 2]) {
      await db()
        .insert(quoteVersions)
        .values({
          quoteId: q!.id,
          number,
          recipient: { name: "Ravi" },
          placeOfSupplyCode: "36",
          placeOfSupplyBasis: "recipient-address",
          // v1 was priced differently: the invoice must take the approved v2.
          lines: number === 1 ? [line({ ratePaise: 1_00 })] : lines,
          taxablePaise: totals.taxablePaise,
          taxPaise: totals.taxPaise,
          totalPaise: totals.payablePaise,
          validUntil: "2026-12-20",
        });
    }
    return q!;
  }

  beforeAll(async () => {
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), DATA_DIR: storage }));
    await seedSettings(db(), APP);
    await db().update(siteSettings).set({ value: UPI }).where(eq(siteSettings.key, "payments"));
    clearSettingsCache();
    const a = await upsertUserWithRole(`+9190${pid}00501`, "admin", db(), "Anil Accounts");
    await db().update(users).set({ staffRole: "accounts" }).where(eq(users.id, a.id));
    accounts = asStaff("accounts", { userId: a.id, name: "Anil Accounts", ipAddress: "203.0.113.8" });
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    clearSettingsCache();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  it("issues an approved quote's lines to a registered customer in Karnataka: IGST, every rule-46 field stored, the SMS and e-mail queued, and a PDF whose QR code is the UPI link", async () => {
    // The work is done at the Telangana site; the GSTIN, and so the invoice's address, is the Karnataka office's.
    const c = await customer({ gstin: gstin("29AABCS1234F1Z"), siteState: "36", billing: { billingAddress: "No. 14, Peenya Industrial Area", billingCity: "Bengaluru", billingPincode: "560058" } });
    const lines = [line(), line({ kind: "part", description: "IGBT module FS75R12KT4", hsnSac: "85412900", quantityMilli: 2000, unit: "nos", ratePaise: 6_234_50, discountPaise: 0 })];
    const q = await approvedQuote(c.id, c.siteId, lines);
    const made = await issueFromSource(accounts, { kind: "quote", reference: q.reference }, { poNumber: "PO/9", idempotencyKey: randomUUID() }, T0);
    expect(made).toMatchObject({ ok: true, created: true, number: expect.stringMatching(/^INV\/2026-27\/\d{4}$/) as unknown });
    if (!made.ok) return;
    const [row] = await db().select().from(invoices).where(eq(invoices.id, made.id));
    expect(row).toMatchObject({
      kind: "invoice",
      quoteId: q.id,
      customerId: c.id,
      issueDate: "2026-11-20",
      dueDate: "2026-12-05",
      placeOfSupplyCode: "29",
      placeOfSupplyName: "Karnataka",
      placeOfSupplyBasis: "recipient-gstin",
      reverseCharge: false,
      poNumber: "PO/9",
      cgstPaise: 0,
      sgstPaise: 0,
      status: "issued",
      paidPaise: 0,
    });
    // 14,000.00 + 12,469.00 taxable; IGST 18% = 4,764.42; 31,233.42 rounded off -0.42.
    expect(row).toMatchObject({ taxablePaise: 26_469_00, igstPaise: 4_764_42, roundOffPaise: -42, totalPaise: 31_233_00, amountInWords: "Rupees Thirty-One Thousand Two Hundred Thirty-Three Only" });
    expect(row!.recipient).toMatchObject({ gstin: gstin("29AABCS1234F1Z"), stateCode: "29", stateName: "Karnataka", company: c.company, address: "No. 14, Peenya Industrial Area", city: "Bengaluru", pincode: "560058" });
    expect(row!.supplier).toMatchObject({ gstin: "36AAAAA0000A1Z3", stateCode: "36" });
    expect((row!.lines as StoredLine[]).map((l) => [l.hsnSac, l.taxablePaise, l.igstPaise])).toEqual([
      ["998719", 14_000_00, 2_520_00],
      ["85412900", 12_469_00, 2_244_42],
    ]);

    const sent = await db().select().from(outbox).where(eq(outbox.dedupeKey, `invoice:${made.number}:issued:sms`));
    expect(sent).toMatchObject([{ channel: "sms", recipient: c.mobile, template: DLT_TEMPLATES.invoiceIssued.id }]);
    expect(sent[0]!.body).toContain(`invoice ${made.number} for Rs 31,233.00 is due on 5 December 2026`);
    const token = /\/d\/invoice\/(\S+)$/.exec(sent[0]!.body)![1]!;
    expect(verifyLinkToken("invoice", token)).toMatchObject({ ok: true, id: made.id });
    expect(await db().select({ recipient: outbox.recipient }).from(outbox).where(eq(outbox.dedupeKey, `invoice:${made.number}:issued:email`))).toEqual([{ recipient: c.email }]);
    expect(await db().select({ action: auditLog.action, actorLabel: auditLog.actorLabel }).from(auditLog).where(and(eq(auditLog.entityType, "invoice"), eq(auditLog.entityId, String(made.id))))).toEqual([
      { action: "invoice.issue", actorLabel: "Anil Accounts" },
    ]);

    const doc = (await invoiceDocument(made.id))!;
    const { text, qr } = await readPdf(await renderTaxDocumentPdf(doc.view));
    expect(text).toMatch(/₹ ?31,233\.00/);
    for (const expected of [made.number, "TAX INVOICE", "GSTIN: 36AAAAA0000A1Z3", `GSTIN: ${gstin("29AABCS1234F1Z")}`, "Karnataka (29)", "No. 14, Peenya Industrial Area", "Reverse charge No", "PO/9", "IGST", "85412900", "4,764.42", "-0.42", row!.amountInWords, `Quotation ${q.reference}`]) {
      expect(text).toContain(expected);
    }
    expect(qr).toEqual([upiPayUri({ ...UPI, merchantCode: UPI.upiMerchantCode, amountPaise: 31_233_00, note: `Invoice ${made.number}`, reference: made.number })]);
    expect(parseUpiUri(qr[0]!)).toMatchObject({ pa: UPI.upiId, am: "31233.00", tr: made.number, mc: "7629", cu: "INR" });
  });

  it("two people issuing the same quote at once end with one invoice, and no number is used up; an unapproved quote is refused", async () => {
    const c = await customer({ siteState: "36" });
    const q = await approvedQuote(c.id, c.siteId, [line()]);
    const [a, b] = await Promise.all([
      issueFromSource(accounts, { kind: "quote", reference: q.reference }, { idempotencyKey: randomUUID() }, T0),
      issueFromSource(accounts, { kind: "quote", reference: q.reference }, { idempotencyKey: randomUUID() }, T0),
    ]);
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(a.id).toBe(b.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(await db().select({ id: invoices.id }).from(invoices).where(eq(invoices.quoteId, q.id))).toHaveLength(1);
    const next = await db().transaction((tx) => issueInvoiceInTx(tx, { customerId: c.id, lines: [line()], actor: { userId: null, label: "t", ipAddress: null }, now: T0 }));
    expect(Number(next.number.slice(-4))).toBe(Number(a.number.slice(-4)) + 1);

    const draft = await approvedQuote(c.id, c.siteId, [line()], "sent");
    expect(await issueFromSource(accounts, { kind: "quote", reference: draft.reference }, { idempotencyKey: randomUUID() }, T0)).toMatchObject({
      ok: false,
      field: "form",
      message: expect.stringContaining("has not been approved") as unknown,
    });
  });

  it("from a completed job: lines prefilled from its parts and products; bad amounts, GST rates and HSN codes come back beside their fields; a double submit is one invoice; a second needs a tick", async () => {
    const c = await customer({ siteState: "36" });
    const r = await request(c.id, c.siteId);
    const [p] = await db().insert(products).values({ name: `Cooling fan ${n}`, make: "ebm-papst", model: `4114-${n}`, hsnSac: "8414", gstRate: 18, unit: "nos", pricePaise: 3_250_00 }).returning();
    await db().insert(jobParts).values([
      { requestId: r.id, productId: p!.id, description: "Cooling fan", quantity: 2, unit: "nos" },
      { requestId: r.id, description: "CT 200/5 A", quantity: 1, unit: "nos" },
    ]);
    const at = `/admin/invoices/new?request=${r.reference}`;
    const page = (await newLoader(staffArgs(at, {}))) as { page: { rows: Array<Record<string, string>>; draft: { placeOfSupply: { code: string; basis: string } }; values: { idempotencyKey: string } } };
    expect(page.page.draft.placeOfSupply).toMatchObject({ code: "36", basis: "recipient-address" });
    expect(page.page.rows.map((row) => [row.kind, row.description, row.hsnSac, row.quantity, row.rate, row.gstRate])).toEqual([
      ["part", "Cooling fan", "8414", "2", "3250", "18"],
      ["part", "CT 200/5 A", "", "1", "0", "18"],
      ["service", `VFD repair for ABB ACS580 (request ${r.reference})`, "998719", "1", "0", "18"],
    ]);

    const fields = (rows: Array<Record<string, string>>, extra: Record<string, string> = {}) => {
      const body: Record<string, string> = { intent: "issue", idempotencyKey: page.page.values.idempotencyKey, poNumber: "PO/4471", ...extra };
      rows.forEach((row, i) => Object.entries(row).forEach(([k, v]) => (body[`line-${i}-${k}`] = v)));
      return body;
    };
    const good = [
      { kind: "part", product: String(p!.id), description: "Cooling fan", hsnSac: "8414", quantity: "2", unit: "nos", rate: "3250", discount: "", gstRate: "18" },
      { kind: "service", product: "", description: "Drive repair and load test", hsnSac: "998719", quantity: "1", unit: "job", rate: "12,000", discount: "500", gstRate: "18" },
    ];
    const bad = (await newAction(
      staffArgs(at, {}, fields([
        { ...good[0]!, rate: "-5" },
        { ...good[1]!, gstRate: "12", hsnSac: "12" },
        { ...good[1]!, quantity: "1", rate: "99999999999" },
        { ...good[1]!, discount: "20000" },
      ])),
    )) as { data: { errors: Record<string, string>; values: Record<string, string>; rows: Array<Record<string, string>>; extraRows: number }; init: { status: number } };
    expect(bad.init.status).toBe(400);
    // What was typed comes back: the rows as typed, the purchase order number, no blank rows added.
    expect(bad.data.rows.map((row) => [row.rate, row.gstRate, row.discount])).toEqual([["-5", "18", ""], ["12,000", "12", "500"], ["99999999999", "18", "500"], ["12,000", "18", "20000"]]);
    expect(bad.data).toMatchObject({ values: { poNumber: "PO/4471" }, extraRows: 0 });
    // "Add lines" is the form again, not a refusal: the typed rows and three blank ones more.
    const more = (await newAction(staffArgs(at, {}, fields([good[0]!, { ...good[1]!, description: "" , hsnSac: "", quantity: "", unit: "", rate: "", discount: "", kind: "service", product: "", gstRate: "" }], { intent: "add-lines" })))) as typeof bad;
    expect(more.init.status).toBe(200);
    expect(more.data).toMatchObject({ errors: {}, values: { poNumber: "PO/4471" }, extraRows: 4, rows: [expect.objectContaining({ description: "Cooling fan" })] });
    expect(more.data.rows).toHaveLength(1);
    expect(bad.data.errors).toMatchObject({
      "line-0-rate": "The rate cannot be negative",
      "line-1-gstRate": "GST rate must be 0%, 5%, 18% or 40%",
      "line-1-hsnSac": "Enter the HSN or SAC code as 4, 6 or 8 digits",
      "line-2-rate": "The rate is more than ₹10 crore: check the amount",
      "line-3-discount": "The discount is more than the line's value (quantity × rate)",
    });
    expect(await db().select().from(invoices).where(eq(invoices.requestId, r.id))).toEqual([]);

    const first = (await newAction(staffArgs(at, {}, fields(good)))) as Response;
    expect(first.status).toBe(303);
    const again = (await newAction(staffArgs(at, {}, fields(good)))) as Response;
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    const id = Number(/\/admin\/invoices\/(\d+)$/.exec(first.headers.get("location")!)![1]);
    const [row] = await db().select().from(invoices).where(eq(invoices.requestId, r.id));
    // 6,500.00 + 11,500.00 taxable, CGST = SGST = 9% = 1,620.00: 21,240.00.
    expect(row).toMatchObject({ id, placeOfSupplyCode: "36", cgstPaise: 1_620_00, sgstPaise: 1_620_00, igstPaise: 0, totalPaise: 21_240_00, poNumber: "PO/4471" });
    expect((row!.lines as StoredLine[])[0]).toMatchObject({ productId: p!.id, kind: "part", quantityMilli: 2000 });

    const second = (await newAction(staffArgs(at, {}, fields(good, { idempotencyKey: randomUUID() })))) as { data: { errors: Record<string, string> }; init: { status: number } };
    expect(second.init.status).toBe(400);
    expect(second.data.errors.another).toContain("already has invoice");
    const ticked = (await newAction(staffArgs(at, {}, fields(good, { idempotencyKey: randomUUID(), another: "yes" })))) as Response;
    expect(ticked.status).toBe(303);
    expect(await db().select().from(invoices).where(eq(invoices.requestId, r.id))).toHaveLength(2);

    const open = await request(c.id, c.siteId, "in_progress");
    const refused = (await newAction(staffArgs(`/admin/invoices/new?request=${open.reference}`, {}, fields(good, { idempotencyKey: randomUUID() })))) as { data: { errors: Record<string, string> } };
    expect(refused.data.errors.form).toContain("is not completed yet");
  });

  it("refuses a customer's GSTIN with a wrong check digit with a clear message, from the office and from a contract's billing", async () => {
    const c = await customer({ gstin: "36AAAAA0000A1Z4", siteState: "36" });
    const r = await request(c.id, c.siteId);
    const result = await issueFromSource(accounts, { kind: "request", reference: r.reference }, { lines: [line()], idempotencyKey: randomUUID() }, T0);
    expect(result).toMatchObject({ ok: false, field: "form", message: expect.stringContaining("check character is wrong") as unknown });
    await expect(db().transaction((tx) => issueInvoiceInTx(tx, { customerId: c.id, contractId: null, lines: [line()], actor: { userId: null, label: "Contracts", ipAddress: null } }))).rejects.toBeInstanceOf(InvoiceRefusal);
    expect(await db().select().from(invoices).where(eq(invoices.customerId, c.id))).toEqual([]);
  });

  it("credits part of a line, refuses more than is left, then credits the rest: the invoice is cancelled, the credit notes net it to zero, in their own series", async () => {
    const c = await customer({ siteState: "36" });
    const made = await db().transaction((tx) =>
      issueInvoiceInTx(tx, { customerId: c.id, lines: [line(), line({ description: "Travel", hsnSac: "996601", quantityMilli: 42_500, unit: "km", ratePaise: 12_00, discountPaise: 0, gstRate: 5 })], actor: { userId: null, label: "t", ipAddress: null }, now: T0 }),
    );
    const [inv] = await db().select().from(invoices).where(eq(invoices.id, made.id));
    // 14,000.00 + 510.00 taxable; CGST = SGST = 1,260.00 + 12.75; 17,055.50 rounded to 17,056.00.
    expect(inv!.totalPaise).toBe(17_056_00);

    const part = await issueCreditNote(accounts, made.id, { reason: "Rate agreed lower", scope: "lines", amounts: { 0: 1_000_00 }, idempotencyKey: randomUUID() }, T0);
    expect(part).toMatchObject({ ok: true, created: true, cancelled: false, number: expect.stringMatching(/^CN\/2026-27\/0001$/) as unknown });
    const tooMuch = await issueCreditNote(accounts, made.id, { reason: "x", scope: "lines", amounts: { 0: 13_000_01 }, idempotencyKey: randomUUID() }, T0);
    expect(tooMuch).toMatchObject({ ok: false, field: "credit-0", message: expect.stringContaining("At most 13000.00") as unknown });
    let [after] = await db().select().from(invoices).where(eq(invoices.id, made.id));
    // 1,000.00 + 9% + 9% = 1,180.00, exact (no round-off on a partial note).
    expect(after).toMatchObject({ creditedPaise: 1_180_00, status: "issued" });

    const key = randomUUID();
    const rest = await issueCreditNote(accounts, made.id, { reason: "Job cancelled", scope: "full", amounts: {}, idempotencyKey: key }, T0);
    expect(rest).toMatchObject({ ok: true, cancelled: true, number: "CN/2026-27/0002" });
    expect(await issueCreditNote(accounts, made.id, { reason: "Job cancelled", scope: "full", amounts: {}, idempotencyKey: key }, T0)).toMatchObject({ ok: true, created: false, number: "CN/2026-27/0002" });
    [after] = await db().select().from(invoices).where(eq(invoices.id, made.id));
    expect(after).toMatchObject({ status: "cancelled", creditedPaise: 17_056_00 });
    const notes = await db().select().from(invoices).where(eq(invoices.creditOfId, made.id)).orderBy(asc(invoices.id));
    expect(notes.map((x) => [x.kind, x.reason, x.totalPaise])).toEqual([
      ["credit_note", "Rate agreed lower", 1_180_00],
      // The balance 13,000.00 + 2,340.00 GST and 510.00 + 25.50: 15,875.50, rounded off +0.50 to what is left.
      ["credit_note", "Job cancelled", 15_876_00],
    ]);
    expect(await issueCreditNote(accounts, made.id, { reason: "again", scope: "full", amounts: {}, idempotencyKey: randomUUID() }, T0)).toMatchObject({ ok: false, message: expect.stringContaining("already credited in full") as unknown });

    // The record page: the credit notes listed, nothing due, no credit form; the note's own page names the invoice.
    const record = (await recordLoader(staffArgs(`/admin/invoices/${made.id}`, { id: String(made.id) }))) as { duePaise: number; creditNotes: unknown[]; creditLines: unknown[]; view: { stamp: string } };
    expect(record).toMatchObject({ duePaise: 0, creditLines: [], view: { stamp: "Cancelled by credit note" } });
    expect(record.creditNotes).toHaveLength(2);
    const noteView = (await invoiceDocument(notes[1]!.id))!.view;
    expect(noteView).toMatchObject({ kind: "credit_note", title: "Credit note", payment: null, references: [expect.stringContaining(`Against invoice ${made.number}`) as unknown] });
    expect((await readPdf(await renderTaxDocumentPdf(noteView))).text).toContain("Reason: Job cancelled");
  });

  it("answers bad credit-note input and a resend through the record page, never a 500", async () => {
    const c = await customer({ siteState: "36" });
    const made = await db().transaction((tx) => issueInvoiceInTx(tx, { customerId: c.id, lines: [line()], actor: { userId: null, label: "t", ipAddress: null }, now: T0 }));
    const at = `/admin/invoices/${made.id}`;
    const bad = (await recordAction(staffArgs(at, { id: String(made.id) }, { intent: "credit", reason: "", scope: "lines", "credit-0": "-5", idempotencyKey: randomUUID() }))) as { data: { errors: Record<string, string> }; init: { status: number } };
    expect(bad.init.status).toBe(400);
    expect(bad.data.errors).toMatchObject({ reason: expect.stringContaining("Say why") as unknown, "credit-0": expect.stringContaining("in rupees") as unknown });
    const resent = (await recordAction(staffArgs(at, { id: String(made.id) }, { intent: "resend" }))) as Response;
    expect(resent.status).toBe(303);
    expect(await db().select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entityType, "invoice"), eq(auditLog.entityId, String(made.id))))).toContainEqual({ action: "invoice.resend" });
    expect(await answerStatus(recordLoader(staffArgs("/admin/invoices/99999999", { id: "99999999" })))).toBe(404);
  });

  it("opens by signed link with the QR for what is due now; a tampered, expired or unknown link is a clear page, never the document", async () => {
    const c = await customer({ siteState: "36" });
    const made = await db().transaction((tx) => issueInvoiceInTx(tx, { customerId: c.id, lines: [line()], actor: { userId: null, label: "t", ipAddress: null }, now: T0 }));
    // A payment of 5,000.00 recorded against it (the payments code keeps paid_paise).
    await db().update(invoices).set({ paidPaise: 5_000_00, status: "partly_paid" }).where(eq(invoices.id, made.id));
    const token = signLinkToken("invoice", made.id);
    const args = (p: string, t: string) => ({ request: new Request(`${APP}${p}`), url: new URL(`${APP}${p}`), params: { token: t }, context: new RouterContextProvider() }) as never;
    const page = (await signedLoader(args(`/d/invoice/${token}`, token))) as unknown as { data: { page: { duePaise: number; qrSvg: string; view: { payment: { upiUri: string } } } }; init: { headers: Record<string, string> } };
    // 16,520.00 total less 5,000.00 paid.
    expect(page.data.page.duePaise).toBe(11_520_00);
    expect(parseUpiUri(page.data.page.view.payment.upiUri)).toMatchObject({ am: "11520.00", tr: made.number });
    expect(page.data.page.qrSvg).toContain("<svg");
    const pdf = (await signedPdfLoader(args(`/d/invoice/${token}/pdf`, token))) as Response;
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect((await readPdf(Buffer.from(await pdf.arrayBuffer()))).qr.map((u) => parseUpiUri(u)?.am)).toEqual(["11520.00"]);

    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const other = signLinkToken("invoice", made.id + 1);
    for (const [t, status] of [
      [tampered, 403],
      [signLinkToken("invoice", made.id, new Date(Date.now() - 1000), new Date(Date.now() - 86_400_000)), 410],
      [signLinkToken("quote", made.id), 403],
      ["not-a-token", 403],
    ] as const) {
      const r = (await signedLoader(args(`/d/invoice/${t}`, t))) as unknown as { data: { problem: string; page: null }; init: { status: number } };
      expect(r.init.status).toBe(status);
      expect(r.data.page).toBeNull();
      expect((await signedPdfLoader(args(`/d/invoice/${t}/pdf`, t))).status).toBe(status);
    }
    expect(await answerStatus(signedLoader(args(`/d/invoice/${other}`, other)))).toBe(404);
  });

  it("shows a signed-in customer their own invoices with what is due, and answers 404 for anyone else's", async () => {
    const url = new URL(APP);
    const user = await upsertUserWithRole(`+9197${pid}00511`, "customer", db(), "Ravi Kumar");
    const mine = await customer({ siteState: "36", userId: user.id });
    const theirs = await customer({ siteState: "36" });
    const issue = (customerId: number) => db().transaction((tx) => issueInvoiceInTx(tx, { customerId, lines: [line()], actor: { userId: null, label: "t", ipAddress: null }, now: T0 }));
    const a = await issue(mine.id);
    const b = await issue(theirs.id);
    const cookie = (await startSession({ userId: user.id, role: "customer", method: "otp", request: new Request(url), url, address: "203.0.113.9" })).split(";")[0]!;
    const args = (p: string, id: number) => {
      const context = new RouterContextProvider();
      context.set(clientAddressContext, "203.0.113.9");
      return { request: new Request(`${APP}${p}`, { headers: { cookie } }), url: new URL(`${APP}${p}`), params: { id: String(id) }, context } as never;
    };
    const pageLoader = inPortal("customer", customerRouteLoader);
    const pdfLoader = inPortal("customer", customerPdfRouteLoader);
    const own = (await pageLoader(args(`/customer/invoices/${a.id}`, a.id))) as { view: { number: string }; duePaise: number; qrSvg: string };
    expect(own).toMatchObject({ view: { number: a.number }, duePaise: 16_520_00 });
    expect(own.qrSvg).toContain("<svg");
    expect((await pdfLoader(args(`/customer/invoices/${a.id}/pdf`, a.id))).status).toBe(200);
    expect(await answerStatus(pageLoader(args(`/customer/invoices/${b.id}`, b.id)))).toBe(404);
    expect((await pdfLoader(args(`/customer/invoices/${b.id}/pdf`, b.id))).status).toBe(404);

    expect(await customerInvoices(mine.id, { now: new Date("2026-12-10T05:00:00Z") })).toEqual([
      expect.objectContaining({ id: a.id, number: a.number, issueDate: "2026-11-20", dueDate: "2026-12-05", totalPaise: 16_520_00, duePaise: 16_520_00, status: "issued", statusLabel: "Unpaid", overdue: true, href: `/customer/invoices/${a.id}`, pdfHref: `/customer/invoices/${a.id}/pdf` }),
    ]);
  });

  it("lists by state and by number or customer, with counts, and exports the filter as CSV", async () => {
    const c = await customer({ siteState: "36" });
    const issue = () => db().transaction((tx) => issueInvoiceInTx(tx, { customerId: c.id, lines: [line()], actor: { userId: null, label: "t", ipAddress: null }, now: T0 }));
    const a = await issue();
    const b = await issue();
    await db().update(invoices).set({ paidPaise: 16_520_00, status: "paid" }).where(eq(invoices.id, b.id));
    const byCustomer = await listInvoices(invoiceListSchema.parse({ q: c.reference }), undefined, 1);
    expect(byCustomer.counts).toMatchObject({ all: 2, unpaid: 1, paid: 1, credit_notes: 0 });
    expect(byCustomer.rows.map((r) => r.id)).toEqual([b.id]);
    expect(byCustomer.next).not.toBeNull();
    expect((await listInvoices(invoiceListSchema.parse({ q: a.number }), undefined)).rows.map((r) => r.id)).toEqual([a.id]);
    expect((await listInvoices(invoiceListSchema.parse({ q: c.reference, show: "paid" }), undefined)).rows.map((r) => r.id)).toEqual([b.id]);
    const csv = (await listMiddleware[0]!(staffArgs(`/admin/invoices?q=${c.reference}&format=csv`, {}), () => Promise.reject(new Error("answered by the middleware")))) as Response;
    const text = await csv.text();
    expect(text).toContain(`${a.number},Tax invoice,2026-11-20,2026-12-05,${c.reference},${c.company},,Telangana (36),14000.00,1260.00,1260.00,0.00,16520.00,0.00,0.00,16520.00,Unpaid`);
    expect(text).toContain(`${b.number},Tax invoice`);
  });
});
