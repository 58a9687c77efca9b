import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { XMLParser } from "fast-xml-parser";
import { paymentVoucher, tallyLedgers, tallyVouchers, tallyXml } from "~/.server/accounting/tally.ts";
import { editDetails } from "~/.server/customers/changes.ts";
import { customerSites, customers, invoices, payments, users } from "~/.server/db/schema.ts";
import { issueInvoiceInTx } from "~/.server/invoices/issue.ts";
import { BILLING_NEEDS_GSTIN, detailsSchema } from "~/lib/forms/admin/customers.ts";
import { issueCreditNote } from "~/.server/invoices/credit-notes.ts";
import { gstr1File, periodOf } from "~/.server/payments/exports.ts";
import { clearSettingsCache, readSettingsForEditing, saveSettingsGroup, seedSettings } from "~/.server/settings/index.ts";
import { rupeesInWords } from "~/lib/money/amount-in-words.ts";
import type { DocumentLine } from "~/lib/money/document.ts";
import { invoiceTotals } from "~/lib/money/gst.ts";
import { GST_STATES, gstinChecksum } from "~/lib/settings-schema.ts";
import { middleware as exportsMiddleware } from "~/routes/admin/payments/exports.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs } from "../support/staff-routes.ts";

/**
 * Issue 17 §3: the GSTR-1 files an accountant files without editing. Credit notes (made by the real
 * issueCreditNote, so with its "1 lot" lines for a credit of value) reduce the HSN row of the line they
 * credit; HSN rows carry the code's description; CDNUR and the documents-issued table (13) are produced.
 */

const MONTH = "2026-05";
const PART: DocumentLine = { kind: "part", description: "ABB ACS580 7.5 kW drive, replacement unit with keypad", hsnSac: "85044090", quantityMilli: 2000, unit: "nos", ratePaise: 40_000_00, discountPaise: 0, gstRate: 18 };
const SERVICE: DocumentLine = { kind: "service", description: "Repair of a 7.5 kW drive", hsnSac: "998719", quantityMilli: 1000, unit: "job", ratePaise: 10_000_00, discountPaise: 0, gstRate: 18 };

