import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSession } from "~/.server/auth/sessions.ts";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { addSite, addUnitToCustomer, createCustomer, editDetails, eraseFromRecord, recordDataRequest, removeUnit } from "~/.server/customers/changes.ts";
import { seedDemoCustomers } from "~/.server/customers/demo.ts";
import { linkRequestsToCustomers } from "~/.server/customers/link.ts";
import { listCustomers } from "~/.server/customers/list.ts";
import { customerDataCsv, customerDataExport, ERASED_MOBILE } from "~/.server/customers/personal-data.ts";
import { customerRecord } from "~/.server/customers/record.ts";
import { addUnit, SameSerialError, unitsBySerial } from "~/.server/customers/units.ts";
import {
  auditLog,
  customerDataRequests,
  customers,
  customerSites,
  equipmentUnits,
  jobSignoffs,
  outbox,
  requestEvents,
  requestPhotos,
  serviceRequests,
  sessions,
  users,
} from "~/.server/db/schema.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { listServiceRequests } from "~/.server/requests/list.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { can, STAFF_ROLES, type StaffRole } from "~/lib/auth/permissions.ts";
import { addSiteSchema, addUnitSchema, customerListSchema, dataRequestSchema, detailsSchema, newCustomerSchema, STALE_CUSTOMER_MESSAGE } from "~/lib/forms/admin/customers.ts";
import { requestListSchema } from "~/lib/forms/admin/request-list.ts";
import { loader as exportLoader } from "~/routes/admin/customers/export.ts";
import { action as recordAction, loader as recordLoader } from "~/routes/admin/customers/customer.tsx";
import { middleware as listMiddleware, loader as listLoader } from "~/routes/admin/customers/route.tsx";
import { action as newAction } from "~/routes/admin/customers/new.tsx";
import { middleware as layoutMiddleware } from "~/routes/admin/layout.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, statusOf, BACK_OFFICE } from "../support/staff-routes.ts";

describe("customer forms", () => {
  it("validate a GSTIN's format and check character, and a PIN code, with a message beside the field", () => {
    const ok = detailsSchema.safeParse({ intent: "details", version: "3", name: " Ravi ", gstin: "36aabcs1234q1z5", email: "" });
    expect(ok.success ? ok.data : ok.error.issues).toMatchObject({ version: 3, name: "Ravi", gstin: "36AABCS1234Q1Z5", email: undefined });
    const bad = detailsSchema.safeParse({ intent: "details", version: "3", name: "", gstin: "36AABCS1234Q1Z6" });
    expect(Object.fromEntries(bad.error!.issues.map((i) => [String(i.path[0]), i.message]))).toEqual({
      name: "Enter the customer's name.",
      gstin: "This GSTIN's check character is wrong",
    });
    const site = newCustomerSchema.safeParse({ mobile: "98480 11111", name: "A", siteCity: "Pune", sitePincode: "4105" });
    expect(Object.fromEntries(site.error!.issues.map((i) => [String(i.path[0]), i.message]))).toEqual({
      sitePincode: "A PIN code has six digits, e.g. 502319.",
      siteName: "Name the site, e.g. Patancheru plant, or clear its address.",
    });
  });

  it("every staff role has the Customers screen", () => {
    expect(screenFor("/admin/customers/CU-2611-0001")).toMatchObject({ path: "/admin/customers", permission: "customers", built: true });
    for (const role of STAFF_ROLES) expect(can(role, "customers"), role).toBe(true);
  });
});

