import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { auditLog, customers, gatewayEvents, invoices, outbox, payments, staffNotifications, users } from "~/.server/db/schema.ts";
import { customerCredit, gatewayEventsToCheck, moneyTotals } from "~/.server/payments/credit.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { paymentLinkFor } from "~/.server/payments/gateway/links.ts";
import { verifyWebhookSignature, webhookSignature } from "~/.server/payments/gateway/razorpay.ts";
import { recordPayment } from "~/.server/payments/record.ts";
import { clearSettingsCache, readSettingsForEditing, saveSettingsGroup, seedSettings } from "~/.server/settings/index.ts";
import { effectiveGateway, integrationsView } from "~/.server/settings/integrations.ts";
import { STAFF_ROLE_INFO } from "~/lib/auth/permissions.ts";
import { recordPaymentSchema } from "~/lib/forms/admin/payments.ts";
import { applyIntegrationsChange, integrationsForm } from "~/lib/forms/admin/settings.ts";
import { rupeesInWords } from "~/lib/money/amount-in-words.ts";
import { invoiceTotals, type LineInput } from "~/lib/money/gst.ts";
import { action as webhookAction, loader as webhookLoader } from "~/routes/api/payment-webhook.ts";
import { action as invoicePageAction, loader as invoicePageLoader } from "~/routes/documents/invoice.tsx";
import { signLinkToken } from "~/.server/links/signed.ts";
import { startFakeGateway, type FakeGateway } from "../support/fake-gateway.ts";
import { describeEachEngine } from "../support/test-databases.ts";

/**
 * The payment gateway (issue 11 §4), against a local fake of a Razorpay-style gateway started by the test
 * (tests/support/fake-gateway.ts): the invoice's payment link is made once for the amount due and remade
 * when that changes; the signed webhook records the payment exactly once; a bad signature, a replayed event,
 * an unknown invoice or a wrong amount is refused, logged in gateway_events, and changes nothing.
 */

const LINE: LineInput = { description: "Repair of Siemens S7-300 CPU", hsnSac: "998719", quantityMilli: 1000, unit: "job", ratePaise: 8_500_00, discountPaise: 0, gstRate: 18 };
const TODAY = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