/** "-1234.5" or "1234.56" as paise, from the string (no float arithmetic). */
function paiseOf(amount: unknown): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(amount));
  if (!m) throw new Error(`not an amount: ${String(amount)}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number((m[3] ?? "0").padEnd(2, "0")));
}

interface ParsedEntry {
  LEDGERNAME: string;
  ISDEEMEDPOSITIVE: string;
  AMOUNT: string;
}
interface ParsedVoucher {
  "@_VCHTYPE": string;
  DATE: string;
  VOUCHERTYPENAME: string;
  VOUCHERNUMBER: string;
  PARTYLEDGERNAME: string;
  "ALLLEDGERENTRIES.LIST": ParsedEntry[];
}

/** Parses a Tally import file back: its vouchers, each with its ledger entries. */
function parseTally(xml: string): ParsedVoucher[] {
  const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === "TALLYMESSAGE" || name === "ALLLEDGERENTRIES.LIST" });
  const doc = parser.parse(xml) as { ENVELOPE: { HEADER: { TALLYREQUEST: string }; BODY: { IMPORTDATA: { REQUESTDATA: { TALLYMESSAGE?: Array<{ VOUCHER: ParsedVoucher }> } } } } };
  expect(doc.ENVELOPE.HEADER.TALLYREQUEST).toBe("Import Data");
  return (doc.ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE ?? []).map((m) => m.VOUCHER);
}

describeEachEngine("GSTR-1 files", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), "gst-returns-"));
  let staff: StaffMember;
  let serial = 0;
  let n = 0;

  async function customer(gstin: string | null) {
    const [row] = await db()
      .insert(customers)
      .values({ reference: `CU-2605-${String(++n).padStart(4, "0")}`, name: `Customer ${n}`, company: gstin ? `Registered ${n} Pvt Ltd` : null, gstin })
      .returning();
    return row!;
  }

  async function invoice(customerId: number, lines: DocumentLine[], over: { stateCode?: string; gstin?: string | null; day?: number; month?: string } = {}) {
    const stateCode = over.stateCode ?? "36";
    const totals = invoiceTotals(lines, { code: stateCode }, { roundToRupee: true });
    const s = ++serial;
    const stateName = GST_STATES[stateCode]!;
    const issueDate = `${over.month ?? MONTH}-${String(over.day ?? 5).padStart(2, "0")}`;
    const [row] = await db()
      .insert(invoices)
      .values({
        kind: "invoice",
        number: `INV/2026-27/${String(s).padStart(4, "0")}`,
        financialYear: "2026-27",
        serial: s,
        customerId,
        issueDate,
        dueDate: issueDate,
        supplier: { name: "Deccan Automation", gstin: "36AAAAA0000A1Z3", stateCode: "36", stateName: "Telangana" },
        recipient: { name: `Recipient ${s}`, gstin: over.gstin ?? null, stateCode, stateName },
        placeOfSupplyCode: stateCode,
        placeOfSupplyName: stateName,
        placeOfSupplyBasis: over.gstin ? "recipient-gstin" : "recipient-address",
        lines: totals.lines.map((l, i) => ({ ...lines[i]!, ...l })),
        taxablePaise: totals.taxablePaise,
        cgstPaise: totals.cgstPaise,
        sgstPaise: totals.sgstPaise,
        igstPaise: totals.igstPaise,
        taxPaise: totals.taxPaise,
        roundOffPaise: totals.roundOffPaise,
        totalPaise: totals.payablePaise,
        amountInWords: rupeesInWords(totals.payablePaise),
      })
      .returning();
    return row!;
  }

  async function credit(invoiceId: number, day: number, amounts?: Record<number, number>, month = MONTH) {
    const result = await issueCreditNote(staff, invoiceId, { reason: "Returned", scope: amounts ? "lines" : "full", amounts: amounts ?? {}, idempotencyKey: randomUUID() }, new Date(`${month}-${String(day).padStart(2, "0")}T06:00:00Z`));
    if (!result.ok) throw new Error(JSON.stringify(result));
    return result;
  }

  const rowsOf = async (file: Parameters<typeof gstr1File>[0]) => (await gstr1File(file, periodOf(`m:${MONTH}`))).rows;

  beforeAll(async () => {
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), DATA_DIR: storage }));
    await seedSettings(db(), "http://localhost:3000");
    clearSettingsCache();
    const u = await upsertUserWithRole("+919000017001", "admin", db(), "Anita Accounts");
    await db().update(users).set({ staffRole: "accounts" }).where(eq(users.id, u.id));
    staff = asStaff("accounts", { userId: u.id, name: "Anita Accounts", ipAddress: "203.0.113.8" });
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    clearSettingsCache();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  it("HSN summary: a credit note reduces its line's row (no OTH row, no negative quantity), described as the code is; CDNUR; table 13", async () => {
    const gstin = "36AABCU9603R1ZM";
    const registered = await customer(gstin);
    const walkIn = await customer(null);
    // B2B: two drives and a repair. A credit of ₹10,000 of value on the drives, then a second invoice credited in full.
    const b2b = await invoice(registered.id, [PART, SERVICE], { gstin, day: 3 });
    await credit(b2b.id, 10, { 0: 10_000_00 });
    const returned = await invoice(registered.id, [{ ...PART, quantityMilli: 1000 }], { gstin, day: 4 });
    await credit(returned.id, 11);

    const hsnB2b = await rowsOf("hsn-b2b");
    const drives = hsnB2b.filter((r) => r.HSN === PART.hsnSac);
    expect(drives).toEqual([
      expect.objectContaining({
        UQC: "NOS",
        // 2 invoiced + 1 invoiced - 1 returned; the credit of value returns no drive.
        "Total Quantity": 2,
        "Taxable Value": 70_000,
        "Central Tax Amount": 6_300,
        "State/UT Tax Amount": 6_300,
        Description: "Electrical transformers, static converters (for example, rectifiers) and inductors",
      }),
    ]);
    expect(hsnB2b.some((r) => r.UQC === "OTH" || Number(r["Total Quantity"]) < 0)).toBe(false);
    expect(hsnB2b.find((r) => r.HSN === "998719")).toMatchObject({ UQC: "NA", "Total Quantity": 0, Description: "Maintenance and repair services of other machinery and equipments" });

    // CDNUR: a credit note against a B2C large invoice (inter-state, unregistered, above ₹1 lakh); not one against a small one.
    const large = await invoice(walkIn.id, [{ ...PART, quantityMilli: 3000 }], { stateCode: "29", day: 6 }); // ₹1,20,000 taxable
    const small = await invoice(walkIn.id, [SERVICE], { day: 7 });
    const largeNote = await credit(large.id, 12, { 0: 20_000_00 });
    const smallNote = await credit(small.id, 13, { 0: 1_000_00 });
    const cdnur = await rowsOf("cdnur");
    expect(cdnur).toEqual([
      { "UR Type": "B2CL", "Note Number": largeNote.number, "Note Date": "12-May-2026", "Note Type": "C", "Place Of Supply": "29-Karnataka", "Note Value": 23_600, "Applicable % of Tax Rate": "", Rate: 18, "Taxable Value": 20_000, "Cess Amount": 0 },
    ]);
    expect(cdnur.some((r) => r["Note Number"] === smallNote.number)).toBe(false);
    expect((await rowsOf("cdnr")).some((r) => r["Note Number"] === largeNote.number)).toBe(false);
    // The small invoice's note still nets in B2C small; the large one's does not.
    expect((await rowsOf("b2cs")).find((r) => r["Place Of Supply"] === "36-Telangana" && r.Rate === 18)).toMatchObject({ "Taxable Value": 9_000 });

    // Table 13: each series with its first and last number, total and cancelled (the invoice credited in full).
    expect(await rowsOf("docs")).toEqual([
      { "Nature of Document": "Invoices for outward supply", "Sr. No. From": "INV/2026-27/0001", "Sr. No. To": "INV/2026-27/0004", "Total Number": 4, Cancelled: 1 },
      { "Nature of Document": "Credit Note", "Sr. No. From": "CN/2026-27/0001", "Sr. No. To": "CN/2026-27/0004", "Total Number": 4, Cancelled: 0 },
    ]);
  });

  it("exports the books to Tally: Sales, Credit Note and Receipt vouchers with the accountant's ledgers, each balancing to the paisa", async () => {
    const editing = await readSettingsForEditing();
    const saved = await saveSettingsGroup({
      group: "payments",
      expectedVersion: editing.versions.payments,
      next: (current) => ({ ...(current as object), tallySalesLedger: "Sales - Repairs & Parts", tallyIgstLedger: "IGST Payable" }),
      actor: { userId: staff.userId, label: "test", ipAddress: null },
    });
    expect(saved.ok).toBe(true);
    clearSettingsCache();

    const month = "2026-06";
    const buyer = await customer("36AABCU9603R1ZM");
    const walkIn = await customer(null);
    // Odd amounts so that tax and round-off have paise: 3 x ₹333.33 at 18%, and an inter-state part.
    const odd: DocumentLine = { ...SERVICE, description: "Site visit", quantityMilli: 3000, ratePaise: 333_33 };
    const local = await invoice(buyer.id, [odd, { ...PART, quantityMilli: 1000, ratePaise: 1_234_57 }], { gstin: "36AABCU9603R1ZM", day: 2, month });
    const away = await invoice(walkIn.id, [{ ...PART, quantityMilli: 1000, ratePaise: 9_999_99 }], { stateCode: "29", day: 3, month });
    const note = await credit(local.id, 9, { 0: 100_01 }, month);
    await db().insert(payments).values({ reference: "RC-2606-0001", customerId: buyer.id, method: "upi", amountPaise: 1_000_00, receivedOn: `${month}-10`, instrumentRef: "412345678901" });
    await db().insert(payments).values({ reference: "RC-2606-0002", customerId: walkIn.id, method: "cash", amountPaise: 5_000_00, receivedOn: `${month}-11` });

    const vouchers = await tallyVouchers({ from: `${month}-01`, to: `${month}-30` });
    // A refund (recorded elsewhere) plugs in as one more voucher.
    vouchers.push(paymentVoucher({ number: "RF-2606-0001", paidOn: `${month}-12`, amountPaise: 250_50, method: "bank", reference: "UTR123" }, { name: buyer.company! }, tallyLedgers({})));
    const parsed = parseTally(tallyXml(vouchers));

    expect(parsed.map((v) => [v["@_VCHTYPE"], v.VOUCHERNUMBER, v.DATE])).toEqual([
      ["Sales", local.number, "20260602"],
      ["Sales", away.number, "20260603"],
      ["Credit Note", note.number, "20260609"],
      ["Receipt", "RC-2606-0001", "20260610"],
      ["Receipt", "RC-2606-0002", "20260611"],
      ["Payment", "RF-2606-0001", "20260612"],
    ]);
    for (const v of parsed) {
      const entries = v["ALLLEDGERENTRIES.LIST"];
      // Each voucher balances to the paisa; a debit is negative and marked deemed positive.
      expect(entries.reduce((sum, e) => sum + paiseOf(e.AMOUNT), 0)).toBe(0);
      for (const e of entries) expect(e.ISDEEMEDPOSITIVE).toBe(paiseOf(e.AMOUNT) < 0 ? "Yes" : "No");
      expect(v.VOUCHERTYPENAME).toBe(v["@_VCHTYPE"]);
    }
    const ledgersOf = (v: ParsedVoucher) => Object.fromEntries(v["ALLLEDGERENTRIES.LIST"].map((e) => [e.LEDGERNAME, paiseOf(e.AMOUNT)]));
    const localRow = (await db().select().from(invoices).where(eq(invoices.id, local.id)))[0]!;
    expect(ledgersOf(parsed[0]!)).toEqual({
      [buyer.company!]: -localRow.totalPaise,
      "Sales - Repairs & Parts": localRow.taxablePaise,
      "Output CGST": localRow.cgstPaise,
      "Output SGST": localRow.sgstPaise,
      ...(localRow.roundOffPaise ? { "Round Off": localRow.roundOffPaise } : {}),
    });
    expect(localRow.roundOffPaise).not.toBe(0);
    expect(parsed[0]!.PARTYLEDGERNAME).toBe(buyer.company);
    expect(Object.keys(ledgersOf(parsed[1]!))).toEqual(expect.arrayContaining([walkIn.name, "Sales - Repairs & Parts", "IGST Payable"]));
    // The credit note reverses the sides: the party credited, sales and tax debited.
    const noteLedgers = ledgersOf(parsed[2]!);
    expect(noteLedgers[buyer.company!]).toBeGreaterThan(0);
    expect(noteLedgers["Sales - Repairs & Parts"]).toBe(-100_01);
    expect(ledgersOf(parsed[3]!)).toEqual({ [buyer.company!]: 1_000_00, "Bank Account": -1_000_00 });
    expect(ledgersOf(parsed[4]!)).toEqual({ [walkIn.name]: 5_000_00, Cash: -5_000_00 });
    expect(ledgersOf(parsed[5]!)).toEqual({ [buyer.company!]: -250_50, "Bank Account": 250_50 });

    // The exports page's link: the file itself, as a download.
    const url = new URL(`http://127.0.0.1:3000/admin/payments/exports?period=m:${month}&file=tally`);
    const response = (await exportsMiddleware[0]!(routeArgs(url.href, { staff, address: staff.ipAddress }), (() => Promise.resolve(new Response("not the file"))) as never)) as Response;
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="tally-vouchers-${month}.xml"`);
    expect(parseTally(await response.text()).map((v) => v.VOUCHERNUMBER)).toEqual(parsed.slice(0, 5).map((v) => v.VOUCHERNUMBER));
  });

  it("an invoice to a registered customer prints the GSTIN's billing address, never a site address in another state", async () => {
    const gstin = `27AAPFU0939F1Z${gstinChecksum("27AAPFU0939F1Z")}`;
    const [c] = await db().insert(customers).values({ reference: "CU-2607-0001", name: "Anil Deshmukh", company: "Deccan Pumps Pvt Ltd", gstin }).returning();
    const [site] = await db().insert(customerSites).values({ customerId: c!.id, name: "Hyderabad plant", address: "Plot 9, IDA Uppal", city: "Hyderabad", pincode: "500039", stateCode: "36" }).returning();
    // Another financial year: the invoices above were numbered by hand in 2026-27.
    const issue = () =>
      db().transaction((tx) => issueInvoiceInTx(tx, { customerId: c!.id, siteId: site!.id, lines: [SERVICE], issueDate: "2027-07-01", idempotencyKey: randomUUID(), actor: { userId: null, label: "test", ipAddress: null } }));
    const recipientOf = async (id: number) => (await db().select().from(invoices).where(eq(invoices.id, id)))[0]!.recipient;

    // Today's data: no billing address. The Hyderabad site is not printed beside "Maharashtra (27)".
    const before = await issue();
    expect(await recipientOf(before.id)).toMatchObject({ address: null, city: null, pincode: null, stateCode: "27", stateName: "Maharashtra", gstin });

    // The office enters the GSTIN's address on the customer's record; a billing address without a GSTIN is refused.
    const form = { intent: "details", version: "1", name: c!.name, company: c!.company!, gstin, billingAddress: "Plot 4, Hinjawadi Phase 1", billingCity: "Pune", billingPincode: "411057" };
    const noGstin = detailsSchema.safeParse({ ...form, gstin: "" });
    expect(noGstin.success).toBe(false);
    expect(noGstin.error?.issues).toEqual([expect.objectContaining({ path: ["billingAddress"], message: BILLING_NEEDS_GSTIN })]);
    const saved = await editDetails(staff, c!.reference, detailsSchema.parse(form));
    expect(saved).toMatchObject({ ok: true });

    const after = await issue();
    expect(await recipientOf(after.id)).toMatchObject({ address: "Plot 4, Hinjawadi Phase 1", city: "Pune", pincode: "411057", stateCode: "27", stateName: "Maharashtra" });
    expect((await db().select().from(invoices).where(eq(invoices.id, after.id)))[0]).toMatchObject({ placeOfSupplyCode: "27", igstPaise: 1_800_00 });
  });
});