describeEachEngine("customers", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), "customers-test-"));
  let office: StaffMember;
  let accounts: StaffMember;
  let counter = 0;
  const pid = String(process.pid % 1000).padStart(3, "0");
  const newMobile = () => `+9197${pid}${String(++counter).padStart(5, "0")}`;

  const staffMember = (userId: number, role: StaffRole, name: string): StaffMember => asStaff(role, { userId, name, ipAddress: "203.0.113.8" });

  beforeAll(async () => {
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), DATA_DIR: storage }));
    await seedSettings(db(), "http://localhost:3000");
    clearSettingsCache();
    const a = await upsertUserWithRole(`+9190${pid}00301`, "admin", db(), "Asha Office");
    const b = await upsertUserWithRole(`+9190${pid}00302`, "admin", db(), "Anil Accounts");
    await db().update(users).set({ staffRole: "office" }).where(eq(users.id, a.id));
    await db().update(users).set({ staffRole: "accounts" }).where(eq(users.id, b.id));
    office = staffMember(a.id, "office", "Asha Office");
    accounts = staffMember(b.id, "accounts", "Anil Accounts");
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    clearSettingsCache();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  /** A request as the public form stores it, linked to its customer by mobile as submission does. */
  async function newRequest(over: Partial<typeof serviceRequests.$inferInsert> = {}) {
    counter += 1;
    const at = new Date(Date.now() - 60 * 60_000 + counter * 1000);
    const values = {
      reference: `SR-2611-${String(7000 + counter)}`,
      kind: "full" as const,
      contactName: "Ravi Kumar",
      mobile: newMobile(),
      email: "ravi.kumar@example.net",
      company: "Sri Venkateswara Pharma",
      siteAddress: "Plot 12, IDA Jeedimetla",
      city: "Hyderabad",
      serviceName: "VFD / AC Drive Repair",
      equipmentBrand: "ABB",
      equipmentModel: "ACS880",
      faultDescription: "Drive trips on overcurrent at start.",
      urgency: "within_24h" as const,
      consentVersion: "2026-04",
      consentAt: at,
      idempotencyKey: randomUUID(),
      createdAt: at,
      ...over,
    };
    return db().transaction(async (tx) => {
      const [row] = await tx.insert(serviceRequests).values(values).returning();
      await linkRequestsToCustomers(tx, [{ id: row!.id, mobile: row!.mobile, name: row!.contactName, company: row!.company, email: row!.email }]);
      const [linked] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, row!.id));
      return linked!;
    });
  }

  const details = (v: Record<string, unknown>) => detailsSchema.parse({ intent: "details", ...v });
  const site = (v: Record<string, unknown>) => addSiteSchema.parse({ intent: "add-site", ...v });
  const unit = (v: Record<string, unknown>) => addUnitSchema.parse({ intent: "add-unit", ...v });
  const dataRequest = (v: Record<string, unknown>) => dataRequestSchema.parse({ intent: "data-request", ...v });
  const customerOf = async (id: number) => (await db().select().from(customers).where(eq(customers.id, id)))[0]!;

  it("links requests by mobile, and the portal account when the customer signs in", async () => {
    const first = await newRequest();
    const second = await newRequest({ mobile: first.mobile, contactName: "Ravi K." });
    expect(second.customerId).toBe(first.customerId);
    const before = await customerOf(first.customerId!);
    expect(before).toMatchObject({ mobile: first.mobile, name: "Ravi Kumar", userId: null });

    const user = await upsertUserWithRole(first.mobile, "customer");
    expect((await customerOf(first.customerId!)).userId).toBe(user.id);
    // Signing in again changes nothing.
    await upsertUserWithRole(first.mobile, "customer");
    expect((await customerOf(first.customerId!)).userId).toBe(user.id);

    // Someone who signed in before their first request: the record made with it is linked at once.
    const mobile = newMobile();
    const early = await upsertUserWithRole(mobile, "customer");
    const later = await newRequest({ mobile });
    expect((await customerOf(later.customerId!)).userId).toBe(early.id);

    const record = await customerRecord(before.reference);
    expect(record?.requests.map((r) => r.reference)).toEqual([second.reference, first.reference]);
    expect(record?.customer.account).not.toBeNull();
    expect(record?.consentLog.filter((e) => e.what === "Agreed to the privacy notice")).toHaveLength(2);
  });

  it("finds customers by mobile, name, company and GSTIN; the tabs count open requests and erased customers", async () => {
    const r = await newRequest({ contactName: "Meena Iyer", company: "Chakan Auto Components" });
    const c = await customerOf(r.customerId!);
    const saved = await editDetails(office, c.reference, details({ version: c.version, name: "Meena Iyer", company: "Chakan Auto Components", gstin: "27AAPFU0939F1ZV" }));
    expect(saved).toEqual({ ok: true, message: "Details saved." });
    const find = async (q: string, show: "active" | "open" | "erased" = "active") => (await listCustomers(customerListSchema.parse({ q, show }), undefined)).rows.map((row) => row.reference);
    expect(await find(r.mobile.slice(3))).toEqual([c.reference]);
    expect(await find(`0${r.mobile.slice(3, 8)} ${r.mobile.slice(8)}`)).toEqual([c.reference]);
    expect(await find("meena iy")).toEqual([c.reference]);
    expect(await find("chakan auto")).toEqual([c.reference]);
    expect(await find("27aapfu0939f1zv")).toEqual([c.reference]);
    expect(await find(c.reference.toLowerCase())).toEqual([c.reference]);
    expect(await find("meena", "open")).toEqual([c.reference]);
    await db().update(serviceRequests).set({ status: "completed" }).where(eq(serviceRequests.id, r.id));
    expect(await find("meena", "open")).toEqual([]);
    const page = await listCustomers(customerListSchema.parse({ q: "meena" }), undefined);
    expect(page).toMatchObject({ total: 1, counts: { active: 1, open: 0, erased: 0 }, rows: [{ name: "Meena Iyer", requests: 1, openRequests: 0, gstin: "27AAPFU0939F1ZV" }] });
  });

  it("refuses an edit made on a stale version, and a duplicate mobile with the existing record", async () => {
    const r = await newRequest();
    const c = await customerOf(r.customerId!);
    expect(await editDetails(office, c.reference, details({ version: c.version, name: "Ravi Kumar", notes: "Pays by cheque." }))).toMatchObject({ ok: true });
    // A second person's page still had the old version.
    expect(await editDetails(accounts, c.reference, details({ version: c.version, name: "R. Kumar" }))).toEqual({
      ok: false,
      reason: "refused",
      field: "form",
      message: STALE_CUSTOMER_MESSAGE,
    });
    // The same add-site form sent twice adds one site.
    const siteForm = addSiteSchema.parse({ intent: "add-site", version: c.version + 1, name: "Jeedimetla plant", city: "Hyderabad" });
    expect(await addSite(office, c.reference, siteForm)).toMatchObject({ ok: true });
    expect(await addSite(office, c.reference, siteForm)).toMatchObject({ ok: false, message: STALE_CUSTOMER_MESSAGE });
    expect(await db().select().from(customerSites).where(eq(customerSites.customerId, c.id))).toHaveLength(1);
    expect((await customerOf(c.id)).name).toBe("Ravi Kumar");

    const dup = await createCustomer(office, newCustomerSchema.parse({ mobile: r.mobile, name: "Someone else" }));
    expect(dup).toEqual({ ok: false, field: "mobile", message: `Ravi Kumar (${c.reference}) already has this mobile number.`, existing: { reference: c.reference, name: "Ravi Kumar" } });
    const audits = await db().select().from(auditLog).where(eq(auditLog.entityId, String(c.id)));
    expect(audits.map((a) => a.action)).toEqual(["customer.details", "customer.site-add"]);
    expect(audits[0]).toMatchObject({ actorLabel: "Asha Office", before: { notes: null }, after: { notes: "Pays by cheque." } });
  });

  it("adds a customer by hand with a first site, then sites and units; the request list finds its requests by a unit's serial", async () => {
    const mobile = newMobile();
    // The site's state is its place of supply for GST: a code that is not a GST state is refused beside the field.
    expect(newCustomerSchema.safeParse({ mobile, name: "Farhan Ali", siteName: "Bhiwandi warehouse", siteStateCode: "98" }).error?.issues[0]).toMatchObject({
      path: ["siteStateCode"],
      message: "Choose the state from the list.",
    });
    const made = await createCustomer(
      office,
      newCustomerSchema.parse({ mobile, name: "Farhan Ali", company: "Bhiwandi Cold Chain", siteName: "Bhiwandi warehouse", siteCity: "Thane", sitePincode: "421302", siteStateCode: "27" }),
    );
    if (!made.ok) throw new Error(made.message);
    let record = (await customerRecord(made.reference))!;
    expect(record.sites).toMatchObject([{ name: "Bhiwandi warehouse", city: "Thane", pincode: "421302", stateCode: "27", units: [] }]);
    const siteId = record.sites[0]!.id;
    const unitInput = addUnitSchema.parse({ intent: "add-unit", version: record.customer.version, siteId: String(siteId), kind: "VFD", make: "Yaskawa", model: "A1000", rating: "15 kW 400 V", serialNumber: "1W2011-4471", location: "Cold room compressor" });
    expect(await addUnitToCustomer(office, made.reference, unitInput)).toEqual({ ok: true, message: "Unit Yaskawa A1000 (serial 1W2011-4471) added." });
    // A site of another customer is refused.
    const other = await newRequest();
    const [foreign] = await db().insert(customerSites).values({ customerId: other.customerId!, name: "Elsewhere" }).returning();
    expect(await addUnitToCustomer(office, made.reference, { ...unitInput, version: record.customer.version + 1, siteId: foreign!.id })).toMatchObject({ ok: false, field: "siteId" });
    // The bench's own call: a unit without a site.
    await db().transaction((tx) => addUnit(tx, { customerId: record.customer.id, make: "Delta", model: "VFD-E", serialNumber: " 055E43A2270001 " }));
    record = (await customerRecord(made.reference))!;
    expect(record.sites[0]!.units).toMatchObject([{ make: "Yaskawa", serialNumber: "1W2011-4471" }]);
    expect(record.unplacedUnits).toMatchObject([{ make: "Delta", serialNumber: "055E43A2270001" }]);

    const request = await newRequest({ mobile, contactName: "Farhan" });
    expect(request.customerId).toBe(record.customer.id);
    const search = async (q: string) => (await listServiceRequests(requestListSchema.parse({ q, status: "all" }), undefined, { escalateBeforeMinutes: 30 })).rows.map((r) => r.reference);
    expect(await search("1w2011-4471")).toEqual([request.reference]);
    expect(await search("1W2011")).toEqual([]);
    // Issue 17 §4: the same serial typed in another case or with spaces is the same unit: found by it, and
    // never recorded twice (the office's form and the bench's call both refuse it).
    expect(await search("1w 2011-4471 ")).toEqual([request.reference]);
    expect((await unitsBySerial(db(), " 1w2011 -4471")).map((u) => u.serialNumber)).toEqual(["1W2011-4471"]);
    expect(await addUnitToCustomer(office, made.reference, { ...unitInput, version: record.customer.version, serialNumber: "1w2011 - 4471" })).toEqual({
      ok: false,
      reason: "refused",
      field: "serialNumber",
      message: "This customer already has this unit: Yaskawa A1000, serial 1W2011-4471.",
    });
    await expect(db().transaction((tx) => addUnit(tx, { customerId: record.customer.id, make: "Yaskawa", serialNumber: "1W2011-4471 " }))).rejects.toBeInstanceOf(SameSerialError);
    const units = await db().select().from(equipmentUnits).where(eq(equipmentUnits.customerId, record.customer.id));
    expect(units.length).toBe(2);

    const removed = await removeUnit(office, made.reference, { version: record.customer.version, unitId: record.unplacedUnits[0]!.id });
    expect(removed).toMatchObject({ ok: true, message: "Unit Delta VFD-E (serial 055E43A2270001) removed." });
  });

  it("exports everything about the customer as JSON and CSV; the customer's own copy leaves out the office's notes", async () => {
    const r = await newRequest({ contactName: "Sunitha Reddy", company: "=HYPERLINK(1)" });
    const c = await customerOf(r.customerId!);
    await db().insert(requestEvents).values([
      { requestId: r.id, kind: "status", status: "contacted", note: "Engineer will call at 4 pm." },
      { requestId: r.id, kind: "call", status: "contacted", note: "Internal: asked about AMC", internal: true },
    ]);
    await editDetails(office, c.reference, details({ version: c.version, name: "Sunitha Reddy", company: "=HYPERLINK(1)", notes: "Prefers WhatsApp" }));
    await addSite(office, c.reference, site({ version: c.version + 1, name: "Pashamylaram unit", address: "Plot 40/B, IDA Pashamylaram", city: "Sangareddy" }));
    await recordDataRequest(office, c.reference, dataRequest({ version: c.version + 2, kind: "export", detail: "Asked for a copy by e-mail" }));

    const office_ = await customerDataExport(c.id, { includeInternal: true });
    expect(office_.customer).toMatchObject({ reference: c.reference, name: "Sunitha Reddy", mobile: r.mobile, notes: "Prefers WhatsApp" });
    expect(office_.sites).toMatchObject([{ name: "Pashamylaram unit", address: "Plot 40/B, IDA Pashamylaram" }]);
    expect(office_.requests).toHaveLength(1);
    expect(office_.requests[0]).toMatchObject({ reference: r.reference, contactName: "Sunitha Reddy", consent: { version: "2026-04" } });
    expect(office_.requests[0]!.events.map((e) => e.note)).toEqual(["Engineer will call at 4 pm.", "Internal: asked about AMC"]);
    expect(office_.dataRequests).toMatchObject([{ kind: "export", detail: "Asked for a copy by e-mail", status: "open" }]);

    const own = await customerDataExport(c.id);
    expect(JSON.stringify(own)).not.toContain("Prefers WhatsApp");
    expect(JSON.stringify(own)).not.toContain("asked about AMC");

    const csv = await customerDataCsv(c.id, { includeInternal: true });
    expect(csv.split("\n")[0]).toBe("Section,Record,Field,Value");
    expect(csv).toContain(`Customer,${c.reference},name,Sunitha Reddy`);
    expect(csv).toContain(`Request history,${r.reference} #1,note,Engineer will call at 4 pm.`);
    // A cell a spreadsheet would run as a formula is defused.
    expect(csv).toContain(`Customer,${c.reference},company,'=HYPERLINK(1)`);
  });

  it("erases a customer: requests kept, no personal data left in the rows or the export; files deleted; sessions ended", async () => {
    const mobile = newMobile();
    const r = await newRequest({ mobile, contactName: "Prakash Rao Erasable", email: "prakash.erasable@example.net", company: "Godavari Steel Rolling" });
    const r2 = await newRequest({ mobile, contactName: "Prakash Rao Erasable", status: "completed" });
    const c = await customerOf(r.customerId!);
    const user = await upsertUserWithRole(mobile, "customer", db(), "Prakash Rao Erasable");
    const url = new URL(BACK_OFFICE);
    await startSession({ userId: user.id, role: "customer", method: "otp", request: new Request(url), url, address: "198.51.100.3" });
    const photoFile = path.join(getServerConfig().storageDir, "requests", "erase-me.jpg");
    fs.mkdirSync(path.dirname(photoFile), { recursive: true });
    fs.writeFileSync(photoFile, "jpeg");
    await db().insert(requestPhotos).values({ requestId: r.id, path: "requests/erase-me.jpg", contentType: "image/jpeg", width: 1, height: 1, bytes: 4, originalName: "prakash.jpg" });
    await db().insert(jobSignoffs).values({ requestId: r2.id, signerName: "Prakash Rao Erasable", method: "otp", confirmedMobile: mobile });
    await db().insert(outbox).values({ channel: "sms", recipient: mobile, body: "Dear Prakash Rao Erasable, ...", template: "t", dedupeKey: `erase-${randomUUID()}` });
    await editDetails(office, c.reference, details({ version: c.version, name: "Prakash Rao Erasable", gstin: "36AABCS1234Q1Z5", notes: "Prakash's private number is the same" }));
    await addSite(office, c.reference, site({ version: c.version + 1, name: "Cherlapally plant", address: "Plot 7, IDA Cherlapally", city: "Hyderabad" }));
    await addUnitToCustomer(office, c.reference, unit({ version: c.version + 2, make: "Siemens", model: "G120", serialNumber: "XAV0401234" }));
    await recordDataRequest(office, c.reference, dataRequest({ version: c.version + 3, kind: "erasure", detail: "Prakash Rao Erasable asked by phone" }));
    const version = c.version + 4;

    expect(await eraseFromRecord(accounts, c.reference, { intent: "erase", version, confirm: "CU-0000-0000", reason: "Asked by phone" })).toMatchObject({ ok: false, field: "confirm" });
    const erased = await eraseFromRecord(accounts, c.reference, { intent: "erase", version, confirm: c.reference, reason: "Asked by phone" });
    expect(erased).toEqual({ ok: true, message: "Personal data erased: 2 requests kept without personal details, 1 photo deleted." });

    // The requests stay: references, status, the fault.
    const kept = await db().select().from(serviceRequests).where(inArray(serviceRequests.id, [r.id, r2.id]));
    expect(kept.map((k) => [k.reference, k.status, k.contactName, k.mobile, k.email, k.company, k.siteAddress, k.faultDescription]).sort()).toEqual(
      [
        [r.reference, "new", "Erased", ERASED_MOBILE, null, null, null, "Drive trips on overcurrent at start."],
        [r2.reference, "completed", "Erased", ERASED_MOBILE, null, null, null, "Drive trips on overcurrent at start."],
      ].sort(),
    );
    // No trace of the name or number in the customer's rows, the export, or what was queued for them.
    const rows = JSON.stringify([
      await customerOf(c.id),
      kept,
      await db().select().from(customerSites).where(eq(customerSites.customerId, c.id)),
      await db().select().from(customerDataRequests).where(eq(customerDataRequests.customerId, c.id)),
      await db().select().from(jobSignoffs).where(eq(jobSignoffs.requestId, r2.id)),
      await db().select().from(outbox).where(sql`${outbox.body} like '%Prakash%' or ${outbox.recipient} = ${mobile}`),
      await db().select().from(users).where(eq(users.id, user.id)),
      await db().select().from(auditLog).where(and(eq(auditLog.entityType, "customer"), eq(auditLog.entityId, String(c.id)))),
    ]);
    // Who did what, and when, stays in the log.
    const log = await db().select().from(auditLog).where(and(eq(auditLog.entityType, "customer"), eq(auditLog.entityId, String(c.id)))).orderBy(auditLog.id);
    expect(log.map((e) => [e.action, e.actorLabel])).toEqual([
      ["customer.details", "Asha Office"],
      ["customer.site-add", "Asha Office"],
      ["customer.unit-add", "Asha Office"],
      ["customer.data-request", "Asha Office"],
      ["customer.erase", "Anil Accounts"],
    ]);
    const exported = JSON.stringify(await customerDataExport(c.id, { includeInternal: true })) + (await customerDataCsv(c.id, { includeInternal: true }));
    for (const text of [rows, exported]) {
      for (const personal of ["Prakash", mobile, mobile.slice(3), "prakash.erasable@example.net", "36AABCS1234Q1Z5", "Godavari", "IDA Cherlapally"]) {
        expect(text, personal).not.toContain(personal);
      }
    }
    expect(await db().select().from(requestPhotos).where(eq(requestPhotos.requestId, r.id))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fs.existsSync(photoFile)).toBe(false);
    expect((await db().select().from(sessions).where(eq(sessions.userId, user.id))).every((s) => s.revokedAt !== null)).toBe(true);
    // The machine's record stays: the unit and its serial number.
    expect(await db().select({ serial: equipmentUnits.serialNumber }).from(equipmentUnits).where(eq(equipmentUnits.customerId, c.id))).toEqual([{ serial: "XAV0401234" }]);

    const record = (await customerRecord(c.reference))!;
    expect(record.customer).toMatchObject({ name: "Erased customer", mobile: null, erasedAt: expect.any(String) as unknown });
    expect(record.dataRequests).toMatchObject([{ kind: "erasure", status: "done", detail: null }]);
    expect(record.requests).toHaveLength(2);
    // An erased record takes no more changes, and is found under its tab.
    expect(await editDetails(office, c.reference, details({ version: version + 1, name: "Back again" }))).toMatchObject({ ok: false, field: "form" });
    expect((await listCustomers(customerListSchema.parse({ show: "erased", q: c.reference }), undefined)).rows).toMatchObject([{ name: "Erased customer", erased: true }]);
    // A new sign-in with the same number is a new, unlinked person.
    const again = await upsertUserWithRole(mobile, "customer");
    expect(again.id).not.toBe(user.id);
    expect((await customerOf(c.id)).userId).toBeNull();
  });

  it("gives the demo customers sites and units with serial numbers, once", async () => {
    for (let i = 0; i < 3; i++) await newRequest({ idempotencyKey: `demo:${randomUUID()}`, siteAddress: "IDA Patancheru, Sangareddy", city: "Sangareddy" });
    const first = await seedDemoCustomers(db());
    expect(first.sites).toBeGreaterThanOrEqual(3);
    expect(first.units).toBeGreaterThanOrEqual(9);
    const sites = await db().select().from(customerSites).where(sql`${customerSites.name} = 'Patancheru plant'`);
    expect(sites.length).toBeGreaterThanOrEqual(3);
    expect(sites[0]).toMatchObject({ city: "Sangareddy", pincode: "502319" });
    expect(await seedDemoCustomers(db())).toMatchObject({ sites: 0, units: 0 });
  });

  describe("through the routes", () => {
    const args = (staff: StaffMember, p: string, params: Record<string, string>, body?: Record<string, string>) => routeArgs(p, { staff, params, body, address: "203.0.113.8" });

    it("list, new, record and export answer the office; a refusal keeps what was typed; an unknown customer is 404", async () => {
      const r = await newRequest({ contactName: "Harish Varma" });
      const c = await customerOf(r.customerId!);
      const list = (await listLoader(args(office, `/admin/customers?q=harish`, {}))) as { rows: Array<{ reference: string }>; total: number };
      expect(list).toMatchObject({ total: 1, rows: [{ reference: c.reference }] });
      const csv = (await listMiddleware[0]!(args(office, `/admin/customers?q=harish&format=csv`, {}), () => Promise.reject(new Error("answered by the middleware")))) as Response;
      expect(await csv.text()).toContain(`${c.reference},Harish Varma`);

      const p = `/admin/customers/${c.reference}`;
      const refused = (await recordAction(args(office, p, { reference: c.reference }, { intent: "details", version: String(c.version), name: "Harish Varma", gstin: "36AABCS1234Q1Z6" }))) as {
        data: { errors: Record<string, string>; values: Record<string, string> };
        init: { status: number };
      };
      expect(refused).toMatchObject({ init: { status: 400 }, data: { errors: { gstin: "This GSTIN's check character is wrong" }, values: { gstin: "36AABCS1234Q1Z6" } } });
      const done = (await recordAction(args(office, p, { reference: c.reference }, { intent: "add-site", version: String(c.version), name: "Medchal plant" }))) as Response;
      expect(done.status).toBe(303);
      expect(done.headers.get("location")).toBe(p);
      const loaded = (await recordLoader(args(office, p, { reference: c.reference }))) as { customer: { version: number }; sites: Array<{ name: string }> };
      expect(loaded).toMatchObject({ customer: { version: c.version + 1 }, sites: [{ name: "Medchal plant" }] });

      const json = (await exportLoader(args(accounts, `${p}/export?format=json`, { reference: c.reference }))) as Response;
      expect(json.headers.get("content-disposition")).toContain(`customer-${c.reference}-`);
      expect(JSON.parse(await json.text())).toMatchObject({ customer: { name: "Harish Varma" }, sites: [{ name: "Medchal plant" }] });
      const exports = await db().select().from(auditLog).where(eq(auditLog.action, "customer.export"));
      expect(exports.at(-1)).toMatchObject({ actorLabel: "Anil Accounts", entityLabel: c.reference, after: { format: "json" } });

      const dup = (await newAction(args(office, "/admin/customers/new", {}, { mobile: r.mobile, name: "Harish again" }))) as unknown as { data: { existing: { reference: string } }; init: { status: number } };
      expect(dup).toMatchObject({ init: { status: 400 }, data: { existing: { reference: c.reference } } });
      const added = (await newAction(args(office, "/admin/customers/new", {}, { mobile: newMobile(), name: "Geetha Rani" }))) as Response;
      expect(added.status).toBe(303);
      expect(added.headers.get("location")).toMatch(/^\/admin\/customers\/CU-\d{4}-\d{4,}$/);

      for (const reference of ["CU-2611-99999", "not-a-reference"]) {
        let missing: unknown;
        try {
          await recordLoader(args(office, `/admin/customers/${reference}`, { reference }));
        } catch (error) {
          missing = error;
        }
        expect(statusOf(missing), reference).toBe(404);
      }
      expect(statusOf(await exportLoader(args(office, "/admin/customers/CU-2611-99999/export", { reference: "CU-2611-99999" })))).toBe(404);
    });

    it("are refused at the layout: signed out, a customer, a technician, and the public host; every staff role passes", async () => {
      const r = await newRequest();
      const c = await customerOf(r.customerId!);
      const paths = ["/admin/customers", "/admin/customers/new", `/admin/customers/${c.reference}`, `/admin/customers/${c.reference}/export?format=json`];
      const cookieFor = async (userId: number, role: "admin" | "customer" | "technician") => {
        const url = new URL(BACK_OFFICE);
        return (await startSession({ userId, role, method: "otp", request: new Request(url), url, address: "198.51.100.9" })).split(";")[0]!;
      };
      const customer = await upsertUserWithRole(r.mobile, "customer", db(), "Ravi Kumar");
      const technician = await upsertUserWithRole(newMobile(), "technician", db(), "Tech");
      const through = async (origin: string, p: string, cookie: string, method = "GET") => {
        const context = new RouterContextProvider();
        context.set(clientAddressContext, "198.51.100.9");
        const req = new Request(new URL(p, origin), { method, headers: { cookie }, body: method === "POST" ? new URLSearchParams({ intent: "erase" }) : undefined });
        try {
          await layoutMiddleware[0]!({ request: req, url: new URL(req.url), params: {}, context, unstable_pattern: p } as never, async () => new Response("ok"));
          return { status: 200 };
        } catch (error) {
          if (error instanceof Response) return { status: error.status, location: error.headers.get("location") };
          return { status: (error as { init?: { status?: number } }).init?.status ?? 0 };
        }
      };
      const officeCookie = await cookieFor(office.userId, "admin");
      const accountsCookie = await cookieFor(accounts.userId, "admin");
      for (const p of paths) {
        for (const method of ["GET", "POST"]) {
          expect(await through(BACK_OFFICE, p, officeCookie, method), p).toEqual({ status: 200 });
          expect(await through(BACK_OFFICE, p, accountsCookie, method), p).toEqual({ status: 200 });
          expect(await through(BACK_OFFICE, p, "", method), p).toMatchObject({ status: 302, location: expect.stringMatching(/^\/admin\/login/) as unknown });
          expect(await through(BACK_OFFICE, p, await cookieFor(customer.id, "customer"), method), p).toMatchObject({ status: 302 });
          expect(await through(BACK_OFFICE, p, await cookieFor(technician.id, "technician"), method), p).toMatchObject({ status: 302 });
          expect((await through("http://localhost:3000", p, officeCookie, method)).status, p).toBe(403);
        }
      }
      // Nothing was changed by the refused posts.
      expect((await customerOf(c.id)).erasedAt).toBeNull();
    });
  });
});