describeEachEngine("payment gateway", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), "gateway-test-"));
  const pid = String(process.pid % 1000).padStart(3, "0");
  let gateway: FakeGateway;
  let accounts: StaffMember;
  let n = 0;

  async function openInvoice() {
    const i = ++n;
    const [c] = await db()
      .insert(customers)
      .values({ reference: `CU-2611-${String(i).padStart(4, "0")}`, mobile: `+9192${pid}${String(i).padStart(5, "0")}`, name: `Gateway customer ${i}`, email: `c${i}@example.in` })
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
  const webhook = (request: Request) => {
    const context = new RouterContextProvider();
    context.set(clientAddressContext, "198.51.100.77");
    return webhookAction({ request, context, params: {}, url: new URL(request.url) } as never) as Promise<Response>;
  };
  const eventsFor = (eventId: string) => db().select().from(gatewayEvents).where(eq(gatewayEvents.eventId, eventId));
  const paymentsFor = (invoiceId: number) => db().select().from(payments).innerJoin(invoices, eq(invoices.id, invoiceId)).where(and(eq(payments.customerId, invoices.customerId), eq(payments.method, "gateway")));

  beforeAll(async () => {
    gateway = await startFakeGateway();
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "g".repeat(40), DATA_DIR: storage, ...gateway.env }));
    await seedSettings(db(), "http://localhost:3000");
    clearSettingsCache();
    const a = await upsertUserWithRole(`+9190${pid}00601`, "admin", db(), "Gopal Accounts");
    await db().update(users).set({ staffRole: "accounts" }).where(eq(users.id, a.id));
    accounts = { userId: a.id, sessionId: 0, name: "Gopal Accounts", mobile: null, role: "accounts", permissions: STAFF_ROLE_INFO.accounts.permissions, ipAddress: "203.0.113.9" };
  });
  afterAll(async () => {
    await gateway.close();
    setServerConfig(previousConfig);
    clearSettingsCache();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  it("signs and checks webhook bodies with HMAC-SHA256 in constant time", () => {
    const body = '{"event":"payment.captured"}';
    const sig = webhookSignature(body, "secret");
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(body, sig, "secret")).toBe(true);
    expect(verifyWebhookSignature(body, sig.toUpperCase(), "secret")).toBe(true);
    expect(verifyWebhookSignature(`${body} `, sig, "secret")).toBe(false);
    expect(verifyWebhookSignature(body, sig, "other")).toBe(false);
    expect(verifyWebhookSignature(body, "abc", "secret")).toBe(false);
    expect(verifyWebhookSignature(body, null, "secret")).toBe(false);
  });

  it("makes the invoice's payment link once for the amount due, and a new one when a part is paid meanwhile", async () => {
    const { customer, invoice } = await openInvoice();
    const link = await paymentLinkFor(invoice.id);
    expect(link).toEqual({ url: expect.stringMatching(new RegExp(`^${gateway.url}/i/`)) as unknown, amountPaise: 10_03_000 });
    const stored = await reload(invoice.id);
    expect(stored.gatewayLinkUrl).toBe(link!.url);
    const made = gateway.links.get(stored.gatewayLinkId!)!;
    expect(made).toMatchObject({ amount: 10_03_000, currency: "INR", reference_id: invoice.number, notes: { invoice_number: invoice.number, invoice_id: String(invoice.id) }, customer: { contact: customer.mobile } });
    expect(gateway.calls.every((c) => c.authorised)).toBe(true);
    // Asked again: the same link.
    expect(await paymentLinkFor(invoice.id)).toEqual(link);
    expect([...gateway.links.values()].filter((l) => l.notes.invoice_id === String(invoice.id))).toHaveLength(1);

    // ₹3,000 paid by UPI meanwhile: the old link is cancelled, a new one asks for the rest.
    await recordPayment(accounts, recordPaymentSchema.parse({ customer: customer.reference, method: "upi", amount: "3000", receivedOn: TODAY, utr: `5${pid}00000001`, idempotencyKey: randomUUID() }));
    const again = await paymentLinkFor(invoice.id);
    expect(again).toMatchObject({ amountPaise: 7_03_000 });
    expect(again!.url).not.toBe(link!.url);
    expect(made.status).toBe("cancelled");
    const second = gateway.links.get((await reload(invoice.id)).gatewayLinkId!)!;
    expect(second).toMatchObject({ amount: 7_03_000, reference_id: `${invoice.number}~2` });

    // Nothing due: no link.
    await recordPayment(accounts, recordPaymentSchema.parse({ customer: customer.reference, method: "cash", amount: "7030", receivedOn: TODAY, idempotencyKey: randomUUID() }));
    expect(await paymentLinkFor(invoice.id)).toBeNull();
  });

  it("records a paid link's payment once: the invoice is paid, with its receipt SMS, audit and the event logged; a replay and the payment's second event change nothing", async () => {
    const { customer, invoice } = await openInvoice();
    await paymentLinkFor(invoice.id);
    const hook = gateway.pay((await reload(invoice.id)).gatewayLinkId!, { paymentId: `pay_${pid}A1` });
    const response = await gateway.deliver(hook, webhook);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { outcome: string; receipt: string };
    expect(answer).toMatchObject({ outcome: "accepted", receipt: expect.stringMatching(/^RC-/) as unknown });
    expect(await reload(invoice.id)).toMatchObject({ paidPaise: 10_03_000, status: "paid" });
    const [payment] = await db().select().from(payments).where(eq(payments.reference, answer.receipt));
    expect(payment).toMatchObject({ method: "gateway", instrumentRef: `pay_${pid}A1`, amountPaise: 10_03_000, customerId: customer.id, recordedBy: null, unallocatedPaise: 0 });
    expect(await eventsFor(hook.eventId)).toMatchObject([{ outcome: "accepted", event: "payment_link.paid", invoiceId: invoice.id, paymentId: payment!.id, ipAddress: "198.51.100.77" }]);
    expect(await db().select().from(outbox).where(eq(outbox.dedupeKey, `payment:${answer.receipt}:receipt-sms`))).toHaveLength(1);
    expect(await db().select().from(auditLog).where(and(eq(auditLog.entityType, "payment"), eq(auditLog.entityId, String(payment!.id))))).toMatchObject([{ action: "payment.record", actorLabel: "Payment gateway", actorUserId: null }]);

    // The same event again (a replay, or the gateway's retry): logged, nothing else.
    const replay = await gateway.deliver(hook, webhook);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ outcome: "replayed" });
    const replays = await db().select().from(gatewayEvents).where(eq(gatewayEvents.reason, `Replay of event ${hook.eventId} (first accepted)`));
    expect(replays).toHaveLength(1);
    // payment.captured for the same payment (its own event id): accepted, nothing recorded twice.
    const captured = await gateway.deliver(gateway.captured(gateway.links.get((await reload(invoice.id)).gatewayLinkId!)!, `pay_${pid}A1`), webhook);
    expect(await captured.json()).toMatchObject({ outcome: "accepted", reason: "Already recorded", receipt: answer.receipt });
    expect(await paymentsFor(invoice.id)).toHaveLength(1);
    expect(await reload(invoice.id)).toMatchObject({ paidPaise: 10_03_000 });
  });

  it("refuses and logs a bad signature and an unknown invoice, changing nothing; a GET is not allowed", async () => {
    const { invoice } = await openInvoice();
    await paymentLinkFor(invoice.id);
    const linkId = (await reload(invoice.id)).gatewayLinkId!;
    const before = await db().select().from(gatewayEvents);

    // Signed with another secret; and a body changed after signing.
    const forged = gateway.pay(linkId, { paymentId: `pay_${pid}B1` });
    const wrongKey = gateway.sign(JSON.parse(forged.body), { secret: "not-the-secret" });
    expect((await gateway.deliver(wrongKey, webhook)).status).toBe(401);
    const tampered = { ...forged, body: forged.body.replace('"amount":1003000', '"amount":100') };
    expect((await gateway.deliver(tampered, webhook)).status).toBe(401);
    const unsigned = { ...forged, headers: { "Content-Type": "application/json" } };
    expect((await gateway.deliver(unsigned, webhook)).status).toBe(401);
    const refusedSignatures = (await db().select().from(gatewayEvents)).filter((e) => !before.some((b) => b.id === e.id));
    expect(refusedSignatures).toHaveLength(3);
    expect(refusedSignatures.every((e) => e.outcome === "refused" && e.reason === "Bad signature" && e.eventId === null)).toBe(true);

    // Signed correctly, but for an invoice we never issued.
    const ghost = { ...gateway.links.get(linkId)!, reference_id: "INV/2026-27/9999", notes: { invoice_number: "INV/2026-27/9999" } };
    const unknown = gateway.captured(ghost, `pay_${pid}B2`);
    const unknownAnswer = await gateway.deliver(unknown, webhook);
    expect(unknownAnswer.status).toBe(422);
    expect(await eventsFor(unknown.eventId)).toMatchObject([{ outcome: "refused", reason: expect.stringContaining("Unknown invoice INV/2026-27/9999: not recorded") as unknown }]);
    // Listed for the accounts staff on /admin/payments, with what was done.
    expect((await gatewayEventsToCheck(db(), 100)).rows.some((e) => e.outcome === "refused" && e.reason.startsWith("Unknown invoice INV/2026-27/9999"))).toBe(true);

    expect(await reload(invoice.id)).toMatchObject({ paidPaise: 0, status: "issued" });
    expect(await paymentsFor(invoice.id)).toHaveLength(0);
    expect((webhookLoader() as Response).status).toBe(405);
  });

  it("records a captured payment of another amount (issue 17): what fits goes to the invoice, the rest is the customer's credit, the accounts staff are alerted and the event is listed", async () => {
    // ₹1 paisa short: recorded and allocated, the invoice part paid, a paisa still due.
    const { invoice } = await openInvoice();
    await paymentLinkFor(invoice.id);
    const linkId = (await reload(invoice.id)).gatewayLinkId!;
    const short = gateway.captured(gateway.links.get(linkId)!, `pay_${pid}C1`, { amount: 10_02_999 });
    const shortAnswer = await gateway.deliver(short, webhook);
    expect(shortAnswer.status).toBe(200);
    expect(await shortAnswer.json()).toMatchObject({ outcome: "held" });
    expect(await reload(invoice.id)).toMatchObject({ paidPaise: 10_02_999, status: "partly_paid" });
    const [shortEvent] = await eventsFor(short.eventId);
    expect(shortEvent).toMatchObject({ outcome: "held", invoiceId: invoice.id });
    expect(shortEvent!.reason).toContain(`₹10,029.99 paid against ${invoice.number}, ₹10,029.99 allocated to it, the rest of the invoice still due`);

    // A paisa over (a second invoice): the invoice is paid, the paisa is held as the customer's credit.
    const { customer, invoice: other } = await openInvoice();
    await paymentLinkFor(other.id);
    const over = gateway.captured(gateway.links.get((await reload(other.id)).gatewayLinkId!)!, `pay_${pid}C2`, { amount: 10_03_001 });
    expect(await (await gateway.deliver(over, webhook)).json()).toMatchObject({ outcome: "held" });
    expect(await reload(other.id)).toMatchObject({ paidPaise: 10_03_000, status: "paid" });
    expect(await customerCredit(db(), customer.id)).toBe(1);
    // Paid again on the same (now settled) invoice: all of it is credit, nothing is lost.
    const twice = gateway.captured(gateway.links.get((await reload(other.id)).gatewayLinkId!)!, `pay_${pid}C3`, { amount: 10_03_000 });
    expect(await (await gateway.deliver(twice, webhook)).json()).toMatchObject({ outcome: "held" });
    expect(await customerCredit(db(), customer.id)).toBe(10_03_001);
    expect((await eventsFor(twice.eventId))[0]!.reason).toContain("which had nothing due, ₹10,030.00 held as the customer's credit");
    const totals = await moneyTotals(db(), customer.id);
    expect(totals.receivedPaise).toBe(totals.allocatedPaise + totals.creditPaise + totals.refundedPaise);

    // The accounts staff were told, in the app, and the events are on /admin/payments.
    const alerts = await db().select().from(staffNotifications).where(and(eq(staffNotifications.userId, accounts.userId), eq(staffNotifications.kind, "payment.attention")));
    expect(alerts.length).toBeGreaterThanOrEqual(3);
    const listed = (await gatewayEventsToCheck(db(), 100)).rows.filter((e) => e.outcome === "held").map((e) => e.invoiceNumber);
    expect(listed).toEqual(expect.arrayContaining([invoice.number, other.number]));
  });

  it("records one payment when the gateway delivers the same event twice at once", async () => {
    const { invoice } = await openInvoice();
    await paymentLinkFor(invoice.id);
    const hook = gateway.pay((await reload(invoice.id)).gatewayLinkId!);
    const answers = await Promise.all([gateway.deliver(hook, webhook), gateway.deliver(hook, webhook), gateway.deliver(hook, webhook)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const outcomes = await Promise.all(answers.map(async (a) => ((await a.json()) as { outcome: string }).outcome));
    expect(outcomes.filter((o) => o === "accepted")).toHaveLength(1);
    expect(await paymentsFor(invoice.id)).toHaveLength(1);
    expect(await reload(invoice.id)).toMatchObject({ paidPaise: 10_03_000, status: "paid" });
  });

  it("offers Pay online on the customer's signed invoice page, and the button goes to the gateway's link for what is due", async () => {
    const { invoice } = await openInvoice();
    const token = signLinkToken("invoice", invoice.id);
    const url = new URL(`http://localhost:3000/d/invoice/${token}`);
    const args = { params: { token }, url, request: new Request(url, { method: "POST" }), context: new RouterContextProvider() } as never;
    const page = (await invoicePageLoader(args)) as unknown as { data: { page: { payOnline: boolean } } };
    expect(page.data.page.payOnline).toBe(true);
    const answer = (await invoicePageAction(args)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe((await reload(invoice.id)).gatewayLinkUrl);
    expect(answer.headers.get("location")).toMatch(new RegExp(`^${gateway.url}/i/`));

    // Without a gateway the page offers UPI and the PDF only, and a stale button gets a message, not a 500.
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "g".repeat(40), DATA_DIR: storage }));
    try {
      const without = (await invoicePageLoader(args)) as unknown as { data: { page: { payOnline: boolean } } };
      expect(without.data.page.payOnline).toBe(false);
      const refused = (await invoicePageAction(args)) as unknown as { init: { status: number }; data: { payError: string } };
      expect(refused.init.status).toBe(503);
      expect(refused.data.payError).toMatch(/not possible just now/);
    } finally {
      setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "g".repeat(40), DATA_DIR: storage, ...gateway.env }));
    }
  });

  it("takes the gateway from the stored settings when the environment has none; its secrets are write-only", async () => {
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "g".repeat(40), DATA_DIR: storage }));
    try {
      expect(await effectiveGateway()).toBeUndefined();
      const change = integrationsForm.parse({ gatewayProvider: "razorpay", gatewayApiUrl: gateway.url, gatewayKeyId: gateway.keyId, gatewayKeySecret: gateway.keySecret, gatewayWebhookSecret: gateway.webhookSecret });
      const editing = await readSettingsForEditing();
      const saved = await saveSettingsGroup({ group: "integrations", expectedVersion: editing.versions.integrations, next: (current) => applyIntegrationsChange(current as Record<string, unknown>, change), actor: { userId: accounts.userId, label: "test", ipAddress: null } });
      expect(saved).toMatchObject({ ok: true });
      clearSettingsCache();
      expect(await effectiveGateway()).toEqual({ provider: "razorpay", apiUrl: gateway.url, keyId: gateway.keyId, keySecret: gateway.keySecret, webhookSecret: gateway.webhookSecret });
      const view = integrationsView((await readSettingsForEditing()).values.integrations);
      expect(view.secrets).toMatchObject({ gatewayKeySecret: true, gatewayWebhookSecret: true });
      expect(JSON.stringify(view)).not.toContain(gateway.keySecret);
      expect(JSON.stringify(view)).not.toContain(gateway.webhookSecret);
      const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, "settings.update"), eq(auditLog.entityId, "integrations")));
      expect(JSON.stringify(entry)).not.toContain(gateway.keySecret);
      expect(integrationsForm.safeParse({ gatewayProvider: "razorpay" }).error?.issues[0]).toMatchObject({ path: ["gatewayKeyId"] });
    } finally {
      setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "g".repeat(40), DATA_DIR: storage, ...gateway.env }));
    }
  });
});
