import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { auditLog, customers, invoices, payments, statementImports, statementLines, users } from "~/.server/db/schema.ts";
import { recordPayment } from "~/.server/payments/record.ts";
import { ignoreLine, importStatement, invoiceNumbersIn, matchLineByHand, parseStatement, statementAmount, statementDate } from "~/.server/payments/reconciliation.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { recordPaymentSchema } from "~/lib/forms/admin/payments.ts";
import { rupeesInWords } from "~/lib/money/amount-in-words.ts";
import { invoiceTotals, type LineInput } from "~/lib/money/gst.ts";
import { action as reconciliationAction, loader as reconciliationLoader } from "~/routes/admin/payments/reconciliation.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs } from "../support/staff-routes.ts";

/**
 * Reconciliation (issue 11 §4): a bank or UPI statement imported as CSV; lines whose narration carries an
 * invoice number (the UPI tr) and whose amount is exactly its amount due are recorded as payments, the rest
 * are listed for a person to match or ignore; the same file twice is one import.
 */

const TODAY = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

describe("reading a statement", () => {
  it("reads the dates, amounts and invoice numbers banks print", () => {
    expect(["24/11/2026", "24-11-2026", "24-Nov-2026", "24 Nov 2026", "2026-11-24", "24/11/26", "24.11.2026"].map(statementDate)).toEqual(Array(7).fill("2026-11-24"));
    expect(["31/02/2026", "Opening balance", ""].map(statementDate)).toEqual([null, null, null]);
    expect(["12,980.00", "₹12980", "12980 CR", "Rs. 12,980", "0.00", "", "-5"].map(statementAmount)).toEqual([12_98_000, 12_98_000, 12_98_000, 12_98_000, null, null, null]);
    expect(invoiceNumbersIn("UPI/412345678901/INV/2026-27/0007/Sri Balaji")).toEqual(["INV2026270007"]);
    expect(invoiceNumbersIn("UPI-INV2026270012-PAYMENT")).toEqual(["INV2026270012"]);
    expect(invoiceNumbersIn("NEFT LAKSHMI ENGG WORKS")).toEqual([]);
  });

  it("finds the header below a preamble, keeps credits only, and explains a file it cannot use", () => {
    const parsed = parseStatement(
      [
        "Account Statement,,,,",
        "Account No,XXXX1234,,,",
        "",
        "Txn Date,Particulars,Chq/Ref No,Withdrawal,Deposit",
        '01-Nov-2026,UPI/INV/2026-27/0001,412345678901,,"1,180.00"',
        "02-Nov-2026,ATM WDL,,500.00,",
        "Closing balance,,,,",
      ].join("\n"),
    );
    expect(parsed).toEqual({ ok: true, skipped: 2, lines: [{ lineNo: 5, valueDate: "2026-11-01", amountPaise: 1_18_000, instrumentRef: "412345678901", description: "UPI/INV/2026-27/0001" }] });
    const amountAndType = parseStatement("Date,Remarks,UTR,Amount,Dr/Cr\n01/11/2026,refund,123,500.00,DR\n01/11/2026,UPI IN,456,700.00,CR");
    expect(amountAndType).toMatchObject({ ok: true, lines: [{ amountPaise: 70_000, instrumentRef: "456" }] });
    expect(parseStatement("name,phone\nA,1")).toEqual({ ok: false, message: "No header row with a date, a credit amount and a narration or reference was found. See the format below." });
    expect(parseStatement("Date,Narration,Credit\n01/11/2026,x,")).toEqual({ ok: false, message: "The file has no credit lines (money received) to reconcile." });
  });
});

const LINE: LineInput = { description: "Panel rewiring", hsnSac: "998719", quantityMilli: 1000, unit: "job", ratePaise: 11_000_00, discountPaise: 0, gstRate: 18 };

