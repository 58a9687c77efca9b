import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSession } from "~/.server/auth/sessions.ts";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { auditLog, jobParts, products, serviceRequests, technicianProfiles, users } from "~/.server/db/schema.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { contentVersion } from "~/.server/content/version.ts";
import { addProduct, changeProductState, editProduct } from "~/.server/products/changes.ts";
import { partPickerLabels, publicCatalogue } from "~/.server/products/catalogue.ts";
import { seedDemoProducts } from "~/.server/products/demo.ts";
import { listProducts } from "~/.server/products/list.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { addPart } from "~/.server/technicians/field-work.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { can, type StaffRole } from "~/lib/auth/permissions.ts";
import { editProductSchema, newProductSchema, productLabel, productListSchema, STALE_PRODUCT_MESSAGE } from "~/lib/forms/admin/products.ts";
import { partSchema } from "~/lib/forms/technician-job.ts";
// The new form and the record page are one module: its action adds a product when there is no :id.
import { action as recordAction, action as newAction, loader as recordLoader } from "~/routes/admin/products/product.tsx";
import { middleware as listMiddleware, loader as listLoader } from "~/routes/admin/products/route.tsx";
import { middleware as layoutMiddleware } from "~/routes/admin/layout.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, thrownStatus, BACK_OFFICE } from "../support/staff-routes.ts";

const form = (over: Record<string, string> = {}) => ({
  name: "AC drive 7.5 kW, 415 V",
  make: "ABB",
  model: "ACS580-01-017A-4",
  category: "ac-drives",
  hsnSac: "8504",
  gstRate: "18",
  unit: "nos",
  price: "68,500.50",
  published: "yes",
  ...over,
});

const errorsOf = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe("product forms", () => {
  it("turn rupees into paise and explain a bad price, GST rate or HSN code beside its field", () => {
    expect(newProductSchema.parse(form())).toMatchObject({ name: "AC drive 7.5 kW, 415 V", hsnSac: "8504", gstRate: 18, price: 68_50_050, published: true });
    expect(newProductSchema.parse(form({ published: "" })).published).toBe(false);
    expect(errorsOf(newProductSchema.safeParse(form({ price: "-5", gstRate: "12", hsnSac: "85A4" })))).toEqual({
      price: "The rate cannot be negative",
      gstRate: "GST rate must be 0%, 5%, 18% or 40%",
      hsnSac: "Enter the HSN or SAC code as 4, 6 or 8 digits",
    });
    expect(errorsOf(newProductSchema.safeParse(form({ price: "99999999999", hsnSac: "00123456", name: "" })))).toEqual({
      price: "The rate is more than ₹10 crore: check the amount",
      hsnSac: "No HSN chapter is 00: check the code",
      name: "Name the product, e.g. AC drive 7.5 kW.",
    });
    expect(errorsOf(newProductSchema.safeParse(form({ price: "12.345" })))).toEqual({ price: "Enter the rate in rupees, e.g. 1234.50 (at most two decimals)" });
    expect(productLabel({ name: "Fan", make: "ebm-papst", model: "4114 NH4" })).toBe("ebm-papst 4114 NH4 — Fan");
    expect(productLabel({ name: "Fan", make: null, model: null })).toBe("Fan");
  });

  it("is a Money screen: accounts and the owner, not the office", () => {
    expect(screenFor("/admin/products/12")).toMatchObject({ path: "/admin/products", permission: "money", built: true });
    expect(can("accounts", "money")).toBe(true);
    expect(can("office", "money")).toBe(false);
  });
});

