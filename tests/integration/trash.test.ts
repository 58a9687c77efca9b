import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { eraseCustomer } from "~/.server/customers/personal-data.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { clearContentCache, findServiceByPath, listServices, seedContent } from "~/.server/content/index.ts";
import { searchContent } from "~/.server/content/search.ts";
import { listSitemapEntries } from "~/.server/content/sitemap.ts";
import { listThreads } from "~/.server/communications/thread.ts";
import { createCustomer } from "~/.server/customers/changes.ts";
import { countCustomers, listCustomers } from "~/.server/customers/list.ts";
import { customerRecord } from "~/.server/customers/record.ts";
import { auditLog, contentEntries, customers, invoices, jobParts, outbox, products, quotes, requestEvents, serviceRequests, trash } from "~/.server/db/schema.ts";
import { findRequest, findRequestOf, listRequestsOf } from "~/.server/requests/index.ts";
import { countRequestsByStatus, listServiceRequests } from "~/.server/requests/list.ts";
import { newCustomerSchema, customerListSchema } from "~/lib/forms/admin/customers.ts";
import { requestListSchema } from "~/lib/forms/admin/request-list.ts";
import { threadListSchema } from "~/lib/forms/admin/communications.ts";
import { partPickerLabels, publicCatalogue } from "~/.server/products/catalogue.ts";
import { addProduct } from "~/.server/products/changes.ts";
import { listProducts } from "~/.server/products/list.ts";
import { addService } from "~/.server/service-catalogue/changes.ts";
import { listServiceCatalogue, serviceRecord } from "~/.server/service-catalogue/list.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import {
  deleteForever,
  listTrash,
  moveToTrash,
  nextTrashPurgeAt,
  purgeExpiredTrash,
  restoreFromTrash,
  runTrashPurge,
  scheduleTrashPurge,
  TRASH_DAYS,
  TRASH_PURGE_JOB,
} from "~/.server/trash/index.ts";
import { TRASH_KINDS } from "~/.server/trash/kinds.ts";
import { newProductSchema, productListSchema } from "~/lib/forms/admin/products.ts";
import { newServiceSchema, serviceListSchema } from "~/lib/forms/admin/services.ts";
import { action as productAction, loader as productLoader } from "~/routes/admin/products/product.tsx";
import { action as requestAction } from "~/routes/admin/service-requests/request.tsx";
import { action as trashAction, loader as trashLoader } from "~/routes/admin/data-restoration/trash.tsx";
import { findInDatabase } from "../support/database-text.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, thrownStatus } from "../support/staff-routes.ts";

const TRASH_PATH = "/admin/data-restoration/trash";

const DAY = 86_400_000;

describe("the trash's registry", () => {
  it("has one entry per kind, each with a distinct key", () => {
    expect(TRASH_KINDS.map((k) => k.key)).toEqual(["request", "customer", "product", "content"]);
  });
});

