import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditLog, jobParts, partsRequests, products, staffNotifications, stockMovements } from "~/.server/db/schema.ts";
import { listProducts } from "~/.server/products/list.ts";
import { adjustStock, setReorderLevel } from "~/.server/stock/changes.ts";
import { cancelPartsRequest, partsRequestsForJob, raisePartsRequest, reserveForPartsRequest, returnPart } from "~/.server/stock/parts-requests.ts";
import { addPart, requestParts } from "~/.server/technicians/field-work.ts";
import { productLabel, productListSchema } from "~/lib/forms/admin/products.ts";
import { adjustStockSchema, partsRequestSchema, STALE_STOCK_MESSAGE } from "~/lib/forms/admin/stock.ts";
import { partSchema, partsNeededSchema } from "~/lib/forms/technician-job.ts";
import { action as productAction, loader as productLoader } from "~/routes/admin/products/product.tsx";
import { action as requestAction, loader as requestLoader } from "~/routes/admin/service-requests/request.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { routeArgs } from "../support/staff-routes.ts";
import { assignedJob, stockProduct, stockTeam } from "../support/stock-fixtures.ts";

describeEachEngine("stock and parts requests", (database, engine) => {
  const db = () => database().handle.db;
  const team = stockTeam(db);

  const onHand = async (id: number) => (await db().select().from(products).where(eq(products.id, id)))[0]!;
  const alerts = async (userId: number, kind: string) =>
    (await db().select().from(staffNotifications).where(and(eq(staffNotifications.userId, userId), eq(staffNotifications.kind, kind)))).length;
  const part = (fields: Record<string, string>) => partSchema.parse({ intent: "part", quantity: "1", unit: "nos", idempotencyKey: randomUUID(), ...fields });
  const needed = (fields: Record<string, string>) => partsNeededSchema.parse({ intent: "parts-needed", quantity: "1", unit: "nos", idempotencyKey: randomUUID(), ...fields });


  it("adjusts on hand only with a reason, as a ledger row and an audit entry, and refuses a count made on an old figure", async () => {
    const p = await stockProduct(db());
    expect(await adjustStock(team.accounts, p.id, { seenOnHand: 0, onHand: 12, reason: "Opening count" })).toMatchObject({ ok: true, message: "Stock adjusted: 12 nos on hand, 12 available." });
    expect(await onHand(p.id)).toMatchObject({ onHand: 12, reserved: 0 });
    const [m] = await db().select().from(stockMovements).where(eq(stockMovements.productId, p.id));
    expect(m).toMatchObject({ kind: "adjusted", onHandChange: 12, onHandAfter: 12, reason: "Opening count", actorUserId: team.accounts.userId });
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, "product.stock-adjust"), eq(auditLog.entityId, String(p.id))));
    expect(entry).toMatchObject({ actorUserId: team.accounts.userId, before: { onHand: 0 }, after: { onHand: 12, reason: "Opening count" } });
    // Another count saved meanwhile: the form drawn at 0 is refused, nothing written.
    expect(await adjustStock(team.accounts, p.id, { seenOnHand: 0, onHand: 3, reason: "Recount" })).toMatchObject({ ok: false, field: "onHand", message: STALE_STOCK_MESSAGE });
    expect((await onHand(p.id)).onHand).toBe(12);
    // A reason is required: the form says so beside the field.
    expect(adjustStockSchema.safeParse({ intent: "adjust", seenOnHand: "12", onHand: "-1", reason: "" }).error?.issues.map((i) => i.path[0])).toEqual(["onHand", "reason"]);
  });

  it("alerts purchasing once when available falls below the reorder level, again only after it rose back, and lists it under Below reorder level", async () => {
    const p = await stockProduct(db());
    await adjustStock(team.accounts, p.id, { seenOnHand: 0, onHand: 10, reason: "Opening count" });
    expect(await setReorderLevel(team.accounts, p.id, { version: p.version, reorderLevel: 5 })).toMatchObject({ ok: true });
    expect(await alerts(team.accounts.userId, "stock.low")).toBe(0);
    await adjustStock(team.accounts, p.id, { seenOnHand: 10, onHand: 4, reason: "Two damaged" });
    expect(await alerts(team.accounts.userId, "stock.low")).toBe(1);
    // The office (no money permission) is not told.
    expect(await alerts(team.office.userId, "stock.low")).toBe(0);
    await adjustStock(team.accounts, p.id, { seenOnHand: 4, onHand: 2, reason: "Recount" });
    expect(await alerts(team.accounts.userId, "stock.low")).toBe(1);
    const below = await listProducts(productListSchema.parse({ show: "below" }), undefined);
    expect(below.rows.map((r) => r.id)).toContain(p.id);
    expect(below.counts.below).toBeGreaterThanOrEqual(1);
    await adjustStock(team.accounts, p.id, { seenOnHand: 2, onHand: 9, reason: "Delivery counted" });
    expect((await onHand(p.id)).belowReorderSince).toBeNull();
    expect((await listProducts(productListSchema.parse({ show: "below" }), undefined)).rows.map((r) => r.id)).not.toContain(p.id);
    await adjustStock(team.accounts, p.id, { seenOnHand: 9, onHand: 1, reason: "Recount" });
    expect(await alerts(team.accounts.userId, "stock.low")).toBe(2);
  });

  it("takes a part used on a job off the shelf (what was reserved for it first) and puts a returned one back", async () => {
    const p = await stockProduct(db());
    await adjustStock(team.accounts, p.id, { seenOnHand: 0, onHand: 3, reason: "Opening count" });
    const { job, actor } = await assignedJob(db());
    // The technician's "Parts needed": purchasing is told; the office reserves what is on the shelf.
    expect(await requestParts(actor, job.id, needed({ product: productLabel(p), description: "", quantity: "2", note: "Fan seized" }))).toMatchObject({ ok: true, saved: "parts-needed" });
    expect(await alerts(team.accounts.userId, "parts.requested")).toBeGreaterThanOrEqual(1);
    const [pr] = await partsRequestsForJob(job.id);
    expect(pr).toMatchObject({ productId: p.id, quantity: 2, outstanding: 2, available: 3, state: "waiting", source: "technician", note: "Fan seized" });
    expect(await reserveForPartsRequest(team.office, pr!.id, pr!.version)).toMatchObject({ ok: true, message: `2 pieces reserved for ${job.reference}. Every part is in: the job can be scheduled again.` });
    expect(await onHand(p.id)).toMatchObject({ onHand: 3, reserved: 2 });
    expect(await alerts(team.office.userId, "parts.ready")).toBe(1);
    // The same form again (an old version): refused, nothing reserved twice.
    expect(await reserveForPartsRequest(team.office, pr!.id, pr!.version)).toMatchObject({ ok: false, field: "form" });
    // Used 3: 2 from the reservation, 1 from what is available.
    expect(await addPart(actor, job.id, part({ product: productLabel(p), description: "", quantity: "3" }))).toMatchObject({ ok: true });
    expect(await onHand(p.id)).toMatchObject({ onHand: 0, reserved: 0 });
    const [used] = await db().select().from(jobParts).where(eq(jobParts.requestId, job.id));
    expect(used).toMatchObject({ quantity: 3, stockQuantity: 3 });
    const [after] = await partsRequestsForJob(job.id);
    expect(after).toMatchObject({ reserved: 0, used: 2, state: "ready" });
    // A fourth used with the shelf empty: recorded, bought on site, stock stays at zero.
    expect(await addPart(actor, job.id, part({ product: productLabel(p), description: "" }))).toMatchObject({ ok: true });
    expect((await onHand(p.id)).onHand).toBe(0);
    // One comes back unused; more than came from stock is refused beside the quantity.
    expect(await returnPart(team.office, job.reference, { part: used!.id, quantity: 4 })).toMatchObject({ ok: false, field: "quantity" });
    expect(await returnPart(team.office, job.reference, { part: used!.id, quantity: 1 })).toMatchObject({ ok: true });
    expect((await onHand(p.id)).onHand).toBe(1);
    const kinds = (await db().select({ kind: stockMovements.kind }).from(stockMovements).where(eq(stockMovements.productId, p.id)).orderBy(stockMovements.id)).map((r) => r.kind);
    expect(kinds).toEqual(["adjusted", "reserved", "used", "used", "returned"]);
  });

  it("lets the office raise, reserve and cancel parts requests on the request page, with messages beside the fields", async () => {
    const p = await stockProduct(db());
    await adjustStock(team.accounts, p.id, { seenOnHand: 0, onHand: 1, reason: "Opening count" });
    const { job } = await assignedJob(db());
    const path = `/admin/service-requests/${job.reference}`;
    const params = { reference: job.reference };
    const bad = (await requestAction(routeArgs(path, { staff: team.office, params, body: { intent: "parts-request", description: "", quantity: "0" } }))) as { data: { errors: Record<string, string> }; init: { status: number } };
    expect(bad.init.status).toBe(400);
    expect(bad.data.errors).toMatchObject({ description: expect.any(String), quantity: "Enter a whole number from 1 to 9999." });
    const key = randomUUID();
    const body = { intent: "parts-request", product: productLabel(p), description: "", quantity: "2", unit: "nos", idempotencyKey: key };
    for (let i = 0; i < 2; i++) expect((await requestAction(routeArgs(path, { staff: team.office, params, body }))) as Response).toBeInstanceOf(Response);
    const requests = await partsRequestsForJob(job.id);
    expect(requests).toHaveLength(1);
    expect(await raisePartsRequest(team.office, job.reference, partsRequestSchema.parse({ description: "Contactor coil 230 V AC", quantity: "1" }))).toMatchObject({ ok: true });
    const page = await requestLoader(routeArgs(path, { staff: team.office, params }));
    expect(page.parts.requests.map((r) => [r.description, r.state])).toEqual([
      ["Contactor coil 230 V AC", "waiting"],
      [productLabel(p), "waiting"],
    ]);
    expect(page.parts.ready).toBe(false);
    const mine = requests[0]!;
    // Only 1 of 2 on the shelf: reserved, 1 still to order.
    expect(await reserveForPartsRequest(team.office, mine.id, mine.version)).toMatchObject({ ok: true, message: `1 piece reserved for ${job.reference}. 1 still to order.` });
    const free = page.parts.requests[0]!;
    expect(await reserveForPartsRequest(team.office, free.id, free.version)).toMatchObject({ ok: false, message: expect.stringContaining("free text") });
    const [again] = await db().select().from(partsRequests).where(eq(partsRequests.id, mine.id));
    expect(await cancelPartsRequest(team.office, mine.id, again!.version)).toMatchObject({ ok: true, message: "Parts request cancelled; 1 piece released to stock." });
    expect(await onHand(p.id)).toMatchObject({ onHand: 1, reserved: 0 });
  });

  it("shows a product's stock and ledger on its page and adjusts it from there", async () => {
    const p = await stockProduct(db());
    const path = `/admin/products/${p.id}`;
    const params = { id: String(p.id) };
    const refused = (await productAction(routeArgs(path, { staff: team.accounts, params, body: { intent: "adjust", seenOnHand: "0", onHand: "5", reason: "" } }))) as { data: { errors: Record<string, string> }; init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors.reason).toBeTruthy();
    const done = (await productAction(routeArgs(path, { staff: team.accounts, params, body: { intent: "adjust", seenOnHand: "0", onHand: "5", reason: "Opening count" } }))) as Response;
    expect(done.status).toBe(303);
    const page = await productLoader(routeArgs(path, { staff: team.accounts, params }));
    expect(page.stock).toMatchObject({ onHand: 5, reserved: 0, available: 5, reorderLevel: 0 });
    expect(page.movements?.map((m) => [m.kind, m.onHandAfter, m.reason, m.by])).toEqual([["adjusted", 5, "Opening count", "Anil Accounts"]]);
  });

  if (engine === "postgres") {
    it("never lets stock go below zero when many parts are used at once", async () => {
      const p = await stockProduct(db());
      await adjustStock(team.accounts, p.id, { seenOnHand: 0, onHand: 5, reason: "Opening count" });
      const { job, actor } = await assignedJob(db());
      const results = await Promise.all(Array.from({ length: 20 }, () => addPart(actor, job.id, part({ product: productLabel(p), description: "" }))));
      expect(results.every((r) => r.ok)).toBe(true);
      expect(await onHand(p.id)).toMatchObject({ onHand: 0, reserved: 0 });
      const [taken] = await db().select({ n: sql<number>`sum(${jobParts.stockQuantity})::int` }).from(jobParts).where(eq(jobParts.requestId, job.id));
      expect(Number(taken!.n)).toBe(5);
      const used = await db().select().from(stockMovements).where(and(eq(stockMovements.productId, p.id), eq(stockMovements.kind, "used")));
      expect(used).toHaveLength(5);
      expect(used.map((u) => u.onHandAfter).sort()).toEqual([0, 1, 2, 3, 4]);
    });

    it("refuses at once many direct movements that would take stock below zero, in the transaction", async () => {
      const p = await stockProduct(db());
      await adjustStock(team.accounts, p.id, { seenOnHand: 0, onHand: 3, reason: "Opening count" });
      const { moveStock } = await import("~/.server/stock/ledger.ts");
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, () => db().transaction((tx) => moveStock(tx, { productId: p.id, kind: "used", onHand: -1, reason: "race", actorUserId: null }))),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
      expect(results.filter((r) => r.status === "rejected").every((r) => String((r as PromiseRejectedResult).reason.message).includes("cannot go below zero"))).toBe(true);
      expect((await onHand(p.id)).onHand).toBe(0);
    });
  }
});
