import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchaseVoucher, tallyLedgers, tallyVouchers, tallyXml } from "~/.server/accounting/tally.ts";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { auditLog, products, users, vendorBills, vendorParts, vendors } from "~/.server/db/schema.ts";
import { periodOf, purchaseRegister } from "~/.server/payments/exports.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { billFigures, recordVendorBill, removeVendorBill } from "~/.server/vendors/bills.ts";
import { addVendor, addVendorPart, changeVendorState, editVendor, editVendorPart, removeVendorPart } from "~/.server/vendors/changes.ts";
import { listVendors } from "~/.server/vendors/list.ts";
import { SCREEN_AUDIT } from "~/.server/admin/screens.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { addPartSchema, billSchema, editPartSchema, editVendorSchema, newVendorSchema, STALE_VENDOR_MESSAGE, vendorListSchema } from "~/lib/forms/admin/vendors.ts";
import { gstinChecksum } from "~/lib/settings-schema.ts";
import { productLabel } from "~/lib/forms/admin/products.ts";
import { action as recordAction, loader as recordLoader } from "~/routes/admin/vendors/vendor.tsx";
import { middleware as listMiddleware, loader as listLoader } from "~/routes/admin/vendors/route.tsx";
import { action as newAction } from "~/routes/admin/vendors/new.tsx";
import { middleware as exportsMiddleware } from "~/routes/admin/payments/exports.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, thrownStatus } from "../support/staff-routes.ts";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** A GSTIN with a right check character, in the state given, for a made-up PAN. */
function gstin(state: string): string {
  const bytes = randomUUID().replace(/-/g, "");
  const pan = Array.from({ length: 5 }, (_, i) => LETTERS[parseInt(bytes.slice(i * 2, i * 2 + 2), 16) % 26]).join("") + String(parseInt(bytes.slice(10, 16), 16) % 10000).padStart(4, "0") + "P";
  const first14 = `${state}${pan}1Z`;
  return first14 + gstinChecksum(first14);
}

const form = (over: Record<string, string> = {}) => ({
  name: "Deccan Automation Supplies",
  gstin: gstin("36"),
  stateCode: "",
  address: "Plot 12, IDA Balanagar",
  city: "Hyderabad",
  pincode: "500037",
  paymentTermsDays: "30",
  contact0Name: "Suresh Reddy",
  contact0Phone: "98480 12345",
  contact0Email: "Sales@Deccan.example",
  notes: "",
  ...over,
});

const errorsOf = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe("vendor forms", () => {
  it("take the state from the GSTIN, normalise the contacts, and explain bad input beside its field", () => {
    const g = gstin("29");
    expect(newVendorSchema.parse(form({ gstin: g.toLowerCase(), stateCode: "36" }))).toMatchObject({
      gstin: g,
      stateCode: "29",
      paymentTermsDays: 30,
      contacts: [{ name: "Suresh Reddy", phone: "+919848012345", email: "sales@deccan.example" }],
    });
    expect(newVendorSchema.parse(form({ gstin: "", stateCode: "27", paymentTermsDays: "" }))).toMatchObject({ gstin: null, stateCode: "27", paymentTermsDays: 30 });
    const wrong = g.slice(0, 14) + (g[14] === "A" ? "B" : "A");
    expect(errorsOf(newVendorSchema.safeParse(form({ gstin: wrong, pincode: "5000", paymentTermsDays: "400", contact1Phone: "12", contact2Email: "x@y.example" })))).toEqual({
      gstin: "This GSTIN's check character is wrong",
      pincode: "A PIN code has six digits.",
      paymentTermsDays: "Enter the days to pay in, from 0 to 365.",
      contact1Phone: "Enter a phone number, e.g. 98480 12345 or 040 2345 6789.",
    });
    expect(errorsOf(newVendorSchema.safeParse(form({ contact2Email: "x@y.example" })))).toEqual({ contact2Name: "Name the person with this phone or e-mail (or clear the row)." });
    expect(errorsOf(billSchema.safeParse({ intent: "bill-add", billNumber: "", billDate: "2999-01-01", taxable: "12.345", gstRate: "12" }))).toEqual({
      billNumber: "Enter the bill number as printed on the vendor's bill.",
      billDate: "The bill's date cannot be in the future",
      taxable: "Enter the taxable value in rupees, e.g. 1234.50 (at most two decimals)",
      gstRate: "GST rate must be 0%, 5%, 18% or 40%",
    });
  });

  it("split a bill's GST by the vendor's state, rounding each half to the paisa", () => {
    // ₹1,000.05 at 18%: 180.009 -> CGST 90.00 + SGST 90.00 within the state (each half rounded), IGST 180.01 from outside.
    expect(billFigures(1_000_05, 18, "36", "36")).toEqual({ taxablePaise: 1_000_05, cgstPaise: 90_00, sgstPaise: 90_00, igstPaise: 0, totalPaise: 1_180_05 });
    expect(billFigures(1_000_05, 18, "29", "36")).toEqual({ taxablePaise: 1_000_05, cgstPaise: 0, sgstPaise: 0, igstPaise: 180_01, totalPaise: 1_180_06 });
    // Half a paisa goes up: ₹0.25 at 18% is 4.5 paise IGST -> 5; each half 2.25 -> 2.
    expect(billFigures(25, 18, "29", "36").igstPaise).toBe(5);
    expect(billFigures(25, 18, "36", "36")).toMatchObject({ cgstPaise: 2, sgstPaise: 2, totalPaise: 29 });
  });

  it("is a Money screen: accounts and the owner, not the office", () => {
    expect(screenFor("/admin/vendors/12")).toMatchObject({ path: "/admin/vendors", permission: "money", built: true });
  });
});