describeEachEngine("trash", (database) => {
  const db = () => database().handle.db;
  const pid = String(process.pid % 1000).padStart(3, "0");
  let owner: StaffMember;
  let accounts: StaffMember;
  let counter = 0;
  const unique = (name: string) => `${name} ${++counter}${randomUUID().slice(0, 6)}`;

  beforeAll(async () => {
    await seedSettings(db(), "http://localhost:3000");
    clearSettingsCache();
    await seedContent(db());
    clearContentCache();
    const o = await upsertUserWithRole(`+9190${pid}00701`, "admin", db(), "Omkar Owner");
    const a = await upsertUserWithRole(`+9190${pid}00702`, "admin", db(), "Anil Accounts");
    owner = asStaff("owner", { userId: o.id, name: "Omkar Owner" });
    accounts = asStaff("accounts", { userId: a.id, name: "Anil Accounts" });
  });
  afterAll(() => {
    clearContentCache();
    clearSettingsCache();
  });

  const product = async (over: Record<string, string> = {}) => {
    const result = await addProduct(
      accounts,
      newProductSchema.parse({ name: unique("Encoder"), make: "Heidenhain", model: unique("ERN"), category: "encoders", hsnSac: "9031", gstRate: "18", unit: "nos", price: "12500", published: "yes", ...over }),
    );
    if (!result.ok) throw new Error(result.message);
    return (await db().select().from(products).where(eq(products.id, result.id)))[0]!;
  };
  const entryOf = async (kind: string, recordId: number) => (await db().select().from(trash).where(and(eq(trash.kind, kind), eq(trash.recordId, recordId))))[0];

  it("moves a product to the trash: gone from the list, its search, the public catalogue and the part picker; restored whole", async () => {
    const p = await product();
    expect((await listProducts(productListSchema.parse({ q: p.model! }), undefined)).rows.map((r) => r.id)).toEqual([p.id]);
    expect(await moveToTrash(accounts, "product", p.id, 1)).toMatchObject({ ok: true, message: expect.stringContaining("Moved to the trash") as unknown });
    const list = await listProducts(productListSchema.parse({ q: p.model! }), undefined);
    expect(list.rows).toEqual([]);
    expect(list.counts.all).toBe(0);
    expect((await publicCatalogue()).encoders?.map((i) => i.id) ?? []).not.toContain(p.id);
    expect(await partPickerLabels()).not.toContain(p.name);
    const groups = await listTrash();
    const item = groups.find((g) => g.kind === "product")!.items.find((i) => i.label.includes(p.name))!;
    expect(item).toMatchObject({ deletedBy: "Anil Accounts", daysLeft: TRASH_DAYS, version: 1 });
    // Twice (the same button pressed again) finds it gone, and says so.
    expect(await moveToTrash(accounts, "product", p.id, 1)).toMatchObject({ ok: false, message: expect.stringContaining("no longer here") as unknown });

    expect(await restoreFromTrash(owner, item.id, 1)).toMatchObject({ ok: true, href: `/admin/products/${p.id}` });
    expect((await db().select().from(products).where(eq(products.id, p.id)))[0]).toEqual(p);
    expect((await publicCatalogue()).encoders!.map((i) => i.id)).toContain(p.id);
    expect(await entryOf("product", p.id)).toBeUndefined();
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.entityType, "product"), eq(auditLog.entityId, String(p.id))));
    expect(audits.map((a) => [a.action, a.actorLabel])).toEqual([
      ["product.add", "Anil Accounts"],
      ["trash.delete", "Anil Accounts"],
      ["trash.restore", "Omkar Owner"],
    ]);
  });

  it("refuses a stale delete, and a product used on a job (it is withdrawn instead)", async () => {
    const p = await product();
    expect(await moveToTrash(accounts, "product", p.id, 2)).toMatchObject({ ok: false, message: expect.stringContaining("changed this product") as unknown });
    const [request] = await db()
      .insert(serviceRequests)
      .values({ reference: `SR-2612-${9000 + counter}`, kind: "full", contactName: "Ravi", mobile: "+919848012345", faultDescription: "Trips", urgency: "planned", consentVersion: "t", consentAt: new Date(), idempotencyKey: randomUUID() })
      .returning();
    await db().insert(jobParts).values({ requestId: request!.id, productId: p.id, description: p.name });
    expect(await moveToTrash(accounts, "product", p.id, 1)).toMatchObject({ ok: false, message: "This product was used on a job, which name it: withdraw it instead." });
    expect((await db().select().from(products).where(eq(products.id, p.id))).length).toBe(1);
  });

  it("refuses to restore a product whose make, model and name were added again meanwhile", async () => {
    const p = await product();
    await moveToTrash(accounts, "product", p.id, 1);
    const again = await product({ name: p.name, model: p.model! });
    const entry = (await entryOf("product", p.id))!;
    const refused = await restoreFromTrash(owner, entry.id, entry.version);
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining("was added again since it was deleted") as unknown });
    expect(await entryOf("product", p.id)).toBeDefined();
    expect((await db().select().from(products).where(eq(products.id, again.id))).length).toBe(1);
    expect((await db().select().from(products).where(eq(products.id, p.id))).length).toBe(0);
  });

  it("moves a service to the trash: gone from the home catalogue, its page, the search, the sitemap and the back-office list; refused back if its address is taken", async () => {
    const name = unique("Spindle drive rewinding");
    const made = await addService(owner, newServiceSchema.parse({ name, category: "Automation", summary: "Rewinding spindle motors.", body: "Rewinding.", shown: "yes" }));
    if (!made.ok) throw new Error(made.message);
    const s = (await serviceRecord(made.id))!;
    const path = `/service/${made.slug}`;
    expect(await findServiceByPath(path)).toBeDefined();
    expect(await moveToTrash(owner, "content", s.id, s.version)).toMatchObject({ ok: true });
    expect(await findServiceByPath(path)).toBeUndefined();
    expect((await listServices()).map((x) => x.name)).not.toContain(name);
    expect((await listSitemapEntries()).map((e) => e.path)).not.toContain(path);
    expect((await searchContent(name)).flatMap((g) => g.results.map((r) => r.path))).not.toContain(path);
    expect((await listServiceCatalogue(serviceListSchema.parse({ q: name }), undefined)).rows).toEqual([]);
    const entry = (await entryOf("content", s.id))!;
    expect(entry).toMatchObject({ label: name, detail: `Service, /${made.slug}`, deletedByName: "Omkar Owner" });

    // A new service made at the same address meanwhile: the old one cannot come back over it.
    const other = await addService(owner, newServiceSchema.parse({ name, category: "Automation", summary: "Another.", body: "Another.", shown: "yes" }));
    if (!other.ok) throw new Error(other.message);
    expect(await restoreFromTrash(owner, entry.id, entry.version)).toMatchObject({ ok: false, message: expect.stringContaining(`The address /${made.slug} is now used by`) as unknown });
    await moveToTrash(owner, "content", other.id, 1);
    expect(await restoreFromTrash(owner, entry.id, entry.version)).toMatchObject({ ok: true, href: `/admin/services/${s.id}` });
    expect(await findServiceByPath(path)).toMatchObject({ name });
    expect((await db().select().from(contentEntries).where(eq(contentEntries.id, s.id)))[0]).toMatchObject({ title: name, version: s.version });
  });

  it("a seeded service deleted stays deleted when the server starts again (the seed skips it), in the trash and after its purge", async () => {
    const seeded = (await db().select().from(contentEntries).where(eq(contentEntries.kind, "service")))[0]!;
    expect(await moveToTrash(owner, "content", seeded.id, seeded.version)).toMatchObject({ ok: true });
    expect(await seedContent(db())).toBe(0);
    expect((await db().select().from(contentEntries).where(and(eq(contentEntries.kind, "service"), eq(contentEntries.slug, seeded.slug))))).toEqual([]);
    const entry = (await entryOf("content", seeded.id))!;
    expect(await deleteForever(owner, entry.id, entry.version)).toMatchObject({ ok: true });
    // Only a tombstone is left: off the trash page, nothing to restore, and the seed still skips it.
    expect((await listTrash()).flatMap((g) => g.items).map((i) => i.id)).not.toContain(entry.id);
    expect((await entryOf("content", seeded.id))!).toMatchObject({ snapshot: {}, naturalKey: `service/${seeded.slug}` });
    expect(await restoreFromTrash(owner, entry.id, entry.version + 1)).toMatchObject({ ok: false });
    expect(await seedContent(db())).toBe(0);
    expect((await db().select().from(contentEntries).where(and(eq(contentEntries.kind, "service"), eq(contentEntries.slug, seeded.slug))))).toEqual([]);
  });

  it("purges what is older than 30 days, on a fixed clock, and leaves the rest", async () => {
    const day0 = new Date("2026-10-01T06:00:00Z");
    const old = await product();
    const young = await product();
    await moveToTrash(accounts, "product", old.id, 1, day0);
    await moveToTrash(accounts, "product", young.id, 1, new Date(day0.getTime() + 5 * DAY));
    // 29 days and 23 hours on: nothing yet.
    expect(await purgeExpiredTrash(new Date(day0.getTime() + 30 * DAY - 3_600_000))).toBe(0);
    expect(await entryOf("product", old.id)).toBeDefined();
    expect(await purgeExpiredTrash(new Date(day0.getTime() + 30 * DAY))).toBeGreaterThanOrEqual(1);
    expect(await entryOf("product", old.id)).toBeUndefined();
    expect(await entryOf("product", young.id)).toBeDefined();
    expect((await db().select().from(auditLog).where(and(eq(auditLog.action, "trash.purge"), eq(auditLog.entityId, String(old.id)))))[0]).toMatchObject({
      actorLabel: "Trash (after 30 days)",
      entityType: "product",
    });
    // Run again (a second instance, the job retried): nothing more.
    expect(await purgeExpiredTrash(new Date(day0.getTime() + 30 * DAY))).toBe(0);
  });

  it("deletes forever on the version seen, once", async () => {
    const p = await product();
    await moveToTrash(accounts, "product", p.id, 1);
    const entry = (await entryOf("product", p.id))!;
    expect(await deleteForever(owner, entry.id, entry.version + 1)).toMatchObject({ ok: false });
    expect(await deleteForever(owner, entry.id, entry.version)).toMatchObject({ ok: true });
    expect(await deleteForever(owner, entry.id, entry.version)).toMatchObject({ ok: false, message: expect.stringContaining("no longer in the trash") as unknown });
    expect(await restoreFromTrash(owner, entry.id, entry.version)).toMatchObject({ ok: false });
  });

  const request = async (over: Partial<typeof serviceRequests.$inferInsert> = {}) => {
    const n = ++counter;
    const [r] = await db()
      .insert(serviceRequests)
      .values({
        reference: `SR-2612-${String(7000 + n).padStart(4, "0")}${pid}`,
        kind: "full",
        contactName: "Ravi Test",
        mobile: `+9198${pid}7${String(n).padStart(4, "0")}`,
        faultDescription: `Drive trips ${randomUUID().slice(0, 8)}`,
        urgency: "planned",
        consentVersion: "t",
        consentAt: new Date(),
        idempotencyKey: randomUUID(),
        ...over,
      })
      .returning();
    return r!;
  };

  it("moves a request to the trash with its history: gone from the list, its search and counts, the customer's portal and the thank-you page; back with its history", async () => {
    const r = await request();
    await db().insert(requestEvents).values([
      { requestId: r.id, kind: "status", status: "contacted", note: "Called back" },
      { requestId: r.id, kind: "note", status: "contacted", note: "Spare fan needed" },
    ]);
    const duplicate = await request({ mobile: r.mobile, duplicateOfId: r.id, status: "cancelled" });
    const options = { escalateBeforeMinutes: 30 };
    const search = async () => (await listServiceRequests(requestListSchema.parse({ q: r.reference, status: "all" }), undefined, options)).rows.map((x) => x.reference);
    const owner_ = { mobile: r.mobile, email: null, emailVerified: false };
    expect(await search()).toEqual([r.reference]);
    const countsBefore = (await countRequestsByStatus(requestListSchema.parse({ status: "all" }), options)).counts.all;

    expect(await moveToTrash(owner, "request", r.id, r.version)).toMatchObject({ ok: true });
    expect(await search()).toEqual([]);
    expect((await countRequestsByStatus(requestListSchema.parse({ status: "all" }), options)).counts.all).toBe(countsBefore - 1);
    expect(await findRequest(r.reference)).toBeUndefined();
    expect((await listRequestsOf(owner_)).map((x) => x.reference)).toEqual([duplicate.reference]);
    expect(await findRequestOf(owner_, r.id)).toBeUndefined();
    expect(await db().select().from(requestEvents).where(eq(requestEvents.requestId, r.id))).toEqual([]);
    // The request closed as its duplicate stays, no longer pointing at it.
    expect((await db().select().from(serviceRequests).where(eq(serviceRequests.id, duplicate.id)))[0]!.duplicateOfId).toBeNull();

    const entry = (await entryOf("request", r.id))!;
    expect(entry).toMatchObject({ label: r.reference, deletedByName: "Omkar Owner" });
    expect(await restoreFromTrash(owner, entry.id, entry.version)).toMatchObject({ ok: true, href: `/admin/service-requests/${r.reference}` });
    expect(await search()).toEqual([r.reference]);
    expect((await db().select().from(serviceRequests).where(eq(serviceRequests.id, r.id)))[0]).toEqual(r);
    expect((await db().select().from(requestEvents).where(eq(requestEvents.requestId, r.id))).map((e) => e.note)).toEqual(["Called back", "Spare fan needed"]);
    expect((await db().select().from(serviceRequests).where(eq(serviceRequests.id, duplicate.id)))[0]!.duplicateOfId).toBe(r.id);
  });

  it("refuses to delete a request with an invoice or a quote: it is cancelled instead", async () => {
    const c = await customer();
    const r = await request({ customerId: c.id });
    await db().insert(invoices).values(invoiceFor(c.id, { requestId: r.id }));
    expect(await moveToTrash(owner, "request", r.id, r.version)).toMatchObject({ ok: false, message: expect.stringContaining("has an invoice") as unknown });
    const q = await request();
    await db().insert(quotes).values({ reference: `QT-2612-${pid}${counter}`, customerId: c.id, requestId: q.id, status: "draft", title: "Fan", totalPaise: 100, validUntil: "2026-12-31" });
    expect(await moveToTrash(owner, "request", q.id, q.version)).toMatchObject({ ok: false, message: expect.stringContaining("has a quote") as unknown });
    expect((await db().select().from(serviceRequests).where(eq(serviceRequests.id, q.id))).length).toBe(1);
  });

  const customer = async (over: Record<string, string> = {}) => {
    const mobile = `98${pid}6${String(++counter).padStart(4, "0")}`;
    const made = await createCustomer(owner, newCustomerSchema.parse({ mobile, name: unique("Sunitha Reddy"), company: "Reddy Plastics", email: `s${counter}@example.in`, ...over }));
    if (!made.ok) throw new Error(made.message);
    return (await db().select().from(customers).where(eq(customers.reference, made.reference)))[0]!;
  };
  const invoiceFor = (customerId: number, over: Partial<typeof invoices.$inferInsert> = {}) => {
    const serial = 50_000 + Number(pid) * 100 + ++counter;
    return {
      kind: "invoice" as const,
      number: `INV/2026-27/T${serial}`,
      serial,
      customerId,
      financialYear: "2026-27",
      issueDate: "2026-11-01",
      dueDate: "2026-11-16",
      supplier: {},
      recipient: { name: "Reddy Plastics", gstin: "36AABCR1234A1Z5", mobile: "+919812345678" },
      placeOfSupplyCode: "36",
      placeOfSupplyName: "Telangana",
      placeOfSupplyBasis: "recipient-address",
      lines: [],
      taxablePaise: 10_000_00,
      cgstPaise: 90_000,
      sgstPaise: 90_000,
      igstPaise: 0,
      taxPaise: 1_80_000,
      totalPaise: 11_800_00,
      amountInWords: "Rupees Eleven Thousand Eight Hundred Only",
      ...over,
    } satisfies typeof invoices.$inferInsert;
  };
  const customerSearch = async (q: string) => (await listCustomers(customerListSchema.parse({ q }), undefined)).rows.map((x) => x.reference);

  it("moves a customer to the trash: gone from the list, its search and counts, its page and the threads; the number is free for a new record, and a restore over it is refused", async () => {
    const c = await customer();
    await request({ customerId: c.id, mobile: c.mobile! });
    expect(await customerSearch(c.name)).toEqual([c.reference]);
    expect((await listThreads(threadListSchema.parse({ q: c.name }), undefined)).rows.map((t) => t.reference)).toEqual([c.reference]);
    const before = await countCustomers(undefined);
    expect(await moveToTrash(owner, "customer", c.id, c.version)).toMatchObject({ ok: true });
    expect(await customerSearch(c.name)).toEqual([]);
    expect(await customerSearch(c.mobile!)).toEqual([]);
    expect((await countCustomers(undefined)).active).toBe(before.active - 1);
    expect(await customerRecord(c.reference)).toBeUndefined();
    expect((await listThreads(threadListSchema.parse({ q: c.name }), undefined)).rows).toEqual([]);
    // The row stays (invoices may point at it) without its contact details.
    expect((await db().select().from(customers).where(eq(customers.id, c.id)))[0]).toMatchObject({ mobile: null, email: null, name: c.name });

    const entry = (await entryOf("customer", c.id))!;
    // A new customer takes the number meanwhile: the old record cannot come back over it.
    const again = await customer({ mobile: c.mobile!.slice(3), name: "Sunitha R." });
    const refused = await restoreFromTrash(owner, entry.id, entry.version);
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining(`The mobile ${c.mobile} now belongs to ${again.reference}`) as unknown });
    await moveToTrash(owner, "customer", again.id, again.version);
    expect(await restoreFromTrash(owner, entry.id, entry.version)).toMatchObject({ ok: true, href: `/admin/customers/${c.reference}` });
    expect(await customerSearch(c.mobile!)).toEqual([c.reference]);
    expect((await db().select().from(customers).where(eq(customers.id, c.id)))[0]).toMatchObject({ mobile: c.mobile, email: c.email, deletedAt: null });
    expect((await listThreads(threadListSchema.parse({ q: c.name }), undefined)).rows.map((t) => t.reference)).toEqual([c.reference]);
  });

  it("purges a customer after 30 days by the erasure: one with an invoice stays as the erased tax copy, one without goes", async () => {
    const day0 = new Date("2026-09-01T06:00:00Z");
    const withInvoice = await customer();
    const [invoice] = await db().insert(invoices).values(invoiceFor(withInvoice.id)).returning();
    const without = await customer();
    await moveToTrash(owner, "customer", withInvoice.id, withInvoice.version, day0);
    await moveToTrash(owner, "customer", without.id, without.version, day0);
    expect(await purgeExpiredTrash(new Date(day0.getTime() + 31 * DAY))).toBeGreaterThanOrEqual(2);
    expect(await entryOf("customer", withInvoice.id)).toBeUndefined();
    const kept = (await db().select().from(customers).where(eq(customers.id, withInvoice.id)))[0]!;
    expect(kept).toMatchObject({ mobile: null, email: null, company: null, deletedAt: null });
    expect(kept.erasedAt).not.toBeNull();
    expect(kept.name).not.toBe(withInvoice.name);
    // The invoice and its GST figures stay as issued; the mobile goes from its copy, as the erasure does.
    const after = (await db().select().from(invoices).where(eq(invoices.id, invoice!.id)))[0]!;
    expect(after).toMatchObject({ number: invoice!.number, taxablePaise: 10_000_00, cgstPaise: 90_000, sgstPaise: 90_000, totalPaise: 11_800_00 });
    expect(after.recipient).toEqual({ name: "Reddy Plastics", gstin: "36AABCR1234A1Z5" });
    expect((await db().select().from(customers).where(eq(customers.id, without.id))).length).toBe(0);
    expect((await db().select().from(auditLog).where(and(eq(auditLog.action, "customer.erase"), eq(auditLog.entityId, String(withInvoice.id))))).length).toBe(1);
  });

  it("an erasure really erases: the customer's requests waiting in the trash go with it, and nothing there still holds the number or the name", async () => {
    const c = await customer();
    const r = await request({ customerId: c.id, mobile: c.mobile!, contactName: c.name });
    const unlinked = await request({ mobile: c.mobile!, contactName: c.name });
    await moveToTrash(owner, "request", r.id, r.version);
    await moveToTrash(owner, "request", unlinked.id, unlinked.version);
    expect((await findInDatabase(db(), [c.mobile!])).filter((f) => f.table === "trash")).toHaveLength(2);
    expect(await eraseCustomer(db(), c.id, auditActor(owner))).toMatchObject({ ok: true });
    expect(await entryOf("request", r.id)).toBeUndefined();
    expect(await entryOf("request", unlinked.id)).toBeUndefined();
    expect((await findInDatabase(db(), [c.mobile!, c.name])).filter((f) => f.table === "trash")).toEqual([]);
  });

  it("one of many at once: 8 deletes of one record make one entry, 8 restores one record, two purges one purge", async () => {
    const p = await product();
    const deletes = await Promise.all(Array.from({ length: 8 }, () => moveToTrash(accounts, "product", p.id, 1)));
    expect(deletes.filter((d) => d.ok)).toHaveLength(1);
    expect(deletes.filter((d) => !d.ok).every((d) => /no longer here/.test(d.message))).toBe(true);
    const entry = (await entryOf("product", p.id))!;
    const restores = await Promise.all(Array.from({ length: 8 }, () => restoreFromTrash(owner, entry.id, entry.version)));
    expect(restores.filter((r) => r.ok)).toHaveLength(1);
    expect((await db().select().from(products).where(eq(products.id, p.id))).length).toBe(1);
    expect((await db().select().from(auditLog).where(and(eq(auditLog.action, "trash.restore"), eq(auditLog.entityId, String(p.id))))).length).toBe(1);

    const old = new Date("2026-08-01T06:00:00Z");
    await moveToTrash(accounts, "product", p.id, 1, old);
    const later = new Date(old.getTime() + 40 * DAY);
    await Promise.all([purgeExpiredTrash(later), purgeExpiredTrash(later)]);
    expect(await entryOf("product", p.id)).toBeUndefined();
    expect((await db().select().from(auditLog).where(and(eq(auditLog.action, "trash.purge"), eq(auditLog.entityId, String(p.id))))).length).toBe(1);
  });

  it("books the daily purge at 04:00 India time, once across instances, and the job books the next day", async () => {
    const now = new Date("2026-12-06T20:00:00Z"); // 01:30 on 7 December in India
    expect(nextTrashPurgeAt(now).toISOString()).toBe("2026-12-06T22:30:00.000Z");
    expect(nextTrashPurgeAt(new Date("2026-12-06T22:30:00Z")).toISOString()).toBe("2026-12-07T22:30:00.000Z");
    await Promise.all([scheduleTrashPurge(now), scheduleTrashPurge(now), scheduleTrashPurge(now)]);
    const booked = await db().select().from(outbox).where(eq(outbox.dedupeKey, `job:${TRASH_PURGE_JOB}:2026-12-07`));
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ channel: "job", recipient: TRASH_PURGE_JOB });
    await runTrashPurge(new Date("2026-12-06T22:30:00Z"), new Date("2026-12-06T22:30:05Z"));
    expect(await db().select().from(outbox).where(eq(outbox.dedupeKey, `job:${TRASH_PURGE_JOB}:2026-12-08`))).toHaveLength(1);
  });

  describe("the screens", () => {
    const args = (staff: StaffMember, path: string, params: Record<string, string>, body?: Record<string, string>) => routeArgs(path, { staff, params, body });

    it("a record page's Move to trash button moves it on the version seen, and says why not beside the button", async () => {
      const p = await product();
      const path = `/admin/products/${p.id}`;
      const stale = (await productAction(args(accounts, path, { id: String(p.id) }, { intent: "trash", version: "7" }))) as { init: { status: number }; data: { errors: Record<string, string> } };
      expect(stale).toMatchObject({ init: { status: 400 }, data: { errors: { form: expect.stringContaining("changed this product") as unknown } } });
      const moved = (await productAction(args(accounts, path, { id: String(p.id) }, { intent: "trash", version: "1" }))) as Response;
      expect(moved.status).toBe(303);
      expect(moved.headers.get("location")).toBe("/admin/products");
      expect(await thrownStatus(productLoader(args(accounts, path, { id: String(p.id) })))).toBe(404);

      const r = await request();
      const requestPath = `/admin/service-requests/${r.reference}`;
      const office = asStaff("office", { userId: owner.userId, name: "Asha Office" });
      const gone = (await requestAction(args(office, requestPath, { reference: r.reference }, { intent: "trash", version: String(r.version) }))) as Response;
      expect(gone.status).toBe(303);
      expect(await thrownStatus(requestAction(args(office, requestPath, { reference: r.reference }, { intent: "trash", version: String(r.version) })))).toBe(404);
    });

    it("the trash page lists by kind with who and how many days are left; restores; Delete forever needs the ticked box and the owner", async () => {
      const p = await product();
      const now = Date.now();
      await moveToTrash(accounts, "product", p.id, 1, new Date(now - 10 * DAY));
      const page = (await trashLoader(args(owner, TRASH_PATH, {}))) as Awaited<ReturnType<typeof trashLoader>>;
      const item = page.groups.find((g) => g.kind === "product")!.items.find((i) => i.label.includes(p.name))!;
      expect(item).toMatchObject({ deletedBy: "Anil Accounts", daysLeft: 20 });

      const unticked = (await trashAction(args(owner, TRASH_PATH, {}, { intent: "delete-forever", id: String(item.id), version: String(item.version) }))) as {
        init: { status: number };
        data: { errors: Record<string, string> };
      };
      expect(unticked).toMatchObject({ init: { status: 400 }, data: { errors: { confirm: "Tick the box to confirm: it cannot be brought back." } } });
      const office = asStaff("office", { userId: owner.userId, name: "Asha Office" });
      expect(await thrownStatus(trashAction(args(office, TRASH_PATH, {}, { intent: "delete-forever", id: String(item.id), version: String(item.version), confirm: "yes" })))).toBe(403);
      expect(await entryOf("product", p.id)).toBeDefined();

      const restored = (await trashAction(args(owner, TRASH_PATH, {}, { intent: "restore", id: String(item.id), version: String(item.version) }))) as Response;
      expect(restored.status).toBe(303);
      expect((await db().select().from(products).where(eq(products.id, p.id))).length).toBe(1);
      const again = (await trashAction(args(owner, TRASH_PATH, {}, { intent: "restore", id: String(item.id), version: String(item.version) }))) as {
        init: { status: number };
        data: { errors: Record<string, string> };
      };
      expect(again).toMatchObject({ init: { status: 400 }, data: { errors: { form: "That is no longer in the trash: it was restored or deleted meanwhile." } } });

      await moveToTrash(accounts, "product", p.id, 1);
      const entry = (await entryOf("product", p.id))!;
      const gone = (await trashAction(args(owner, TRASH_PATH, {}, { intent: "delete-forever", id: String(entry.id), version: String(entry.version), confirm: "yes" }))) as Response;
      expect(gone.status).toBe(303);
      expect(await entryOf("product", p.id)).toBeUndefined();
      expect((await db().select().from(auditLog).where(and(eq(auditLog.action, "trash.delete-forever"), eq(auditLog.entityId, String(p.id)))))[0]).toMatchObject({ actorLabel: "Omkar Owner" });
    });
  });
});
