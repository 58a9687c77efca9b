import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { auditLog, outbox, partsRequests, products, purchaseOrders, staffNotifications, stockMovements, vendorBills, vendorParts, vendors } from "~/.server/db/schema.ts";
import { createPurchaseOrder, purchaseOrderPage, receivePurchaseOrder, sendPurchaseOrder } from "~/.server/purchasing/orders.ts";
import { partsRequestsForJob } from "~/.server/stock/parts-requests.ts";
import { productLabel } from "~/lib/forms/admin/products.ts";
import { action as newAction, loader as newLoader } from "~/routes/admin/vendors/order-new.tsx";
import { action as orderAction, loader as orderLoader } from "~/routes/admin/vendors/order.tsx";
import { loader as pdfLoader } from "~/routes/admin/vendors/order-pdf.ts";
import { loader as listLoader } from "~/routes/admin/vendors/orders.tsx";
import { loader as requestsLoader } from "~/routes/admin/vendors/order-requests.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { routeArgs } from "../support/staff-routes.ts";
import { openPartsRequest, stockProduct, stockTeam } from "../support/stock-fixtures.ts";

describeEachEngine("purchase orders", (database, engine) => {
  const db = () => database().handle.db;
  const team = stockTeam(db);
  let vendorId: number;
  let unregisteredId: number;

  const stock = async (id: number) => (await db().select().from(products).where(eq(products.id, id)))[0]!;
  const openRequest = (product: { id: number; name: string; make: string | null; model: string | null } | null, quantity: number, description = "Contactor coil 230 V AC") =>
    openPartsRequest(db(), team.office, product ? { product: productLabel(product), quantity } : { description, quantity });

  beforeAll(async () => {
    const [v] = await db()
      .insert(vendors)
      .values({ name: `Deccan Electricals ${randomUUID().slice(0, 4)}`, gstin: null, stateCode: "36", city: "Hyderabad", contacts: [{ name: "Prakash", phone: "+919848022338", email: "sales@deccan.example" }] })
      .returning();
    vendorId = v!.id;
    const [u] = await db().insert(vendors).values({ name: `Local trader ${randomUUID().slice(0, 4)}`, stateCode: "36", contacts: [{ name: "Raju", phone: null, email: null }] }).returning();
    unregisteredId = u!.id;
  });

  it("turns parts requests into a numbered order at the vendor's prices, asks a price the vendor does not list, and never orders a request twice", async () => {
    const p = await stockProduct(db(), { gstRate: 18 });
    await db().insert(vendorParts).values({ vendorId, productId: p.id, partNumber: "DE-FAN-119", pricePaise: 2_900_00 });
    const a = await openRequest(p, 2);
    const b = await openRequest(null, 1);
    const missing = await createPurchaseOrder(team.accounts, { vendor: vendorId, requests: [a.pr.id, b.pr.id], prices: {} });
    expect(missing).toMatchObject({ ok: false, field: `price-${b.pr.id}`, message: expect.stringContaining("no price for this part") });
    const bad = await createPurchaseOrder(team.accounts, { vendor: vendorId, requests: [a.pr.id, b.pr.id], prices: { [b.pr.id]: "-4" } });
    expect(bad).toMatchObject({ ok: false, field: `price-${b.pr.id}` });
    const made = await createPurchaseOrder(team.accounts, { vendor: vendorId, requests: [a.pr.id, b.pr.id], prices: { [b.pr.id]: "450" } });
    expect(made).toMatchObject({ ok: true, number: expect.stringMatching(/^PO-\d{4}-\d{4}$/) });
    if (!made.ok) return;
    const page = (await purchaseOrderPage(made.number!))!;
    expect(page.lines.map((l) => [l.quantity, l.unitPricePaise, l.partNumber, l.reference])).toEqual([
      [2, 2_900_00, "DE-FAN-119", a.job.reference],
      [1, 450_00, null, b.job.reference],
    ]);
    // An unregistered vendor charges no GST.
    expect(page.order).toMatchObject({ taxablePaise: 6_250_00, gstPaise: 0, totalPaise: 6_250_00, status: "ordered" });
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, "purchase-order.add"), eq(auditLog.entityLabel, made.number!)));
    expect(entry).toMatchObject({ actorUserId: team.accounts.userId, entityType: "purchase-order" });
    // The same form again: refused, one order.
    expect(await createPurchaseOrder(team.accounts, { vendor: vendorId, requests: [a.pr.id], prices: {} })).toMatchObject({ ok: false, field: "requests", message: `Already on order ${made.number}: this order was not placed twice.` });
    expect((await partsRequestsForJob(a.job.id))[0]).toMatchObject({ state: "ordered", order: { number: made.number } });
  });

  it("sends the order by e-mail through the outbox, or opens WhatsApp with its text, and draws its PDF", async () => {
    const { pr } = await openRequest(null, 3, "Terminal block 4 mm², grey");
    const made = await createPurchaseOrder(team.accounts, { vendor: vendorId, requests: [pr.id], prices: { [pr.id]: "12.50" } });
    if (!made.ok) throw new Error(JSON.stringify(made));
    const number = made.number!;
    const params = { number };
    const at = `/admin/vendors/orders/${number}`;
    let page = await orderLoader(routeArgs(at, { staff: team.accounts, params }));
    const mailed = (await orderAction(routeArgs(at, { staff: team.accounts, params, body: { intent: "email", version: String(page.order.version) } }))) as Response;
    expect(mailed.status).toBe(303);
    const [mail] = await db().select().from(outbox).where(like(outbox.dedupeKey, `purchase-order:${number}:email:%`));
    expect(mail).toMatchObject({ channel: "email", recipient: "sales@deccan.example" });
    expect(mail!.body).toContain("1. Terminal block 4 mm², grey: 3 pieces at ₹12.50 each\n");
    // The old version again: refused, one e-mail.
    const again = (await orderAction(routeArgs(at, { staff: team.accounts, params, body: { intent: "email", version: String(page.order.version) } }))) as { init: { status: number } };
    expect(again.init.status).toBe(400);
    page = await orderLoader(routeArgs(at, { staff: team.accounts, params }));
    const wa = (await orderAction(routeArgs(at, { staff: team.accounts, params, body: { intent: "whatsapp", version: String(page.order.version) } }))) as Response;
    expect(wa.headers.get("location")).toMatch(/^https:\/\/wa\.me\/919848022338\?text=/);
    expect((await db().select().from(purchaseOrders).where(eq(purchaseOrders.number, number)))[0]).toMatchObject({ sentVia: "whatsapp" });
    const pdf = (await pdfLoader(routeArgs(`${at}/pdf`, { staff: team.accounts, params }))) as Response;
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    // A vendor with neither address nor phone: told beside the form.
    const { pr: other } = await openRequest(null, 1, "Fuse 10 A");
    const local = await createPurchaseOrder(team.accounts, { vendor: unregisteredId, requests: [other.id], prices: { [other.id]: "20" } });
    if (!local.ok) throw new Error(JSON.stringify(local));
    expect(await sendPurchaseOrder(team.accounts, local.number!, { intent: "email", version: 1 })).toMatchObject({ ok: false, message: expect.stringContaining("has no e-mail address") });
  });

  it("receives in part then in full: stock up, reserved for the waiting job, and the office told it can be scheduled again", async () => {
    const p = await stockProduct(db());
    const { job, pr } = await openRequest(p, 3);
    const made = await createPurchaseOrder(team.accounts, { vendor: vendorId, requests: [pr.id], prices: { [pr.id]: "3000" } });
    if (!made.ok) throw new Error(JSON.stringify(made));
    const number = made.number!;
    const [line] = (await purchaseOrderPage(number))!.lines;
    expect(await receivePurchaseOrder(team.accounts, number, 1, { [line!.id]: 4 })).toMatchObject({ ok: false, field: `received-${line!.id}`, message: "Only 3 pieces of this line are still to come." });
    expect(await receivePurchaseOrder(team.accounts, number, 1, { [line!.id]: 0 })).toMatchObject({ ok: false, message: "Enter how many came of at least one line." });
    expect(await receivePurchaseOrder(team.accounts, number, 1, { [line!.id]: 2 })).toMatchObject({ ok: true, message: `Received 2 units on ${number}. The rest is still to come.` });
    expect(await stock(p.id)).toMatchObject({ onHand: 2, reserved: 2 });
    expect((await partsRequestsForJob(job.id))[0]).toMatchObject({ reserved: 2, outstanding: 1, state: "ordered" });
    expect((await purchaseOrderPage(number))!.order.status).toBe("part_received");
    expect(await db().select().from(staffNotifications).where(and(eq(staffNotifications.kind, "parts.ready"), eq(staffNotifications.userId, team.office.userId), like(staffNotifications.title, `%${job.reference}%`)))).toHaveLength(0);
    // The old version: refused.
    expect(await receivePurchaseOrder(team.accounts, number, 1, { [line!.id]: 1 })).toMatchObject({ ok: false, field: "form" });
    expect(await receivePurchaseOrder(team.accounts, number, 2, { [line!.id]: 1 })).toMatchObject({ ok: true, message: `Received 1 unit on ${number}. Everything on the order is in. ${job.reference} can be scheduled again.` });
    expect(await stock(p.id)).toMatchObject({ onHand: 3, reserved: 3 });
    expect((await partsRequestsForJob(job.id))[0]).toMatchObject({ reserved: 3, outstanding: 0, state: "ready" });
    expect(await db().select().from(staffNotifications).where(and(eq(staffNotifications.kind, "parts.ready"), eq(staffNotifications.userId, team.office.userId), like(staffNotifications.title, `%${job.reference}%`)))).toHaveLength(1);
    const kinds = (await db().select({ kind: stockMovements.kind, by: stockMovements.purchaseOrderId }).from(stockMovements).where(eq(stockMovements.productId, p.id)).orderBy(stockMovements.id)).map((m) => m.kind);
    expect(kinds).toEqual(["received", "reserved", "received", "reserved"]);
    expect((await purchaseOrderPage(number))!.order.status).toBe("received");
  });

  it("records a vendor's bill against the order, with its input tax, once", async () => {
    const { pr } = await openRequest(null, 1, "Relay 24 V DC");
    const made = await createPurchaseOrder(team.accounts, { vendor: vendorId, requests: [pr.id], prices: { [pr.id]: "800" } });
    if (!made.ok) throw new Error(JSON.stringify(made));
    const number = made.number!;
    const params = { number };
    const at = `/admin/vendors/orders/${number}`;
    const bad = (await orderAction(routeArgs(at, { staff: team.accounts, params, body: { intent: "bill-add", billNumber: "", billDate: "2026-11-24", taxable: "abc", gstRate: "18" } }))) as { data: { errors: Record<string, string> }; init: { status: number } };
    expect(bad.init.status).toBe(400);
    expect(Object.keys(bad.data.errors).sort()).toEqual(["billNumber", "taxable"]);
    // An unregistered vendor's bill carries no GST.
    const refused = (await orderAction(routeArgs(at, { staff: team.accounts, params, body: { intent: "bill-add", billNumber: "DE/771", billDate: "2026-11-24", taxable: "800", gstRate: "18" } }))) as { data: { errors: Record<string, string> } };
    expect(refused.data.errors.gstRate).toContain("no GSTIN");
    const done = (await orderAction(routeArgs(at, { staff: team.accounts, params, body: { intent: "bill-add", billNumber: "DE/771", billDate: "2026-11-24", taxable: "800", gstRate: "0" } }))) as Response;
    expect(done.status).toBe(303);
    const [bill] = await db().select().from(vendorBills).where(eq(vendorBills.billNumber, "DE/771"));
    expect(bill).toMatchObject({ vendorId, totalPaise: 800_00 });
    expect(bill!.purchaseOrderId).toBe((await purchaseOrderPage(number))!.order.id);
    const twice = (await orderAction(routeArgs(at, { staff: team.accounts, params, body: { intent: "bill-add", billNumber: "de/771", billDate: "2026-11-24", taxable: "800", gstRate: "0" } }))) as { data: { errors: Record<string, string> } };
    expect(twice.data.errors.billNumber).toContain("already recorded");
    expect((await orderLoader(routeArgs(at, { staff: team.accounts, params }))).bills).toHaveLength(1);
  });

  it("draws the lists and the new order's form, and refuses bad input beside the fields", async () => {
    const { pr } = await openRequest(null, 2, "Cable gland M20");
    const form = await newLoader(routeArgs("/admin/vendors/orders/new", { staff: team.accounts }));
    expect(form.requests.map((r) => r.id)).toContain(pr.id);
    expect(form.vendors.map((v) => v.id)).toContain(vendorId);
    const bad = (await newAction(routeArgs("/admin/vendors/orders/new", { staff: team.accounts, body: { vendor: "", notes: "" } }))) as { data: { errors: Record<string, string> }; init: { status: number } };
    expect(bad.init.status).toBe(400);
    expect(bad.data.errors).toMatchObject({ vendor: "Choose the vendor.", requests: "Tick at least one parts request to order." });
    const noPrice = (await newAction(routeArgs("/admin/vendors/orders/new", { staff: team.accounts, body: { vendor: String(vendorId), requests: [String(pr.id)], [`price-${pr.id}`]: "" } }))) as { data: { errors: Record<string, string>; lists: Record<string, string[]> } };
    expect(noPrice.data.errors[`price-${pr.id}`]).toContain("enter the price");
    expect(noPrice.data.lists.requests).toEqual([String(pr.id)]);
    const placed = (await newAction(routeArgs("/admin/vendors/orders/new", { staff: team.accounts, body: { vendor: String(vendorId), requests: [String(pr.id)], [`price-${pr.id}`]: "35" } }))) as Response;
    expect(placed.status).toBe(303);
    const list = await listLoader(routeArgs("/admin/vendors/orders", { staff: team.accounts }));
    expect(list.rows.length).toBeGreaterThan(0);
    expect(placed.headers.get("location")).toBe(`/admin/vendors/orders/${list.rows[0]!.number}`);
    const open = await requestsLoader(routeArgs("/admin/vendors/parts-requests", { staff: team.accounts }));
    expect(open.rows.find((r) => r.id === pr.id)).toMatchObject({ state: "ordered" });
  });

  if (engine === "postgres") {
    it("numbers orders placed at once consecutively, without gaps or duplicates, and orders one request once", async () => {
      const requests = await Promise.all(Array.from({ length: 12 }, (_, i) => openRequest(null, 1, `Part ${i}`)));
      const results = await Promise.all(requests.map(({ pr }) => createPurchaseOrder(team.accounts, { vendor: vendorId, requests: [pr.id], prices: { [pr.id]: "10" } })));
      expect(results.every((r) => r.ok)).toBe(true);
      const serials = results.map((r) => (r.ok ? Number(r.number!.slice(-4)) : 0)).sort((x, y) => x - y);
      expect(new Set(serials).size).toBe(12);
      expect(serials.at(-1)! - serials[0]!).toBe(11);
      // The same request ordered ten times at once: one order.
      const { pr } = await openRequest(null, 1, "Same part");
      const same = await Promise.all(Array.from({ length: 10 }, () => createPurchaseOrder(team.accounts, { vendor: vendorId, requests: [pr.id], prices: { [pr.id]: "10" } })));
      expect(same.filter((r) => r.ok)).toHaveLength(1);
      const before = await db().select({ n: purchaseOrders.number }).from(purchaseOrders);
      const last = Math.max(...before.map((r) => Number(r.n.slice(-4))));
      expect(last).toBe(before.length);
      expect(await db().select().from(partsRequests).where(eq(partsRequests.id, pr.id))).toHaveLength(1);
    });
  }
});