describeEachEngine("reconciliation", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), "reconciliation-test-"));
  const pid = String(process.pid % 1000).padStart(3, "0");
  let accounts: StaffMember;
  let n = 0;

  async function openInvoice() {
    const i = ++n;
    const [c] = await db()
      .insert(customers)
      .values({ reference: `CU-2611-${String(i).padStart(4, "0")}`, mobile: `+9193${pid}${String(i).padStart(5, "0")}`, name: `Statement customer ${i}` })
      .returning();
    const totals = invoiceTotals([LINE], { code: "36" });
    const [inv] = await db()
      .insert(invoices)
      .values({
        number: `INV/2026-27/${String(i).padStart(4, "0")}`,
        financialYear: "2026-27",
        serial: i,
        customerId: c!.id,
        issueDate: TODAY,
        dueDate: TODAY,
        supplier: { name: "Deccan Automation" },
        recipient: { name: c!.name },
        placeOfSupplyCode: "36",
        placeOfSupplyName: "Telangana",
        placeOfSupplyBasis: "supplier",
        lines: totals.lines.map((l) => ({ ...LINE, ...l, kind: "service" })),
        taxablePaise: totals.taxablePaise,
        cgstPaise: totals.cgstPaise,
        sgstPaise: totals.sgstPaise,
        igstPaise: totals.igstPaise,
        taxPaise: totals.taxPaise,
        totalPaise: totals.payablePaise,
        amountInWords: rupeesInWords(totals.payablePaise),
      })
      .returning();
    return { customer: c!, invoice: inv! };
  }
  const reload = async (id: number) => (await db().select().from(invoices).where(eq(invoices.id, id)))[0]!;
  const file = (text: string, name = "statement.csv") => ({ name, bytes: new TextEncoder().encode(text) });

  beforeAll(async () => {
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "r".repeat(40), DATA_DIR: storage }));
    await seedSettings(db(), "http://localhost:3000");
    clearSettingsCache();
    const a = await upsertUserWithRole(`+9190${pid}00701`, "admin", db(), "Rekha Accounts");
    await db().update(users).set({ staffRole: "accounts" }).where(eq(users.id, a.id));
    accounts = asStaff("accounts", { userId: a.id, name: "Rekha Accounts", ipAddress: "203.0.113.10" });
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    clearSettingsCache();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  it("matches by the invoice number in the narration and the exact amount due; the rest waits; the same file twice is one import", async () => {
    const a = await openInvoice(); // ₹12,980.00
    const b = await openInvoice();
    const c = await openInvoice();
    const d = await openInvoice();
    // d's UTR was already recorded by hand: the line is linked to that payment, not recorded again.
    await recordPayment(accounts, recordPaymentSchema.parse({ customer: d.customer.reference, method: "upi", amount: "12980", receivedOn: TODAY, utr: `7${pid}00000004` }));
    const csv = [
      "Date,Narration,Reference,Debit,Credit,Balance",
      `${dmy(TODAY)},UPI/7${pid}00000001/${a.invoice.number}/Sri Balaji,7${pid}00000001,,"12,980.00","1,00,000.00"`,
      `${dmy(TODAY)},UPI/7${pid}00000002/${b.invoice.number.replaceAll("/", "")}/part,7${pid}00000002,,"5,000.00",`,
      `${dmy(TODAY)},NEFT-HDFCN5${pid}0003-LAKSHMI ENGG,HDFCN5${pid}0003,,"12,980.00",`,
      `${dmy(TODAY)},UPI/7${pid}00000004/${d.invoice.number},7${pid}00000004,,"12,980.00",`,
      `${dmy(TODAY)},ATM WDL,,"5,000.00",,`,
    ].join("\n");
    const imported = await importStatement(accounts, file(csv));
    expect(imported).toMatchObject({ ok: true, repeated: false, lineCount: 4, matched: 2 });
    expect(await reload(a.invoice.id)).toMatchObject({ status: "paid", paidPaise: 12_98_000 });
    expect(await reload(b.invoice.id)).toMatchObject({ status: "issued", paidPaise: 0 }); // 5,000 is not the amount due
    expect(await reload(d.invoice.id)).toMatchObject({ paidPaise: 12_98_000 }); // once, by hand
    const [recorded] = await db().select().from(payments).where(eq(payments.instrumentRef, `7${pid}00000001`));
    expect(recorded).toMatchObject({ method: "upi", amountPaise: 12_98_000, receivedOn: TODAY, recordedBy: accounts.userId });
    expect(await db().select().from(payments).where(eq(payments.instrumentRef, `7${pid}00000004`))).toHaveLength(1);

    // The same file again: the same import, nothing added.
    if (!imported.ok) throw new Error(imported.message);
    expect(await importStatement(accounts, file(csv, "again.csv"))).toEqual({ ok: true, importId: imported.importId, repeated: true, lineCount: 4, matched: 2 });
    expect(await db().select().from(statementImports)).toHaveLength(1);

    // What is left, by hand: c's NEFT line matched to c's invoice; b's part payment matched to b; the wrong invoice refused.
    const waiting = await db().select().from(statementLines).where(eq(statementLines.status, "unmatched"));
    expect(waiting.map((l) => l.amountPaise).sort((x, y) => x - y)).toEqual([5_00_000, 12_98_000]);
    const neft = waiting.find((l) => l.amountPaise === 12_98_000)!;
    const part = waiting.find((l) => l.amountPaise === 5_00_000)!;
    expect(await matchLineByHand(accounts, neft.id, a.invoice.number)).toMatchObject({ ok: false, field: "invoice", message: `${a.invoice.number} is paid: nothing is due on it.` });
    expect(await matchLineByHand(accounts, neft.id, "INV/2026-27/9999")).toMatchObject({ ok: false, message: "No invoice has the number INV/2026-27/9999." });
    expect(await matchLineByHand(accounts, neft.id, c.invoice.number.toLowerCase())).toMatchObject({ ok: true });
    expect(await reload(c.invoice.id)).toMatchObject({ status: "paid" });
    const [bank] = await db().select().from(payments).where(eq(payments.instrumentRef, `HDFCN5${pid}0003`));
    expect(bank).toMatchObject({ method: "bank", customerId: c.customer.id });
    expect(await matchLineByHand(accounts, neft.id, c.invoice.number)).toMatchObject({ ok: false, message: "This line is already matched." });
    expect(await matchLineByHand(accounts, part.id, b.invoice.number)).toMatchObject({ ok: true });
    expect(await reload(b.invoice.id)).toMatchObject({ status: "partly_paid", paidPaise: 5_00_000 });
    expect((await db().select().from(statementImports))[0]).toMatchObject({ matchedCount: 4 });
    expect((await db().select().from(auditLog).where(eq(auditLog.entityType, "statement"))).map((e) => e.action).sort()).toEqual(["statement.import", "statement.match", "statement.match"]);
  });

  it("through the page: an upload (multipart), a refusal beside the file field, and ignore", async () => {
    const args = (body?: FormData) => routeArgs("/admin/payments/reconciliation", { staff: accounts, body, address: "203.0.113.10" });
    const bad = new FormData();
    bad.set("intent", "import");
    bad.set("statement", new File(["just,some\ncolumns,here"], "odd.csv", { type: "text/csv" }));
    expect(await reconciliationAction(args(bad))).toMatchObject({ init: { status: 400 }, data: { errors: { statement: expect.stringContaining("No header row") as unknown } } });

    const good = new FormData();
    good.set("intent", "import");
    good.set("statement", new File([`Value Date,Description,UTR,Credit\n${TODAY},INTEREST CREDIT,,"42.00"`], "interest.csv", { type: "text/csv" }));
    const done = (await reconciliationAction(args(good))) as Response;
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toMatch(/\/admin\/payments\/reconciliation\?import=\d+$/);
    const page = (await reconciliationLoader(args())) as { lines: Array<{ id: number; amountPaise: number; description: string }> };
    const interest = page.lines.find((l) => l.description === "INTEREST CREDIT")!;
    expect(interest.amountPaise).toBe(4_200);
    const ignore = new FormData();
    ignore.set("intent", "ignore");
    ignore.set("line", String(interest.id));
    expect(((await reconciliationAction(args(ignore))) as Response).status).toBe(303);
    expect(await ignoreLine(accounts, interest.id)).toMatchObject({ ok: false, message: "This line is already ignored." });
    expect(((await reconciliationLoader(args())) as { lines: Array<{ id: number }> }).lines.some((l) => l.id === interest.id)).toBe(false);
  });
});