describeEachEngine("products", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), "products-test-"));
  const pid = String(process.pid % 1000).padStart(3, "0");
  let accounts: StaffMember;
  let officeUserId: number;
  let counter = 0;

  const staffMember = (userId: number, role: StaffRole, name: string): StaffMember => asStaff(role, { userId, name, ipAddress: "203.0.113.8" });
  const unique = (name: string) => `${name} ${++counter}-${randomUUID().slice(0, 6)}`;
  const added = async (over: Record<string, string> = {}) => {
    const result = await addProduct(accounts, newProductSchema.parse(form({ name: unique("Drive"), ...over })));
    if (!result.ok) throw new Error(result.message);
    return (await db().select().from(products).where(eq(products.id, result.id)))[0]!;
  };

  beforeAll(async () => {
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), DATA_DIR: storage }));
    await seedSettings(db(), "http://localhost:3000");
    clearSettingsCache();
    const a = await upsertUserWithRole(`+9190${pid}00401`, "admin", db(), "Anil Accounts");
    const o = await upsertUserWithRole(`+9190${pid}00402`, "admin", db(), "Asha Office");
    await db().update(users).set({ staffRole: "accounts" }).where(eq(users.id, a.id));
    await db().update(users).set({ staffRole: "office" }).where(eq(users.id, o.id));
    accounts = staffMember(a.id, "accounts", "Anil Accounts");
    officeUserId = o.id;
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    clearSettingsCache();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  it("adds a product with its audit entry, and refuses the same make, model and name again with a link to it", async () => {
    const p = await added({ name: "Cooling fan 24 V DC, 119 mm", make: "ebm-papst", model: "4114 NH4", price: "3250", hsnSac: "8414" });
    expect(p).toMatchObject({ pricePaise: 3_25_000, gstRate: 18, hsnSac: "8414", published: true, active: true, version: 1 });
    expect((await db().select().from(auditLog).where(eq(auditLog.entityId, String(p.id)))).filter((e) => e.entityType === "product")).toMatchObject([
      { action: "product.add", actorLabel: "Anil Accounts", entityLabel: "ebm-papst 4114 NH4 — Cooling fan 24 V DC, 119 mm" },
    ]);
    // The same item typed in another case is the same item.
    const again = await addProduct(accounts, newProductSchema.parse(form({ name: "cooling FAN 24 V DC, 119 mm", make: "EBM-PAPST", model: "4114 nh4" })));
    expect(again).toEqual({ ok: false, field: "name", message: expect.stringContaining("already in the list") as unknown, existing: { id: p.id, label: productLabel(p) } });
  });

  it("refuses a stale edit, keeps the version for the next, and never deletes: a withdrawn product stays on its parts", async () => {
    const p = await added();
    const edit = (version: number, over: Record<string, string> = {}) => editProductSchema.parse({ intent: "edit", version: String(version), ...form({ name: p.name, ...over }) });
    // Each saved change makes the cached public pages stale (/products lists the products); a refusal does not.
    const before = contentVersion();
    expect(await editProduct(accounts, p.id, edit(1, { price: "70000" }))).toEqual({ ok: true, message: "Product saved." });
    expect(contentVersion()).toBe(before + 1);
    expect(await editProduct(accounts, p.id, edit(1, { price: "71000" }))).toEqual({ ok: false, reason: "refused", field: "form", message: STALE_PRODUCT_MESSAGE });
    expect(contentVersion()).toBe(before + 1);
    expect((await db().select().from(products).where(eq(products.id, p.id)))[0]).toMatchObject({ pricePaise: 70_000_00, version: 2 });
    const [request] = await db()
      .insert(serviceRequests)
      .values({ reference: `SR-2611-${8000 + counter}`, kind: "full", contactName: "Ravi", mobile: "+919848012345", faultDescription: "Trips", urgency: "emergency", consentVersion: "t", consentAt: new Date(), idempotencyKey: randomUUID() })
      .returning();
    await db().insert(jobParts).values({ requestId: request!.id, productId: p.id, description: productLabel(p) });
    expect(await changeProductState(accounts, p.id, { intent: "withdraw", version: 2 })).toMatchObject({ ok: true });
    expect(await changeProductState(accounts, p.id, { intent: "withdraw", version: 3 })).toMatchObject({ ok: false, message: "This product is already withdrawn." });
    expect((await db().select().from(jobParts).where(eq(jobParts.requestId, request!.id)))[0]).toMatchObject({ productId: p.id });
    expect((await db().select().from(products).where(eq(products.id, p.id)))[0]).toMatchObject({ active: false, version: 3 });
    expect(await partPickerLabels()).not.toContain(productLabel(p));
    expect((await listProducts(productListSchema.parse({ show: "withdrawn", q: p.name }), undefined)).rows).toMatchObject([{ id: p.id, active: false }]);
  });

  it("lists by name, make, model or HSN with tab counts and keyset pages; the public catalogue holds only published, active items", async () => {
    const make = `Make${randomUUID().slice(0, 6)}`;
    const a = await added({ make, model: "M-1", hsnSac: "90318000", category: "encoders" });
    const b = await added({ make, model: "M-2", published: "", category: "encoders" });
    const c = await added({ make, model: "M-3", category: "encoders" });
    await changeProductState(accounts, c.id, { intent: "withdraw", version: 1 });
    const all = await listProducts(productListSchema.parse({ q: make }), undefined, 1);
    expect(all.counts).toEqual({ all: 2, published: 1, unpublished: 1, withdrawn: 1, below: 0 });
    expect(all.rows).toHaveLength(1);
    const second = await listProducts(productListSchema.parse({ q: make }), JSON.parse(Buffer.from(all.next!, "base64url").toString()) as [string, number], 1);
    expect([...all.rows, ...second.rows].map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect((await listProducts(productListSchema.parse({ q: "9031800" }), undefined)).rows.map((r) => r.id)).toContain(a.id);
    expect((await listProducts(productListSchema.parse({ q: "M-2" }), undefined)).rows.map((r) => r.id)).toContain(b.id);
    const catalogue = (await publicCatalogue()).encoders!.map((i) => i.id);
    expect(catalogue).toContain(a.id);
    expect(catalogue).not.toContain(b.id);
    expect(catalogue).not.toContain(c.id);
  });

  it("seeds the demo products once", async () => {
    const first = await seedDemoProducts(db());
    expect(first.products).toBeGreaterThanOrEqual(25);
    expect(await seedDemoProducts(db())).toEqual({ products: 0 });
    const [drive] = await db().select().from(products).where(eq(products.name, "AC drive 7.5 kW, 415 V"));
    expect(drive).toMatchObject({ make: "ABB", hsnSac: "850440", gstRate: 18, category: "ac-drives" });
  });

  it("links a part picked (or typed) as a product's label to the product; other text stays free", async () => {
    const p = await added({ name: "IGBT module 1200 V 300 A", make: "Infineon", model: unique("FF300R12KE3") });
    const user = await upsertUserWithRole(`+9197${pid}00403`, "technician", db(), "Srinivas Rao");
    const [profile] = await db()
      .insert(technicianProfiles)
      .values({
        reference: `TA-2611-${9500 + counter}`,
        mobile: `+9197${pid}00403`,
        userId: user.id,
        name: "Srinivas Rao",
        city: "Hyderabad",
        skills: ["vfd-ac-drives"],
        yearsExperience: 6,
        availability: "full_time",
        idProofType: "aadhaar",
        idProofPath: "none.pdf",
        idProofName: "id.pdf",
        status: "approved",
        consentVersion: "test",
        consentAt: new Date(),
      })
      .returning();
    const [job] = await db()
      .insert(serviceRequests)
      .values({
        reference: `SR-2611-${8500 + counter}`,
        kind: "full",
        status: "contacted",
        contactName: "Ravi",
        mobile: "+919848012345",
        faultDescription: "Trips",
        urgency: "emergency",
        consentVersion: "t",
        consentAt: new Date(),
        idempotencyKey: randomUUID(),
        assignedTechnicianId: profile!.id,
        assignedAt: new Date(),
      })
      .returning();
    const actor = { user: { id: user.id, mobile: `+9197${pid}00403` }, address: "203.0.113.7" };
    const part = (fields: Record<string, string>) => partSchema.parse({ intent: "part", quantity: "1", unit: "nos", idempotencyKey: randomUUID(), ...fields });
    expect(await addPart(actor, job!.id, part({ product: productLabel(p), description: "" }))).toMatchObject({ ok: true });
    expect(await addPart(actor, job!.id, part({ description: ` ${productLabel(p).toLowerCase()} ` }))).toMatchObject({ ok: true });
    expect(await addPart(actor, job!.id, part({ description: "CT 200/5 A" }))).toMatchObject({ ok: true });
    const parts = await db().select().from(jobParts).where(eq(jobParts.requestId, job!.id)).orderBy(jobParts.id);
    expect(parts.map((x) => [x.description, x.productId])).toEqual([
      [productLabel(p), p.id],
      [productLabel(p).toLowerCase(), p.id],
      ["CT 200/5 A", null],
    ]);
  });

  describe("through the routes", () => {
    const args = (staff: StaffMember, p: string, params: Record<string, string>, body?: Record<string, string>) => routeArgs(p, { staff, params, body, address: "203.0.113.8" });
    type Refused = { data: { errors: Record<string, string>; values: Record<string, string>; existing?: { id: number } }; init: { status: number } };

    it("add, list, CSV and edit answer accounts; bad input comes back beside its field, never a 500", async () => {
      const name = unique("Servo amplifier");
      const bad = (await newAction(args(accounts, "/admin/products/new", {}, form({ name, hsnSac: "85", gstRate: "28", price: "-1" })))) as Refused;
      expect(bad).toMatchObject({
        init: { status: 400 },
        data: { errors: { hsnSac: "Enter the HSN or SAC code as 4, 6 or 8 digits", gstRate: "GST rate must be 0%, 5%, 18% or 40%", price: "The rate cannot be negative" }, values: { hsnSac: "85" } },
      });
      const done = (await newAction(args(accounts, "/admin/products/new", {}, form({ name })))) as Response;
      expect(done.status).toBe(303);
      const id = Number(/^\/admin\/products\/(\d+)$/.exec(done.headers.get("location")!)![1]);
      const dup = (await newAction(args(accounts, "/admin/products/new", {}, form({ name })))) as Refused;
      expect(dup).toMatchObject({ init: { status: 400 }, data: { existing: { id } } });

      const list = (await listLoader(args(accounts, `/admin/products?q=${encodeURIComponent(name)}`, {}))) as { rows: Array<{ id: number; categoryName: string }>; total: number };
      expect(list).toMatchObject({ total: 1, rows: [{ id }] });
      const csv = (await listMiddleware[0]!(args(accounts, `/admin/products?q=${encodeURIComponent(name)}&format=csv`, {}), () => Promise.reject(new Error("answered by the middleware")))) as Response;
      expect(await csv.text()).toContain(`${id},${name},ABB,ACS580-01-017A-4,ac-drives,8504,18,nos,68500.50,Yes,`);

      const p = `/admin/products/${id}`;
      const page = (await recordLoader(args(accounts, p, { id: String(id) }))) as { product: { version: number } };
      expect(page.product.version).toBe(1);
      const stale = (await recordAction(args(accounts, p, { id: String(id) }, { intent: "edit", version: "1", ...form({ name, price: "1" }) }))) as Response;
      expect(stale.status).toBe(303);
      const refused = (await recordAction(args(accounts, p, { id: String(id) }, { intent: "edit", version: "1", ...form({ name, price: "2" }) }))) as Refused;
      expect(refused).toMatchObject({ init: { status: 400 }, data: { errors: { form: STALE_PRODUCT_MESSAGE } } });
      const off = (await recordAction(args(accounts, p, { id: String(id) }, { intent: "unpublish", version: "2" }))) as Response;
      expect(off.status).toBe(303);
      expect((await db().select().from(products).where(eq(products.id, id)))[0]).toMatchObject({ pricePaise: 100, published: false, version: 3 });
      expect(await thrownStatus(recordLoader(args(accounts, "/admin/products/99999999", { id: "99999999" })))).toBe(404);
    });

    it("are refused at the layout: signed out, a customer, a technician, office staff (no Money), and the public host", async () => {
      const product = await added();
      const paths = ["/admin/products", "/admin/products/new", `/admin/products/${product.id}`];
      const cookieFor = async (userId: number, role: "admin" | "customer" | "technician") => {
        const url = new URL(BACK_OFFICE);
        return (await startSession({ userId, role, method: "otp", request: new Request(url), url, address: "198.51.100.9" })).split(";")[0]!;
      };
      const customer = await upsertUserWithRole(`+9196${pid}00404`, "customer", db(), "Ravi Kumar");
      const technician = await upsertUserWithRole(`+9196${pid}00405`, "technician", db(), "Tech");
      const through = async (origin: string, p: string, cookie: string, method = "GET") => {
        const context = new RouterContextProvider();
        context.set(clientAddressContext, "198.51.100.9");
        const req = new Request(new URL(p, origin), { method, headers: { cookie }, body: method === "POST" ? new URLSearchParams({ intent: "withdraw", version: "1" }) : undefined });
        try {
          await layoutMiddleware[0]!({ request: req, url: new URL(req.url), params: {}, context, unstable_pattern: p } as never, async () => new Response("ok"));
          return { status: 200 };
        } catch (error) {
          if (error instanceof Response) return { status: error.status, location: error.headers.get("location") };
          return { status: (error as { init?: { status?: number } }).init?.status ?? 0 };
        }
      };
      const accountsCookie = await cookieFor(accounts.userId, "admin");
      const officeCookie = await cookieFor(officeUserId, "admin");
      for (const p of paths) {
        for (const method of ["GET", "POST"]) {
          expect(await through(BACK_OFFICE, p, accountsCookie, method), p).toEqual({ status: 200 });
          expect((await through(BACK_OFFICE, p, officeCookie, method)).status, p).toBe(403);
          expect(await through(BACK_OFFICE, p, "", method), p).toMatchObject({ status: 302, location: expect.stringMatching(/^\/admin\/login/) as unknown });
          expect(await through(BACK_OFFICE, p, await cookieFor(customer.id, "customer"), method), p).toMatchObject({ status: 302 });
          expect(await through(BACK_OFFICE, p, await cookieFor(technician.id, "technician"), method), p).toMatchObject({ status: 302 });
          expect((await through("http://localhost:3000", p, accountsCookie, method)).status, p).toBe(403);
        }
      }
      expect((await db().select().from(products).where(eq(products.id, product.id)))[0]).toMatchObject({ active: true, version: 1 });
    });
  });
});
