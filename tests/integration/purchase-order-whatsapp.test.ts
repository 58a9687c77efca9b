import { randomUUID } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { readConfig, setServerConfig } from "~/.server/config.ts";
import { auditLog, conversationMessages, purchaseOrders, vendors, whatsappTemplates } from "~/.server/db/schema.ts";
import { createPurchaseOrder, PURCHASE_ORDER_TEMPLATE } from "~/.server/purchasing/orders.ts";
import { deliverWhatsApp } from "~/.server/whatsapp/index.ts";
import { action as orderAction, loader as orderLoader } from "~/routes/admin/vendors/order.tsx";
import { startFakeWhatsApp, type FakeWhatsApp } from "../support/fake-whatsapp.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { routeArgs } from "../support/staff-routes.ts";
import { openPartsRequest, stockTeam } from "../support/stock-fixtures.ts";

/**
 * Issue 19 §5 (ADR 060): "Send on WhatsApp" sends the purchase order through the WhatsApp API when it is
 * configured (queued on the job queue and put on the number's thread, as the office's other WhatsApp messages):
 * the order's text inside the vendor's 24-hour window, else the approved purchase_order template. Without the API
 * (or a way through it) the wa.me link opens as before. Every send is audited with the way it went.
 */
describeEachEngine("purchase orders on WhatsApp", (database) => {
  const db = () => database().handle.db;
  const team = stockTeam(db);
  let wa: FakeWhatsApp;
  let seq = 0;

  beforeAll(async () => {
    wa = await startFakeWhatsApp();
  });
  afterAll(async () => {
    await wa.close();
  });

  /** An order to a new vendor whose contact has this phone; the order page's version. */
  const order = async (phone: string) => {
    const [v] = await db()
      .insert(vendors)
      .values({ name: `Deccan Electricals ${randomUUID().slice(0, 6)}`, stateCode: "36", contacts: [{ name: "Prakash", phone, email: null }] })
      .returning();
    const { pr } = await openPartsRequest(db(), team.office, { description: `Contactor coil 230 V AC ${++seq}`, quantity: 2 });
    const made = await createPurchaseOrder(team.accounts, { vendor: v!.id, requests: [pr!.id], prices: { [pr!.id]: "850" } });
    if (!made.ok) throw new Error(JSON.stringify(made));
    return made.number!;
  };
  const send = async (number: string) => {
    const at = `/admin/vendors/orders/${number}`;
    const page = await orderLoader(routeArgs(at, { staff: team.accounts, params: { number } }));
    return (await orderAction(routeArgs(at, { staff: team.accounts, params: { number }, body: { intent: "whatsapp", version: String(page.order.version) } }))) as Response;
  };
  const audited = async (number: string) =>
    (await db().select().from(auditLog).where(and(eq(auditLog.action, "purchase-order.send"), eq(auditLog.entityLabel, number))))[0]?.after as Record<string, unknown> | undefined;
  const thread = (number: string) => db().select().from(conversationMessages).where(sql`${conversationMessages.meta}->>'purchaseOrder' = ${number}`);
  const mobileOf = () => `+9198480${String(30000 + Math.floor(Math.random() * 60000)).padStart(5, "0")}`;

  it("without the API configured: the wa.me link, as before, audited as a link", async () => {
    setServerConfig(readConfig({}));
    const number = await order("+919848022338");
    const answer = await send(number);
    expect(answer.headers.get("location")).toMatch(/^https:\/\/wa\.me\/919848022338\?text=/);
    expect(await audited(number)).toMatchObject({ via: "whatsapp", to: "+919848022338", link: "the WhatsApp API is not configured" });
    expect(await thread(number)).toEqual([]);
    expect((await db().select().from(purchaseOrders).where(eq(purchaseOrders.number, number)))[0]).toMatchObject({ sentVia: "whatsapp", version: 2 });
  });

  it("with the API: the order's text inside the vendor's 24-hour window, sent by the job", async () => {
    setServerConfig(readConfig({ ...wa.env }));
    const phone = mobileOf();
    const number = await order(phone);
    // The vendor wrote an hour ago: the window is open.
    await db().insert(conversationMessages).values({ mobile: phone, channel: "whatsapp", direction: "in", body: "Please send the PO", createdAt: new Date(Date.now() - 3_600_000) });
    const answer = await send(number);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`/admin/vendors/orders/${number}`);
    const [queued] = await thread(number);
    expect(queued).toMatchObject({ channel: "whatsapp", direction: "out", mobile: phone, status: "queued", template: null, staffUserId: team.accounts.userId });
    expect(queued!.body).toContain(`purchase order ${number}`);
    expect(await audited(number)).toMatchObject({ via: "whatsapp", to: phone, api: "text" });

    const before = wa.sent().length;
    await deliverWhatsApp(queued!.id);
    const call = wa.sent()[before]!;
    expect(call.body).toMatchObject({ to: phone.slice(1), type: "text" });
    expect(JSON.stringify(call.body)).toContain(number);
    expect((await thread(number))[0]).toMatchObject({ status: "sent" });
  });

  it("with the API and no window: the approved purchase_order template; without one, the link, saying why", async () => {
    setServerConfig(readConfig({ ...wa.env }));
    const first = await order(mobileOf());
    expect((await send(first)).headers.get("location")).toMatch(/^https:\/\/wa\.me\//);
    expect(await audited(first)).toMatchObject({ link: expect.stringContaining(`no approved "${PURCHASE_ORDER_TEMPLATE}" template`) as unknown });

    await db()
      .insert(whatsappTemplates)
      .values({ name: PURCHASE_ORDER_TEMPLATE, language: "en", category: "utility", body: "Dear {{1}}, please find our purchase order {{2}} for {{3}}. Reply here with the delivery date.", status: "approved" })
      .onConflictDoNothing();
    const phone = mobileOf();
    const number = await order(phone);
    const answer = await send(number);
    expect(answer.headers.get("location")).toBe(`/admin/vendors/orders/${number}`);
    const [queued] = await thread(number);
    expect(queued).toMatchObject({ template: PURCHASE_ORDER_TEMPLATE, status: "queued" });
    expect(queued!.body).toMatch(new RegExp(`^Dear Deccan Electricals \\w+, please find our purchase order ${number} for ₹1,700.00\\.`));
    expect(await audited(number)).toMatchObject({ api: "template" });
    const before = wa.sent().length;
    await deliverWhatsApp(queued!.id);
    expect(wa.sent()[before]!.body).toMatchObject({ type: "template", template: { name: PURCHASE_ORDER_TEMPLATE } });

    // A landline: WhatsApp's API sends to mobiles only, so the link opens.
    const landline = await order("+914023456789");
    expect((await send(landline)).headers.get("location")).toMatch(/^https:\/\/wa\.me\/914023456789/);
    expect(await audited(landline)).toMatchObject({ link: "the vendor's number is not a mobile" });
    expect(await db().select().from(conversationMessages).where(like(conversationMessages.body, `%${landline}%`))).toEqual([]);
  });
});