describeEachEngine("vendors", (database, engine) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), "vendors-test-"));
  const pid = String(process.pid % 1000).padStart(3, "0");
  let accounts: StaffMember;
  let counter = 0;
  const unique = (name: string) => `${name} ${++counter}-${randomUUID().slice(0, 6)}`;

  const added = async (over: Record<string, string> = {}) => {
    const result = await addVendor(accounts, newVendorSchema.parse(form({ name: unique("Vendor"), ...over })));
    if (!result.ok) throw new Error(result.message);
    return (await db().select().from(vendors).where(eq(vendors.id, result.id)))[0]!;
  };
  const product = async () => {
    const [p] = await db().insert(products).values({ name: unique("Contactor 32 A"), make: "Siemens", model: unique("3RT2"), hsnSac: "8536", gstRate: 18, pricePaise: 2_450_00 }).returning();
    return p!;
  };
  const bill = (over: Record<string, string> = {}) => billSchema.parse({ intent: "bill-add", billNumber: unique("INV"), billDate: "2026-11-05", taxable: "10000", gstRate: "18", ...over });
  const entries = async (id: number) => (await db().select().from(auditLog).where(and(eq(auditLog.entityType, "vendor"), eq(auditLog.entityId, String(id)))).orderBy(auditLog.id)).map((e) => e.action);

  beforeAll(async () => {
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), DATA_DIR: storage }));
    await seedSettings(db(), "http://localhost:3000");
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

  it("adds a vendor with its audit entry, and refuses the same GSTIN again with a link to the one there", async () => {
    const v = await added({ name: "Kaveri Electricals" });
    expect(v).toMatchObject({ stateCode: "36", city: "Hyderabad", paymentTermsDays: 30, version: 1, archivedAt: null, contacts: [{ name: "Suresh Reddy", phone: "+919848012345", email: "sales@deccan.example" }] });
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.entityType, "vendor"), eq(auditLog.entityId, String(v.id))));
    expect(entry).toMatchObject({ action: "vendor.add", actorLabel: "Anil Accounts", entityLabel: "Kaveri Electricals" });
    const again = await addVendor(accounts, newVendorSchema.parse(form({ name: "Kaveri Elec.", gstin: v.gstin!.toLowerCase() })));
    expect(again).toEqual({ ok: false, field: "gstin", message: "This GSTIN is already Kaveri Electricals's: open it to change it.", existing: { id: v.id, label: "Kaveri Electricals" } });
    // Two unregistered vendors need no GSTIN, and do not clash.
    await added({ gstin: "", stateCode: "36" });
    await added({ gstin: "", stateCode: "36" });
  });

  it("edits on the version seen: a stale edit is refused, contacts are added and removed, a taken GSTIN is refused", async () => {
    const v = await added();
    const other = await added();
    const edit = (version: number, over: Record<string, string> = {}) => editVendorSchema.parse({ intent: "edit", version: String(version), ...form({ name: v.name, gstin: v.gstin!, ...over }) });
    expect(await editVendor(accounts, v.id, edit(1, { contact1Name: "Lakshmi (accounts)", contact1Email: "accounts@deccan.example", paymentTermsDays: "45" }))).toEqual({ ok: true, message: "Vendor saved." });
    expect(await editVendor(accounts, v.id, edit(1, { paymentTermsDays: "60" }))).toEqual({ ok: false, reason: "refused", field: "form", message: STALE_VENDOR_MESSAGE });
    expect(await editVendor(accounts, v.id, edit(2, { gstin: other.gstin! }))).toMatchObject({ ok: false, field: "gstin", existing: { id: other.id } });
    // Clearing the first row removes that contact.
    expect(await editVendor(accounts, v.id, edit(2, { contact0Name: "", contact0Phone: "", contact0Email: "", contact1Name: "Lakshmi (accounts)", contact1Email: "accounts@deccan.example", paymentTermsDays: "45" }))).toMatchObject({ ok: true });
    expect((await db().select().from(vendors).where(eq(vendors.id, v.id)))[0]).toMatchObject({ version: 3, paymentTermsDays: 45, contacts: [{ name: "Lakshmi (accounts)", phone: null, email: "accounts@deccan.example" }] });
    expect(await changeVendorState(accounts, v.id, { intent: "archive", version: 3 })).toMatchObject({ ok: true });
    expect(await changeVendorState(accounts, v.id, { intent: "archive", version: 4 })).toMatchObject({ ok: false, message: "This vendor is already archived." });
    expect(await entries(v.id)).toEqual(["vendor.add", "vendor.update", "vendor.update", "vendor.archive"]);
    const [update] = await db().select().from(auditLog).where(and(eq(auditLog.entityId, String(v.id)), eq(auditLog.action, "vendor.update"))).limit(1);
    expect(update!.after).toEqual({ paymentTermsDays: 45, contacts: [{ name: "Suresh Reddy", phone: "+919848012345", email: "sales@deccan.example" }, { name: "Lakshmi (accounts)", phone: null, email: "accounts@deccan.example" }] });
    expect((await listVendors(vendorListSchema.parse({ show: "archived", q: v.name }), undefined)).rows).toMatchObject([{ id: v.id, archived: true }]);
  });

  it("keeps the parts they supply at their price: add, change, remove, each on the vendor's version", async () => {
    const v = await added();
    const p = await product();
    const add = (version: number, over: Record<string, string> = {}) => addPartSchema.parse({ intent: "part-add", version: String(version), productId: String(p.id), partNumber: "3RT2026-1AP00", price: "2,180.50", leadTimeDays: "7", ...over });
    expect(await addVendorPart(accounts, v.id, add(1))).toMatchObject({ ok: true });
    expect(await addVendorPart(accounts, v.id, add(2))).toMatchObject({ ok: false, field: "productId", message: expect.stringContaining("They already supply") as unknown });
    expect(await addVendorPart(accounts, v.id, add(1, { productId: String((await product()).id) }))).toEqual({ ok: false, reason: "refused", field: "form", message: STALE_VENDOR_MESSAGE });
    const [part] = await db().select().from(vendorParts).where(eq(vendorParts.vendorId, v.id));
    expect(part).toMatchObject({ productId: p.id, partNumber: "3RT2026-1AP00", pricePaise: 2_180_50, leadTimeDays: 7 });
    const edit = editPartSchema.parse({ intent: "part-edit", version: "2", partId: String(part!.id), partNumber: "3RT2026-1AP00", price: "2250", leadTimeDays: "" });
    expect(await editVendorPart(accounts, v.id, edit)).toMatchObject({ ok: true });
    expect((await db().select().from(vendorParts).where(eq(vendorParts.id, part!.id)))[0]).toMatchObject({ pricePaise: 2_250_00, leadTimeDays: null });
    expect(await removeVendorPart(accounts, v.id, { partId: part!.id, version: 2 })).toMatchObject({ ok: false, message: STALE_VENDOR_MESSAGE });
    expect(await removeVendorPart(accounts, v.id, { partId: part!.id, version: 3 })).toMatchObject({ ok: true });
    expect(await db().select().from(vendorParts).where(eq(vendorParts.vendorId, v.id))).toEqual([]);
    expect(await entries(v.id)).toEqual(["vendor.add", "vendor.part-add", "vendor.part-edit", "vendor.part-remove"]);
    const logged = await db().select().from(auditLog).where(and(eq(auditLog.entityId, String(v.id)), eq(auditLog.action, "vendor.part-add")));
    const audit = SCREEN_AUDIT["/admin/vendors"];
    if (!audit || !("actions" in audit)) throw new Error("vendors write audit entries");
    expect(audit.actions["vendor.part-add"]!.describe(logged[0]!.before as null, logged[0]!.after as Record<string, unknown>)).toEqual(["added a part to", ` (${productLabel(p)})`]);
  });

  it("records bills with the GST split by state, refuses the same bill number twice, and the exports carry them", async () => {
    const local = await added({ name: unique("Local") });
    const karnataka = await added({ name: unique("Bengaluru"), gstin: gstin("29") });
    const unregistered = await added({ name: unique("Unregistered"), gstin: "", stateCode: "36" });
    const month = "2025-12";
    const n1 = unique("DAS/25-26/");
    expect(await recordVendorBill(accounts, local.id, bill({ billNumber: n1, billDate: `${month}-03`, taxable: "1000.05" }))).toMatchObject({ ok: true, message: `Bill ${n1} recorded.` });
    expect(await recordVendorBill(accounts, local.id, bill({ billNumber: n1.toLowerCase(), billDate: `${month}-04` }))).toMatchObject({ ok: false, field: "billNumber", message: expect.stringContaining("already recorded") as unknown });
    const n2 = unique("KA-");
    expect(await recordVendorBill(accounts, karnataka.id, bill({ billNumber: n2, billDate: `${month}-10`, taxable: "1000.05" }))).toMatchObject({ ok: true });
    expect(await recordVendorBill(accounts, unregistered.id, bill({ billDate: `${month}-11` }))).toMatchObject({ ok: false, field: "gstRate" });
    const n3 = unique("CASH-");
    expect(await recordVendorBill(accounts, unregistered.id, bill({ billNumber: n3, billDate: `${month}-11`, taxable: "500", gstRate: "0" }))).toMatchObject({ ok: true });
    expect(await recordVendorBill(accounts, 99_999_999, bill())).toEqual({ ok: false, reason: "not-found" });

    const stored = await db().select().from(vendorBills).where(eq(vendorBills.billNumber, n1));
    expect(stored[0]).toMatchObject({ taxablePaise: 1_000_05, cgstPaise: 90_00, sgstPaise: 90_00, igstPaise: 0, totalPaise: 1_180_05, supplierStateCode: "36", purchaseOrderId: null });
    expect(await entries(local.id)).toEqual(["vendor.add", "vendor.bill-add"]);
    // A bill typed wrongly is removed (its figures kept in the log) and recorded again.
    const wrong = await recordVendorBill(accounts, local.id, bill({ billDate: `${month}-20`, taxable: "99999" }));
    if (!wrong.ok) throw new Error("the bill was not recorded");
    expect(await removeVendorBill(accounts, karnataka.id, wrong.billId)).toMatchObject({ ok: false, message: expect.stringContaining("no longer recorded") as unknown });
    expect(await removeVendorBill(accounts, local.id, wrong.billId)).toMatchObject({ ok: true });
    expect(await db().select().from(vendorBills).where(eq(vendorBills.id, wrong.billId))).toEqual([]);
    expect(await entries(local.id)).toEqual(["vendor.add", "vendor.bill-add", "vendor.bill-add", "vendor.bill-remove"]);

    const period = periodOf(`m:${month}`);
    const register = await purchaseRegister(period);
    const mine = register.rows.filter((r) => [n1, n2, n3].includes(r.billNumber));
    const csvRow = (r: (typeof mine)[number]) => register.columns.map((c) => c.value(r));
    expect(mine.map(csvRow)).toEqual([
      ["03-Dec-2025", n1, local.name, local.gstin, "36-Telangana", 18, 1000.05, 90, 90, 0, 1180.05],
      ["10-Dec-2025", n2, karnataka.name, karnataka.gstin, "29-Karnataka", 18, 1000.05, 0, 0, 180.01, 1180.06],
      ["11-Dec-2025", n3, unregistered.name, "", "36-Telangana", 0, 500, 0, 0, 0, 500],
    ]);

    const vouchers = (await tallyVouchers(period)).filter((v) => v.type === "Purchase" && [n1, n2].includes(v.number));
    expect(vouchers.map((v) => v.entries)).toEqual([
      [
        { ledger: local.name, amountPaise: 1_180_05 },
        { ledger: "Purchases", amountPaise: -1_000_05 },
        { ledger: "Input CGST", amountPaise: -90_00 },
        { ledger: "Input SGST", amountPaise: -90_00 },
      ],
      [
        { ledger: karnataka.name, amountPaise: 1_180_06 },
        { ledger: "Purchases", amountPaise: -1_000_05 },
        { ledger: "Input IGST", amountPaise: -180_01 },
      ],
    ]);
    expect(vouchers[0]).toMatchObject({ partyGstin: local.gstin, placeOfSupply: "Telangana", date: `${month}-03` });
    // The file itself: each voucher balances (tallyXml refuses one that does not), the vendor credited.
    const xml = tallyXml([purchaseVoucher(stored[0]!, { name: local.name, gstin: local.gstin }, tallyLedgers({}))]);
    expect(xml).toContain(`<VOUCHER VCHTYPE="Purchase"`);
    expect(xml).toContain("<LEDGERNAME>Input CGST</LEDGERNAME><ISDEEMEDPOSITIVE>Yes</ISDEEMEDPOSITIVE><AMOUNT>-90.00</AMOUNT>");

    // Through the exports page's URL, as the accountant downloads it.
    const csv = (await exportsMiddleware[0]!(routeArgs(`/admin/payments/exports?period=m:${month}&file=purchases`, { staff: accounts }), () => Promise.reject(new Error("answered by the middleware")))) as Response;
    const text = await csv.text();
    expect(text).toContain("Bill date,Bill number,Vendor,Vendor GSTIN");
    expect(text).toContain(`10-Dec-2025,${n2},${karnataka.name},${karnataka.gstin},29-Karnataka,18,1000.05,0,0,180.01,1180.06`);
  });

  if (engine === "postgres") {
    it("adds one vendor when the same GSTIN is sent many times at once; the others are shown it", async () => {
      const input = newVendorSchema.parse(form({ name: unique("Race"), gstin: gstin("36") }));
      const results = await Promise.all(Array.from({ length: 12 }, () => addVendor(accounts, input)));
      const made = results.filter((r) => r.ok);
      expect(made).toHaveLength(1);
      const id = (made[0] as { id: number }).id;
      expect(results.filter((r) => !r.ok)).toEqual(Array.from({ length: 11 }, () => ({ ok: false, field: "gstin", message: expect.stringContaining("already") as unknown, existing: { id, label: input.name } })));
      expect(await db().select({ id: vendors.id }).from(vendors).where(eq(vendors.gstin, input.gstin!))).toEqual([{ id }]);
    });

    it("adds a product to a vendor's parts once when the same part is sent many times at once", async () => {
      const v = await added();
      const p = await product();
      const input = addPartSchema.parse({ intent: "part-add", version: "1", productId: String(p.id), price: "100" });
      const results = await Promise.all(Array.from({ length: 12 }, () => addVendorPart(accounts, v.id, input)));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual(Array.from({ length: 11 }, () => expect.objectContaining({ ok: false, reason: "refused" }) as unknown));
      expect(await db().select({ id: vendorParts.id }).from(vendorParts).where(eq(vendorParts.vendorId, v.id))).toHaveLength(1);
      expect(await entries(v.id)).toEqual(["vendor.add", "vendor.part-add"]);
    });

    it("records a bill once when the same bill is sent many times at once", async () => {
      const v = await added();
      const input = bill();
      const results = await Promise.all(Array.from({ length: 12 }, () => recordVendorBill(accounts, v.id, input)));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual(Array.from({ length: 11 }, () => expect.objectContaining({ ok: false, field: "billNumber" }) as unknown));
      expect(await db().select({ id: vendorBills.id }).from(vendorBills).where(eq(vendorBills.vendorId, v.id))).toHaveLength(1);
      expect(await entries(v.id)).toEqual(["vendor.add", "vendor.bill-add"]);
    });
  }

  describe("through the routes", () => {
    const args = (staff: StaffMember, p: string, params: Record<string, string>, body?: Record<string, string>) => routeArgs(p, { staff, params, body, address: "203.0.113.8" });
    type Refused = { data: { errors: Record<string, string>; values: Record<string, string>; existing?: { id: number } }; init: { status: number } };

    it("add, list by name, GSTIN or city, CSV, edit, a part and a bill; bad input comes back beside its field, never a 500", async () => {
      const name = unique("Sri Sai Switchgear");
      const city = unique("Secunderabad");
      const g = gstin("36");
      const bad = (await newAction(args(accounts, "/admin/vendors/new", {}, form({ name, gstin: "36ABC", pincode: "12" })))) as Refused;
      expect(bad).toMatchObject({ init: { status: 400 }, data: { errors: { gstin: "A GSTIN has 15 characters, like 36AAAAA0000A1Z3", pincode: "A PIN code has six digits." }, values: { gstin: "36ABC", name } } });
      const done = (await newAction(args(accounts, "/admin/vendors/new", {}, form({ name, gstin: g, city })))) as Response;
      expect(done.status).toBe(303);
      const id = Number(/^\/admin\/vendors\/(\d+)$/.exec(done.headers.get("location")!)![1]);
      const dup = (await newAction(args(accounts, "/admin/vendors/new", {}, form({ name, gstin: g, city })))) as Refused;
      expect(dup).toMatchObject({ init: { status: 400 }, data: { errors: { gstin: expect.stringContaining("already") as unknown }, existing: { id } } });

      for (const q of [name.slice(4, 14).toLowerCase(), g.slice(0, 9).toLowerCase(), city]) {
        const list = (await listLoader(args(accounts, `/admin/vendors?q=${encodeURIComponent(q)}`, {}))) as { rows: Array<{ id: number }>; total: number };
        expect(list.rows.map((r) => r.id), q).toContain(id);
      }
      const csv = (await listMiddleware[0]!(args(accounts, `/admin/vendors?q=${encodeURIComponent(city)}&format=csv`, {}), () => Promise.reject(new Error("answered by the middleware")))) as Response;
      expect(await csv.text()).toContain(`${id},${name},${g},36,Telangana,${city},Suresh Reddy,'+919848012345,sales@deccan.example,30,0,`); // a leading + is quoted away from a spreadsheet's formulas

      const p = `/admin/vendors/${id}`;
      const prod = await product();
      const page = (await recordLoader(args(accounts, p, { id: String(id) }))) as { vendor: { version: number }; products: Array<{ id: number }>; ourState: string };
      expect(page.vendor.version).toBe(1);
      expect(page.products.map((x) => x.id)).toContain(prod.id);
      const badPart = (await recordAction(args(accounts, p, { id: String(id) }, { intent: "part-add", version: "1", productId: String(prod.id), price: "abc" }))) as Refused;
      expect(badPart).toMatchObject({ init: { status: 400 }, data: { errors: { price: "Enter their price in rupees, e.g. 1234.50 (at most two decimals)" }, values: { price: "abc" } } });
      expect(((await recordAction(args(accounts, p, { id: String(id) }, { intent: "part-add", version: "1", productId: String(prod.id), price: "1999" }))) as Response).status).toBe(303);
      const stale = (await recordAction(args(accounts, p, { id: String(id) }, { intent: "edit", version: "1", ...form({ name, gstin: g, city: "Hyderabad" }) }))) as Refused;
      expect(stale).toMatchObject({ init: { status: 400 }, data: { errors: { form: STALE_VENDOR_MESSAGE }, values: { city: "Hyderabad" } } });
      const billNumber = unique("B-");
      expect(((await recordAction(args(accounts, p, { id: String(id) }, { intent: "bill-add", billNumber, billDate: "2026-11-02", taxable: "4,200", gstRate: "18" }))) as Response).status).toBe(303);
      const twice = (await recordAction(args(accounts, p, { id: String(id) }, { intent: "bill-add", billNumber, billDate: "2026-11-02", taxable: "4,200", gstRate: "18" }))) as Refused;
      expect(twice).toMatchObject({ init: { status: 400 }, data: { errors: { billNumber: expect.stringContaining("already recorded") as unknown } } });
      const after = (await recordLoader(args(accounts, p, { id: String(id) }))) as { vendor: { version: number }; parts: Array<{ pricePaise: number }>; bills: Array<{ cgstPaise: number; totalPaise: number }>; products: Array<{ id: number }> };
      expect(after).toMatchObject({ vendor: { version: 2 }, parts: [{ pricePaise: 1_999_00 }], bills: [{ cgstPaise: 378_00, totalPaise: 4_956_00 }] });
      expect(after.products.map((x) => x.id)).not.toContain(prod.id);
      expect(await thrownStatus(recordLoader(args(accounts, "/admin/vendors/99999999", { id: "99999999" })))).toBe(404);
    });
  });
});
