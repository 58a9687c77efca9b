import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSession } from "~/.server/auth/sessions.ts";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import {
  auditLog,
  benchEvents,
  benchJobs,
  customers,
  customerSites,
  equipmentUnits,
  outbox,
  quoteResponses,
  quotes,
  quoteVersions,
  requestEvents,
  serviceRequests,
  staffNotifications,
  users,
} from "~/.server/db/schema.ts";
import { DLT_TEMPLATES } from "~/.server/notifications/templates.ts";
import { createQuote, editDraft, reviseQuote, sendQuote } from "~/.server/quotes/changes.ts";
import { customerQuotes, listQuotes } from "~/.server/quotes/list.ts";
import { answerQuote, confirmLinkAnswer, startLinkAnswer } from "~/.server/quotes/respond.ts";
import { quoteToken } from "~/.server/quotes/shared.ts";
import { quoteForInvoice, signedQuote } from "~/.server/quotes/view.ts";
import { clearSettingsCache, getSiteSettings, seedSettings } from "~/.server/settings/index.ts";
import { editQuoteSchema, newQuoteSchema, quoteListSchema, STALE_QUOTE_MESSAGE, type QuoteSource } from "~/lib/forms/admin/quotes.ts";
import type { DocumentLine } from "~/lib/money/document.ts";
import { gstinChecksum } from "~/lib/settings-schema.ts";
import { action as recordAction, loader as recordLoader } from "~/routes/admin/quotes/quote.tsx";
import { loader as pdfLoader } from "~/routes/admin/quotes/pdf.ts";
import { middleware as listMiddleware } from "~/routes/admin/quotes/route.tsx";
import { action as newAction, loader as newLoader } from "~/routes/admin/quotes/new.tsx";
import { action as portalRouteAction, loader as portalRouteLoader } from "~/routes/customer/quote.tsx";
import { action as linkAction, loader as linkLoader } from "~/routes/documents/quote.tsx";
import { loader as linkPdfLoader } from "~/routes/documents/quote-pdf.ts";
import { inPortal } from "../support/portal.ts";
import { codeSentTo } from "../support/sms-capture.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, thrownStatus } from "../support/staff-routes.ts";

/**
 * Quotes (issue 11 §2): made from a request, a bench job or a customer; the place of supply and the tax split;
 * v1 kept when revised; sent by SMS with a signed link; answered in the portal or by the link with a one-time
 * code; expired and stale answers refused; one quote per form; approval moves the request or the bench job on.
 */

const SITE = "http://localhost:3000";
const portalLoader = inPortal("customer", portalRouteLoader);
const portalAction = inPortal("customer", portalRouteAction);

const gstin = (state: string) => {
  const first = `${state}AABCS1234K1Z`;
  return `${first}${gstinChecksum(first)}`;
};

const line = (over: Partial<DocumentLine> = {}): DocumentLine => ({
  kind: "service",
  productId: null,
  description: "Repair of ABB ACS580 7.5 kW drive",
  hsnSac: "998717",
  quantityMilli: 1000,
  unit: "job",
  ratePaise: 12_500_00,
  discountPaise: 0,
  gstRate: 18,
  ...over,
});

describeEachEngine("quotes", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), "quotes-test-"));
  const pid = String(process.pid % 1000).padStart(3, "0");
  let accounts: StaffMember;
  let counter = 0;
  let addressCounter = 0;
  const address = () => `198.51.${Number(pid) % 200}.${++addressCounter}`;

  beforeAll(async () => {
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "q".repeat(40), DATA_DIR: storage }));
    await seedSettings(db(), SITE);
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

  /** A customer with a site (and a GSTIN if given), and a request of theirs. */
  async function customerWithRequest(options: { gstin?: string; siteState?: string | null; status?: string; email?: string | null } = {}) {
    counter += 1;
    const n = String(counter).padStart(2, "0");
    const mobile = `+9196${pid}${String(10000 + counter).slice(-5)}`;
    const [c] = await db()
      .insert(customers)
      .values({ reference: `CU-2611-${pid}${n}`, mobile, name: `Ravi ${n}`, company: `Sri Venkateswara Pharma ${n}`, email: options.email === undefined ? `ravi${n}@example.in` : options.email, gstin: options.gstin ?? null })
      .returning();
    const [site] = await db()
      .insert(customerSites)
      .values({ customerId: c!.id, name: "Patancheru plant", address: "Plot 7, IDA Patancheru", city: "Sangareddy", pincode: "502319", stateCode: options.siteState === undefined ? "36" : options.siteState })
      .returning();
    const [r] = await db()
      .insert(serviceRequests)
      .values({
        reference: `SR-2611-${pid}${n}`,
        kind: "full",
        status: options.status ?? "contacted",
        contactName: c!.name,
        mobile,
        faultDescription: "Drive trips on overcurrent.",
        serviceSlug: "vfd-repair",
        serviceName: "VFD repair",
        equipmentBrand: "ABB",
        equipmentModel: "ACS580",
        urgency: "planned",
        consentVersion: "1",
        consentAt: new Date(),
        idempotencyKey: randomUUID(),
        customerId: c!.id,
        siteId: site!.id,
      })
      .returning();
    return { customer: c!, site: site!, request: r!, mobile };
  }

  const newInput = (over: Record<string, string> = {}) => newQuoteSchema.parse({ title: "Repair of ABB ACS580", terms: "50% advance.", idempotencyKey: randomUUID(), ...over });

  async function made(source: QuoteSource, lines = [line()], over: Record<string, string> = {}) {
    const result = await createQuote(accounts, source, newInput(over), lines);
    if (!result.ok) throw new Error(result.reason === "refused" ? result.message : result.reason);
    const [q] = await db().select().from(quotes).where(eq(quotes.reference, result.reference));
    return q!;
  }

  async function sent(source: QuoteSource, lines = [line()]) {
    const q = await made(source, lines);
    expect(await sendQuote(accounts, q.reference, { version: q.version })).toMatchObject({ ok: true });
    return (await db().select().from(quotes).where(eq(quotes.id, q.id)))[0]!;
  }

  const versionsOf = (quoteId: number) => db().select().from(quoteVersions).where(eq(quoteVersions.quoteId, quoteId)).orderBy(asc(quoteVersions.number));

  async function latestCode(mobile: string): Promise<string> {
    return codeSentTo(mobile, DLT_TEMPLATES.quoteApprovalCode.id);
  }

  it("makes a quote from a request (v1, a draft) for the request's customer and site, CGST + SGST in Telangana; one quote per form", async () => {
    const { customer, site, request } = await customerWithRequest({ gstin: gstin("36") });
    const input = newInput();
    const first = await createQuote(accounts, { kind: "request", reference: request.reference }, input, [line(), line({ kind: "part", description: "IGBT module", hsnSac: "85412900", ratePaise: 4_150_50, quantityMilli: 2000 })]);
    const again = await createQuote(accounts, { kind: "request", reference: request.reference }, input, [line()]);
    expect(first).toMatchObject({ ok: true });
    expect(again).toMatchObject({ ok: true, repeated: true, reference: (first as { reference: string }).reference });
    const [q] = await db().select().from(quotes).where(eq(quotes.requestId, request.id));
    expect(q).toMatchObject({ customerId: customer.id, siteId: site.id, status: "draft", currentVersion: 1, title: "Repair of ABB ACS580" });
    expect((await db().select().from(quotes).where(eq(quotes.requestId, request.id))).length).toBe(1);
    const [v1] = await versionsOf(q!.id);
    // 12,500 + 2 × 4,150.50 = 20,801.00 taxable; 18% each line, CGST = SGST = 9%.
    expect(v1).toMatchObject({ placeOfSupplyCode: "36", placeOfSupplyBasis: "recipient-gstin", taxablePaise: 20_801_00, taxPaise: 3_744_18 });
    expect(v1!.totalPaise).toBe(24_545_00);
    expect((v1!.lines as Array<{ cgstPaise: number; sgstPaise: number; igstPaise: number }>)[0]).toMatchObject({ cgstPaise: 1_125_00, sgstPaise: 1_125_00, igstPaise: 0 });
    expect(q!.totalPaise).toBe(24_545_00);
    const settings = await getSiteSettings();
    const days = (Date.parse(q!.validUntil) - Date.parse(new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10))) / 86_400_000;
    expect(days).toBe(settings.operations.quoteValidityDays);
    expect(await db().select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entityType, "quote"), eq(auditLog.entityId, String(q!.id))))).toEqual([{ action: "quote.create" }]);
  });

  it("takes the place of supply from the site without a GSTIN (IGST outside Telangana), and asks for the state when neither is known", async () => {
    const other = await customerWithRequest({ siteState: "27" });
    const q = await made({ kind: "request", reference: other.request.reference });
    const [v] = await versionsOf(q.id);
    expect(v).toMatchObject({ placeOfSupplyCode: "27", placeOfSupplyBasis: "recipient-address" });
    expect((v!.lines as Array<{ igstPaise: number; cgstPaise: number }>)[0]).toMatchObject({ igstPaise: 2_250_00, cgstPaise: 0 });

    // A GSTIN whose check character is wrong is not used: the customer is treated as unregistered.
    const valid = gstin("36");
    const unknown = await customerWithRequest({ siteState: null, gstin: `${valid.slice(0, 14)}${valid.endsWith("A") ? "B" : "A"}` });
    const refused = await createQuote(accounts, { kind: "request", reference: unknown.request.reference }, newInput(), [line()]);
    expect(refused).toMatchObject({ ok: false, field: "stateCode", message: expect.stringContaining("choose the customer's state") as unknown });
    const chosen = await made({ kind: "request", reference: unknown.request.reference }, [line()], { stateCode: "29" });
    expect((await versionsOf(chosen.id))[0]).toMatchObject({ placeOfSupplyCode: "29", recipient: expect.objectContaining({ gstin: null, stateName: "Karnataka" }) as unknown });
  });

  it("refuses bad lines beside their fields through the form, and adds lines without saving", async () => {
    const { request } = await customerWithRequest();
    const args = (body?: Record<string, string>) => routeArgs(`/admin/quotes/new?request=${request.reference}`, { staff: accounts, body, address: "203.0.113.8" });
    const page = (await newLoader(args())) as unknown as { page: { state: { rows: Array<{ hsnSac: string; rate: string }>; place: { code: string } } } };
    expect(page.page.state.rows[0]).toMatchObject({ hsnSac: "998717", rate: "" });
    expect(page.page.state.place).toMatchObject({ code: "36" });
    const body = {
      intent: "create",
      title: "Repair",
      terms: "",
      idempotencyKey: randomUUID(),
      "line-0-kind": "service",
      "line-0-description": "Repair",
      "line-0-hsnSac": "99AB",
      "line-0-quantity": "1",
      "line-0-unit": "job",
      "line-0-rate": "-5",
      "line-0-gstRate": "12",
      "line-1-kind": "service",
    };
    const bad = (await newAction(args(body))) as { data: { errors: Record<string, string>; values: Record<string, string>; rows: Array<Record<string, string>> }; init: { status: number } };
    expect(bad.init.status).toBe(400);
    // What was typed comes back: the header and the rows as typed.
    expect(bad.data.values).toMatchObject({ title: "Repair", terms: "" });
    expect(bad.data.rows[0]).toMatchObject({ hsnSac: "99AB", rate: "-5", gstRate: "12" });
    expect(bad.data.errors).toMatchObject({
      "line-0-hsnSac": "Enter the HSN or SAC code as 4, 6 or 8 digits",
      "line-0-rate": "The rate cannot be negative",
      "line-0-gstRate": "GST rate must be 0%, 5%, 18% or 40%",
    });
    const more = (await newAction(args({ ...body, intent: "add-lines" }))) as { data: { errors: Record<string, string>; extraRows: number; rows: unknown[] }; init: { status: number } };
    expect(more.init.status).toBe(200);
    expect(more.data).toMatchObject({ errors: {}, extraRows: 4, rows: [expect.objectContaining({ description: "Repair" })] });
    expect((await db().select().from(quotes).where(eq(quotes.requestId, request.id))).length).toBe(0);
    const done = (await newAction(args({ ...body, "line-0-hsnSac": "998717", "line-0-rate": "12,500", "line-0-gstRate": "18" }))) as Response;
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toMatch(/^\/admin\/quotes\/QT-\d{4}-\d{4}$/);
  });

  it("sends by SMS (valid signed token) and e-mail; revising keeps v1 as sent; a stale edit is refused", async () => {
    const { request, mobile, customer, site } = await customerWithRequest();
    const q = await sent({ kind: "request", reference: request.reference });
    expect(q).toMatchObject({ status: "sent", version: 2 });
    const [smsRow] = await db().select().from(outbox).where(and(eq(outbox.recipient, mobile), eq(outbox.template, DLT_TEMPLATES.quoteSent.id)));
    const token = /\/d\/quote\/(\S+)$/.exec(smsRow!.body)![1]!;
    expect(token).toBe(quoteToken(q.id, q.validUntil));
    expect(smsRow!.body).toContain(`quote ${q.reference} for Rs 14,750.00`);
    const opened = await signedQuote(token);
    expect(opened).toMatchObject({ ok: true, view: { kind: "quote", title: "Quotation", number: q.reference, version: 1, untilLabel: "Valid until" } });
    expect(await db().select({ subject: outbox.subject }).from(outbox).where(eq(outbox.recipient, customer.email!))).toEqual([{ subject: expect.stringContaining(q.reference) as unknown }]);
    // Sending twice is refused; the draft's in-place edit is no longer possible.
    expect(await sendQuote(accounts, q.reference, { version: q.version })).toMatchObject({ ok: false });
    expect(await editDraft(accounts, q.reference, editQuoteSchema.parse({ title: "x", version: String(q.version) }), [line()])).toMatchObject({ ok: false, message: expect.stringContaining("revise it") as unknown });

    expect(await reviseQuote(accounts, q.reference, { intent: "revise", version: q.version, reason: "OEM parts asked for" })).toMatchObject({ ok: true });
    expect(await reviseQuote(accounts, q.reference, { intent: "revise", version: q.version, reason: "again" })).toEqual({ ok: false, reason: "refused", field: "form", message: STALE_QUOTE_MESSAGE });
    const edited = await editDraft(accounts, q.reference, editQuoteSchema.parse({ title: "Repair with OEM parts", version: String(q.version + 1), site: String(site.id) }), [line({ ratePaise: 15_000_00 })]);
    expect(edited).toMatchObject({ ok: true });
    const [v1, v2] = await versionsOf(q.id);
    expect(v1).toMatchObject({ number: 1, totalPaise: 14_750_00 });
    expect(v2).toMatchObject({ number: 2, totalPaise: 17_700_00, revisionReason: "OEM parts asked for" });
    // While v2 is a draft the customer's link shows v1, marked as being revised.
    expect(await signedQuote(token)).toMatchObject({ ok: true, view: { version: 1, stamp: "Being revised" } });

    // A tampered or expired token is refused; a token for another kind of document too.
    expect(await signedQuote(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toEqual({ ok: false, problem: "tampered" });
    expect(await signedQuote(token, new Date(Date.now() + 400 * 86_400_000))).toEqual({ ok: false, problem: "expired" });
    const tampered = (await linkLoader({ params: { token: `${token}x` }, url: new URL(`${SITE}/d/quote/x`), request: new Request(`${SITE}/d/quote/x`) } as never)) as { init: { status: number } };
    expect(tampered.init.status).toBe(403);
    const pdf = (await linkPdfLoader({ params: { token } } as never)) as Response;
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("approves through the link only with the right code, records who, when and from where, and schedules the request", async () => {
    const { request, mobile } = await customerWithRequest({ status: "awaiting_customer" });
    const q = await sent({ kind: "request", reference: request.reference });
    const where = address();
    const answer = { decision: "approve" as const, comment: undefined, name: "Ravi Kumar", version: 1, idempotencyKey: randomUUID() };
    const started = await startLinkAnswer(q.id, answer, where);
    if (!started.ok) throw new Error(started.message);
    expect(started.sentTo).toMatch(/^\+91 ••••• ••\d{3}$/);
    const code = await latestCode(mobile);
    const wrong = await confirmLinkAnswer(q.id, { ...answer, challenge: started.challenge, code: code === "000000" ? "111111" : "000000" }, { address: where, userAgent: "Test/1" });
    expect(wrong).toMatchObject({ ok: false, field: "code" });
    expect((await db().select().from(quotes).where(eq(quotes.id, q.id)))[0]!.status).toBe("sent");
    // A code's challenge is bound to its quote: it opens no other.
    const other = await sent({ kind: "request", reference: (await customerWithRequest()).request.reference });
    expect(await confirmLinkAnswer(other.id, { ...answer, challenge: started.challenge, code }, { address: where, userAgent: "Test/1" })).toMatchObject({ ok: false, field: "form" });
    const right = await confirmLinkAnswer(q.id, { ...answer, challenge: started.challenge, code }, { address: where, userAgent: "Test/1" });
    expect(right).toEqual({ ok: true, decision: "approve" });
    // The same confirmation sent twice finds the first.
    expect(await confirmLinkAnswer(q.id, { ...answer, challenge: started.challenge, code }, { address: where, userAgent: "Test/1" })).toMatchObject({ ok: true, repeated: true });
    expect(await db().select().from(quoteResponses).where(eq(quoteResponses.quoteId, q.id))).toMatchObject([
      { decision: "approve", versionNumber: 1, respondentName: "Ravi Kumar", respondentMobile: mobile, via: "link", ipAddress: where, userAgent: "Test/1", userId: null },
    ]);
    expect((await db().select().from(quotes).where(eq(quotes.id, q.id)))[0]).toMatchObject({ status: "approved", approvedVersion: 1 });
    const [r] = await db().select().from(serviceRequests).where(eq(serviceRequests.id, request.id));
    expect(r).toMatchObject({ status: "scheduled", pausedAt: null });
    expect(await db().select({ status: requestEvents.status, note: requestEvents.note, internal: requestEvents.internal }).from(requestEvents).where(eq(requestEvents.requestId, request.id))).toEqual([
      { status: "scheduled", note: expect.stringContaining(`You approved quote ${q.reference}`) as unknown, internal: false },
    ]);
    // The office hears of it; the invoice can be made from the approved version.
    expect((await db().select({ subject: outbox.subject }).from(outbox).where(eq(outbox.template, "quote-answered"))).map((m) => m.subject)).toContain(`Quote ${q.reference} approved by Ravi Kumar`);
    // And a staff alert (issue 12 §3): accounts see it in the app, linking to the quote.
    expect(await db().select({ kind: staffNotifications.kind, title: staffNotifications.title, link: staffNotifications.link }).from(staffNotifications).where(eq(staffNotifications.dedupeKey, `quote:${q.reference}:v1:approve`))).toEqual([
      { kind: "quote.approved", title: `Quote ${q.reference} approved by Ravi Kumar`, link: `/admin/quotes/${q.reference}` },
    ]);
    expect(await quoteForInvoice(q.id)).toMatchObject({ reference: q.reference, version: 1, placeOfSupplyCode: "36", lines: [expect.objectContaining({ ratePaise: 12_500_00 })] });
    // Answered: a second answer is refused.
    expect(await answerQuote({ quoteId: q.id, version: 1, decision: "decline", respondent: { name: "x", mobile, userId: null }, via: "link", ipAddress: null, userAgent: null, idempotencyKey: randomUUID() })).toMatchObject({
      ok: false,
      message: "This quote has already been approved.",
    });
  });

  it("the link's two-step answer form through the page: a refusal keeps the answer beside its fields, the code step carries it, a wrong code stays there, and the code is never sent back", async () => {
    const { request, mobile } = await customerWithRequest({ status: "awaiting_customer" });
    const q = await sent({ kind: "request", reference: request.reference });
    const token = quoteToken(q.id, q.validUntil);
    const where = address();
    type Step = { data: { step: "start" | "code"; challenge?: string; sentTo?: string; errors: Record<string, string>; values: Record<string, string> }; init: { status: number } };
    const post = async (body: Record<string, string>) => (await linkAction(routeArgs(`${SITE}/d/quote/${token}`, { params: { token }, body, address: where }))) as Step | Response;
    const answer = { intent: "start", version: "1", idempotencyKey: randomUUID(), name: "Ravi Kumar", comment: "Please start on Monday." };

    const noDecision = (await post(answer)) as Step;
    expect(noDecision).toMatchObject({ init: { status: 400 }, data: { step: "start", errors: { decision: expect.any(String) as unknown }, values: { name: "Ravi Kumar", comment: "Please start on Monday.", version: "1" } } });
    const expired = (await post({ ...answer, decision: "approve", idempotencyKey: "not-a-key" })) as Step;
    expect(expired).toMatchObject({ init: { status: 400 }, data: { step: "start", errors: { form: "This form has expired. Please reload the page and try again." } } });

    const codeStep = (await post({ ...answer, decision: "approve" })) as Step;
    expect(codeStep).toMatchObject({ init: { status: 200 }, data: { step: "code", errors: {}, sentTo: expect.stringMatching(/^\+91 ••••• ••\d{3}$/) as unknown, values: { decision: "approve", name: "Ravi Kumar", version: "1" } } });
    // The code step's hidden fields are exactly the answer's: no second intent, no code.
    expect(Object.keys(codeStep.data.values).sort()).toEqual(["comment", "decision", "idempotencyKey", "name", "version"]);
    const challenge = codeStep.data.challenge!;
    const code = await latestCode(mobile);
    const confirm = { ...answer, decision: "approve", intent: "confirm", challenge };

    const wrong = (await post({ ...confirm, code: code === "000000" ? "111111" : "000000" })) as Step;
    expect(wrong).toMatchObject({ init: { status: 400 }, data: { step: "code", challenge, errors: { code: expect.any(String) as unknown } } });
    expect(wrong.data.values).not.toHaveProperty("code");
    const noCode = (await post({ ...confirm, code: "" })) as Step;
    expect(noCode).toMatchObject({ init: { status: 400 }, data: { step: "code", challenge, errors: { code: expect.any(String) as unknown } } });
    // A form without its challenge starts again, with the message at the top of the form.
    expect(await post({ ...confirm, challenge: "", code })).toMatchObject({ init: { status: 400 }, data: { step: "start", errors: { form: expect.any(String) as unknown } } });
    expect((await db().select().from(quotes).where(eq(quotes.id, q.id)))[0]!.status).toBe("sent");

    const right = (await post({ ...confirm, code })) as Response;
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe(`/d/quote/${token}?answered=approve`);
  });

  it("answers in the portal for the signed-in customer; another customer's quote is 404; changes asked and decline; expired and stale answers refused", async () => {
    const mine = await customerWithRequest();
    const user = await upsertUserWithRole(mine.mobile, "customer", db(), mine.customer.name);
    await db().update(customers).set({ userId: user.id }).where(eq(customers.id, mine.customer.id));
    const url = new URL(SITE);
    const cookie = (await startSession({ userId: user.id, role: "customer", method: "otp", request: new Request(url), url, address: "203.0.113.9" })).split(";")[0]!;
    const q = await sent({ kind: "request", reference: mine.request.reference });
    const someoneElse = await sent({ kind: "request", reference: (await customerWithRequest()).request.reference });
    const args = (reference: string, body?: Record<string, string>) =>
      routeArgs(`${SITE}/customer/quotes/${reference}`, { params: { reference }, body, headers: body ? { cookie, "user-agent": "Phone/2" } : { cookie } });
    expect(await thrownStatus(portalLoader(args(someoneElse.reference)))).toBe(404);
    expect(await thrownStatus(portalAction(args(someoneElse.reference, { decision: "approve", version: "1", idempotencyKey: randomUUID() })))).toBe(404);
    const page = (await portalLoader(args(q.reference))) as { answerable: boolean; view: { number: string } };
    expect(page).toMatchObject({ answerable: true, view: { number: q.reference } });
    expect(await customerQuotes(mine.customer.id)).toMatchObject([{ reference: q.reference, status: "sent", awaitingAnswer: true, totalPaise: 14_750_00, href: `/customer/quotes/${q.reference}` }]);

    const noComment = (await portalAction(args(q.reference, { decision: "changes", version: "1", idempotencyKey: randomUUID() }))) as { data: { errors: Record<string, string> }; init: { status: number } };
    expect(noComment).toMatchObject({ init: { status: 400 }, data: { errors: { comment: "Say what you would like changed." } } });
    const changes = (await portalAction(args(q.reference, { decision: "changes", comment: "Please quote OEM IGBTs", version: "1", idempotencyKey: randomUUID() }))) as Response;
    expect(changes.status).toBe(303);
    expect((await db().select().from(quotes).where(eq(quotes.id, q.id)))[0]).toMatchObject({ status: "changes_requested" });
    expect(await db().select().from(quoteResponses).where(eq(quoteResponses.quoteId, q.id))).toMatchObject([{ decision: "changes", comment: "Please quote OEM IGBTs", via: "portal", userId: user.id, userAgent: "Phone/2" }]);

    // The office revises and sends v2: an answer to v1 is refused as stale.
    const fresh = (await db().select().from(quotes).where(eq(quotes.id, q.id)))[0]!;
    await reviseQuote(accounts, q.reference, { intent: "revise", version: fresh.version, reason: "OEM IGBTs" });
    await sendQuote(accounts, q.reference, { version: fresh.version + 1 });
    const stale = (await portalAction(args(q.reference, { decision: "approve", version: "1", idempotencyKey: randomUUID() }))) as { data: { errors: Record<string, string> } };
    expect(stale.data.errors.form).toContain("A newer version of this quote (v2)");
    // Past its validity it reads as expired, and cannot be approved.
    const validUntil = (await db().select().from(quotes).where(eq(quotes.id, q.id)))[0]!.validUntil;
    const later = new Date(`${validUntil}T12:00:00+05:30`);
    later.setUTCDate(later.getUTCDate() + 1);
    expect(await answerQuote({ quoteId: q.id, version: 2, decision: "approve", respondent: { name: "R", mobile: mine.mobile, userId: user.id }, via: "portal", ipAddress: null, userAgent: null, idempotencyKey: randomUUID() }, later)).toMatchObject({
      ok: false,
      message: expect.stringContaining("This quote expired on") as unknown,
    });
    expect((await listQuotes(quoteListSchema.parse({ show: "expired", q: q.reference }), undefined, 50, later)).rows.map((r) => r.reference)).toEqual([q.reference]);
    const declined = (await portalAction(args(q.reference, { decision: "decline", version: "2", idempotencyKey: randomUUID() }))) as Response;
    expect(declined.headers.get("location")).toBe(`/customer/quotes/${q.reference}?answered=decline`);
    expect((await db().select().from(quotes).where(eq(quotes.id, q.id)))[0]).toMatchObject({ status: "declined", approvedVersion: null });
    expect((await customerQuotes(mine.customer.id))[0]).toMatchObject({ status: "declined", totalPaise: 14_750_00, awaitingAnswer: false });
  });

  it("makes a quote from a bench job's diagnosis; approval moves the unit from estimate to repair", async () => {
    const { customer, request } = await customerWithRequest({ status: "in_progress" });
    const [unit] = await db().insert(equipmentUnits).values({ customerId: customer.id, kind: "VFD", make: "ABB", model: "ACS580", serialNumber: `SN-${pid}-${counter}` }).returning();
    const [job] = await db()
      .insert(benchJobs)
      .values({ jobCard: `JC-2611-${pid}${counter}`, requestId: request.id, unitId: unit!.id, stage: "estimate", faultReported: "Trips", conditionOnArrival: "Fine", diagnosis: "Failed IGBT module", estimatePaise: 18_000_00 })
      .returning();
    const args = () => routeArgs(`/admin/quotes/new?bench=${job!.jobCard}`, { staff: accounts, address: null });
    const page = (await newLoader(args())) as unknown as { page: { state: { rows: Array<{ description: string; rate: string }>; values: { title: string } } } };
    expect(page.page.state.rows[0]).toMatchObject({ rate: "18000", description: expect.stringContaining("Failed IGBT module") as unknown });
    expect(page.page.state.values.title).toBe("Repair of ABB ACS580");
    const q = await sent({ kind: "bench", reference: job!.jobCard }, [line({ ratePaise: 18_000_00 })]);
    expect(q.benchJobId).toBe(job!.id);
    expect(await answerQuote({ quoteId: q.id, version: 1, decision: "approve", respondent: { name: "Ravi", mobile: null, userId: null }, via: "portal", ipAddress: "203.0.113.2", userAgent: null, idempotencyKey: randomUUID() })).toEqual({ ok: true, decision: "approve" });
    expect((await db().select().from(benchJobs).where(eq(benchJobs.id, job!.id)))[0]).toMatchObject({ stage: "repair", version: 2 });
    expect(await db().select({ stage: benchEvents.stage, note: benchEvents.note }).from(benchEvents).where(eq(benchEvents.benchJobId, job!.id))).toEqual([
      { stage: "repair", note: `You approved quote ${q.reference}: the repair goes ahead.` },
    ]);
    // The request is not "scheduled" by a bench approval: the bench carries it.
    expect((await db().select().from(serviceRequests).where(eq(serviceRequests.id, request.id)))[0]!.status).toBe("in_progress");
  });

  it("record page: versions readable, send and revise through the form, PDF; list tabs, search and CSV", async () => {
    const { customer } = await customerWithRequest();
    const q = await made({ kind: "customer", reference: customer.reference });
    const args = (p: string, params: Record<string, string>, body?: Record<string, string>) => routeArgs(p, { staff: accounts, params, body, address: "203.0.113.8" });
    const base = `/admin/quotes/${q.reference}`;
    const params = { reference: q.reference };
    const draft = (await recordLoader(args(base, params))) as { quote: { state: string; version: number }; edit: { state: { rows: unknown[] } } | null };
    expect(draft).toMatchObject({ quote: { state: "draft", version: 1 }, edit: { state: { rows: [expect.anything()] } } });
    const send = (await recordAction(args(base, params, { intent: "send", version: "1" }))) as Response;
    expect(send.status).toBe(303);
    const staleSend = (await recordAction(args(base, params, { intent: "send", version: "1" }))) as { data: { errors: Record<string, string> }; init: { status: number } };
    expect(staleSend).toMatchObject({ init: { status: 400 }, data: { errors: { form: STALE_QUOTE_MESSAGE } } });
    const noReason = (await recordAction(args(base, params, { intent: "revise", version: "2" }))) as { data: { errors: Record<string, string> }; init: { status: number } };
    expect(noReason.data.errors.reason).toMatch(/Say why/);
    expect(((await recordAction(args(base, params, { intent: "revise", version: "2", reason: "New price" }))) as Response).status).toBe(303);
    const v2 = (await recordLoader(args(base, params))) as { number: number; versions: unknown[]; view: { version: number; stamp: string } };
    expect(v2).toMatchObject({ number: 2, versions: [expect.anything(), expect.anything()], view: { version: 2, stamp: "Draft" } });
    const v1 = (await recordLoader(args(`${base}?v=1`, params))) as { number: number; view: { version: number; stamp: string }; edit: unknown };
    expect(v1).toMatchObject({ number: 1, view: { version: 1, stamp: "Superseded by v2" }, edit: null });
    const pdf = (await pdfLoader(args(`${base}/pdf?v=1`, params))) as Response;
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(await thrownStatus(recordLoader(args("/admin/quotes/QT-2611-99999", { reference: "QT-2611-99999" })))).toBe(404);

    const page = await listQuotes(quoteListSchema.parse({ q: customer.reference }), undefined);
    expect(page.counts).toMatchObject({ all: 1, draft: 1, sent: 0 });
    expect(page.rows).toMatchObject([{ reference: q.reference, state: "draft", version: 2, totalPaise: 14_750_00 }]);
    const csv = (await listMiddleware[0]!(args(`/admin/quotes?q=${customer.reference}&format=csv`, {}), () => Promise.reject(new Error("answered by the middleware")))) as Response;
    const text = await csv.text();
    expect(text).toContain(`${q.reference},2,Repair of ABB ACS580,${customer.reference}`);
    expect(text).toContain(",Draft,14750.00,");
  });
});
