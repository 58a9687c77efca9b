import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, expect, it } from "vitest";
import { clearContentCache, seedContent } from "~/.server/content/index.ts";
import { eraseCustomer } from "~/.server/customers/personal-data.ts";
import { auditLog, customers, feedback, invoices, liveEvents, quotes, quoteVersions, serviceRequests, staffNotifications, users } from "~/.server/db/schema.ts";
import { signedPath } from "~/.server/links/signed.ts";
import { seedDemo } from "~/.server/demo/seed-demo.ts";
import { seedSettings } from "~/.server/settings/index.ts";
import { middleware as rootMiddleware } from "~/root.tsx";
import { findInDatabase, type Finding } from "../support/database-text.ts";
import { describeEachEngine } from "../support/test-databases.ts";

/**
 * Issue 17 §1: erasure left personal data behind (a rating's display name with its publish consent, the
 * mobile in the retained invoice copy, the GSTIN in old audit values, names in staff notifications and live
 * events). After erasure, a search of every table for the customer's mobile number (in every stored format)
 * and name finds only what the tax law keeps: the name and GSTIN printed on their invoices and credit notes.
 */

/** The only places the customer's details may remain after erasure, and which details (CGST Act s.36). */
const TAX_RETAINED: ReadonlyArray<{ table: string; column: string; what: ReadonlyArray<"name" | "gstin" | "address"> }> = [
  // The invoice's or credit note's recipient as printed on it: billing name, GSTIN, billing address.
  { table: "invoices", column: "recipient", what: ["name", "gstin", "address"] },
];

describeEachEngine("erasure", (database) => {
  const db = () => database().handle.db;

  /** The references of a customer's records: requests, quotes, invoices, tickets and the customer's own. */
  async function referencesOf(customerId: number): Promise<Set<string>> {
    const rows = await db().execute(sql`
      select reference as r from customers where id = ${customerId}
      union all select reference from service_requests where customer_id = ${customerId}
      union all select reference from quotes where customer_id = ${customerId}
      union all select number from invoices where customer_id = ${customerId}
      union all select reference from tickets where customer_id = ${customerId}`);
    return new Set((rows as unknown as { rows: Array<{ r: string }> }).rows.map((x) => x.r));
  }
  async function allReferences(): Promise<string[]> {
    const rows = await db().execute(sql`
      select reference as r from customers union all select reference from service_requests
      union all select reference from quotes union all select number from invoices union all select reference from tickets`);
    return (rows as unknown as { rows: Array<{ r: string }> }).rows.map((x) => x.r);
  }

  beforeAll(async () => {
    await seedSettings(db(), "http://localhost:3000");
    await seedContent(db());
    clearContentCache();
    process.env.STORAGE_DIR ??= database().location;
    await seedDemo(new Date("2026-11-24T06:00:00Z"));
  });

  it("leaves the customer's mobile and name nowhere in the database but the tax-retained invoice fields", async () => {
    // A demo customer with an issued invoice, a GSTIN and a rating given with consent to publish it.
    const [pick] = await db()
      .select({ id: customers.id, name: customers.name, mobile: customers.mobile, gstin: customers.gstin, email: customers.email })
      .from(customers)
      .innerJoin(invoices, eq(invoices.customerId, customers.id))
      .innerJoin(feedback, eq(feedback.customerId, customers.id))
      .where(
        and(
          isNotNull(customers.gstin),
          isNotNull(customers.mobile),
          eq(feedback.publishConsent, true),
        ),
      )
      .limit(1);
    expect(pick, "the demo has a customer with an invoice, a GSTIN and a rating to publish").toBeDefined();
    const customer = pick!;
    const mobile = customer.mobile!;
    const national = mobile.slice(3);
    const needles = {
      mobile: [national, `${national.slice(0, 5)} ${national.slice(5)}`],
      name: [customer.name],
      gstin: [customer.gstin!],
    };
    const before = await findInDatabase(db(), [...needles.mobile, ...needles.name]);
    expect(before.length, "the customer's details are stored before erasure").toBeGreaterThan(0);

    const [owner] = await db().select({ id: users.id }).from(users).where(eq(users.staffRole, "owner")).limit(1);

    // Issue 17: erasure replaced the name in every row's text, another customer's included, and inside longer
    // words. Another customer's records that merely quote the same name (a notification about their request,
    // an audit value of their quote, a live event, their quote's recipient) must not change; in the erased
    // customer's own texts the name goes as a whole word only (a contact "Ravi" leaves the engineer Ravindra).
    const [theirRequest] = await db().select({ id: serviceRequests.id, reference: serviceRequests.reference }).from(serviceRequests).where(eq(serviceRequests.customerId, customer.id)).limit(1);
    const [otherRequest] = await db()
      .select({ id: serviceRequests.id, reference: serviceRequests.reference, customerId: serviceRequests.customerId })
      .from(serviceRequests)
      .where(and(isNotNull(serviceRequests.customerId), ne(serviceRequests.customerId, customer.id), ne(serviceRequests.mobile, mobile)))
      .limit(1);
    const [otherQuote] = await db().select({ id: quotes.id, reference: quotes.reference }).from(quotes).where(ne(quotes.customerId, customer.id)).limit(1);
    expect(theirRequest && otherRequest && otherQuote, "the demo has a request of theirs, and another customer's request and quote").toBeTruthy();
    await db().update(serviceRequests).set({ contactName: "Ravi" }).where(eq(serviceRequests.id, theirRequest!.id));
    const [ownNote] = await db()
      .insert(staffNotifications)
      .values({ userId: owner!.id, kind: "request.new", title: `Ravi called about ${theirRequest!.reference}`, body: `${customer.name} asked for news; Ravindra Rao is on the way.`, link: `/admin/service-requests/${theirRequest!.reference}`, dedupeKey: "test:own-note" })
      .returning();
    const [otherNote] = await db()
      .insert(staffNotifications)
      .values({ userId: owner!.id, kind: "request.new", title: `New request ${otherRequest!.reference} from ${customer.name}`, body: `Ravi (${customer.name}) called.`, link: `/admin/service-requests/${otherRequest!.reference}`, dedupeKey: "test:other-note" })
      .returning();
    const [otherAudit] = await db()
      .insert(auditLog)
      .values({ actorLabel: "Owner", action: "quote.update", entityType: "quote", entityId: String(otherQuote!.id), entityLabel: `${otherQuote!.reference} for ${customer.name}`, after: { recipient: { name: customer.name, contact: "Ravi" } } })
      .returning();
    const [otherEvent] = await db()
      .insert(liveEvents)
      .values({ audience: "staff:requests", kind: "notification", data: { title: `New request ${otherRequest!.reference} from ${customer.name}`, link: `/admin/service-requests/${otherRequest!.reference}` } })
      .returning();
    await db().update(quoteVersions).set({ recipient: sql`${quoteVersions.recipient} || jsonb_build_object('name', ${customer.name}::text)` }).where(eq(quoteVersions.quoteId, otherQuote!.id));
    const othersBefore = {
      note: otherNote,
      audit: otherAudit,
      event: otherEvent,
      versions: await db().select().from(quoteVersions).where(eq(quoteVersions.quoteId, otherQuote!.id)).orderBy(quoteVersions.id),
    };

    expect(await eraseCustomer(db(), customer.id, { userId: owner!.id, label: "Owner", ipAddress: null })).toMatchObject({ ok: true });

    const allowed = (finding: Finding, what: "name" | "gstin" | "address") =>
      TAX_RETAINED.some((r) => r.table === finding.table && r.column === finding.column && r.what.includes(what));
    // The demo gives one plant's contact name to several customer records (each its own customer): a name
    // found in another customer's row, or in a text about another customer's request, quote or ticket only,
    // is theirs.
    const theirs = await referencesOf(customer.id);
    const othersReferences = (await allReferences()).filter((r) => !theirs.has(r));
    const requestOwner = new Map(
      (await db().select({ id: serviceRequests.id, customerId: serviceRequests.customerId }).from(serviceRequests)).map((r) => [r.id, r.customerId]),
    );
    const quoteOwner = new Map((await db().select({ id: quotes.id, customerId: quotes.customerId }).from(quotes)).map((q) => [q.id, q.customerId]));
    const someoneElses = (f: Finding) => {
      const ownerId =
        f.table === "customers"
          ? f.row.id
          : f.row.customer_id !== undefined
            ? f.row.customer_id
            : f.row.request_id !== undefined
              ? requestOwner.get(f.row.request_id as number)
              : f.row.quote_id !== undefined
                ? quoteOwner.get(f.row.quote_id as number)
                : undefined;
      if (typeof ownerId === "number") return ownerId !== customer.id;
      if (f.table === "audit_log" && f.row.entity_type === "quote") return quoteOwner.get(Number(f.row.entity_id)) !== customer.id;
      if (f.table === "audit_log" && f.row.entity_type === "request") return requestOwner.get(Number(f.row.entity_id)) !== customer.id;
      // A text about a record: its reference anywhere in the row (a notification's link, an audit entry's label).
      const row = JSON.stringify(f.row);
      return othersReferences.some((r) => row.includes(r)) && ![...theirs].some((r) => row.includes(r));
    };
    const left = {
      mobile: (await findInDatabase(db(), needles.mobile)).map((f) => `${f.table}.${f.column}: ${f.excerpt}`),
      name: (await findInDatabase(db(), needles.name)).filter((f) => !allowed(f, "name") && !someoneElses(f)).map((f) => `${f.table}.${f.column}: ${f.excerpt}`),
      gstin: (await findInDatabase(db(), needles.gstin)).filter((f) => !allowed(f, "gstin")).map((f) => `${f.table}.${f.column}: ${f.excerpt}`),
    };
    expect(left).toEqual({ mobile: [], name: [], gstin: [] });
    const [ownNoteAfter] = await db().select().from(staffNotifications).where(eq(staffNotifications.id, ownNote!.id));
    expect(ownNoteAfter).toMatchObject({ title: `[erased] called about ${theirRequest!.reference}`, body: "[erased] asked for news; Ravindra Rao is on the way." });
    expect({
      note: (await db().select().from(staffNotifications).where(eq(staffNotifications.id, otherNote!.id)))[0],
      audit: (await db().select().from(auditLog).where(eq(auditLog.id, otherAudit!.id)))[0],
      event: (await db().select().from(liveEvents).where(eq(liveEvents.id, otherEvent!.id)))[0],
      versions: await db().select().from(quoteVersions).where(eq(quoteVersions.quoteId, otherQuote!.id)).orderBy(quoteVersions.id),
    }).toEqual(othersBefore);
    // The rating stays (it is about the work), but can never be published under their name.
    const ratings = await db().select().from(feedback).where(eq(feedback.customerId, customer.id));
    expect(ratings.length).toBeGreaterThan(0);
    for (const r of ratings) expect(r).toMatchObject({ displayName: null, publishConsent: false });
    expect(ratings.every((r) => r.publishStatus !== "published")).toBe(true);
    // The invoice keeps the billing name and GSTIN the law requires.
    const kept = await db().select({ recipient: invoices.recipient }).from(invoices).where(eq(invoices.customerId, customer.id));
    expect(kept.length).toBeGreaterThan(0);
    expect(JSON.stringify(kept)).toContain(customer.gstin!);

    // Every signed link of theirs answers 410 Gone; another customer's still opens.
    const gone = async (path: string) => {
      const url = new URL(path, "http://localhost:3000");
      let passed = false;
      const args = { request: new Request(url), url, params: {}, context: new RouterContextProvider() } as never;
      // The root's whole middleware chain, in its order (the erased-link check is one of several).
      const run = async (i: number): Promise<Response> => {
        if (i === rootMiddleware.length) {
          passed = true;
          return new Response("page");
        }
        return (await rootMiddleware[i]!(args, (() => run(i + 1)) as never)) as Response;
      };
      const answer = await run(0);
      return passed ? 200 : answer.status;
    };
    const [invoice] = await db().select({ id: invoices.id }).from(invoices).where(eq(invoices.customerId, customer.id)).limit(1);
    const [rating] = await db().select({ id: feedback.id }).from(feedback).where(eq(feedback.customerId, customer.id)).limit(1);
    const [quote] = await db().select({ id: quotes.id }).from(quotes).where(eq(quotes.customerId, customer.id)).limit(1);
    const links = [signedPath("invoice", invoice!.id), signedPath("invoice", invoice!.id, { suffix: "/pdf" }), signedPath("feedback", rating!.id), signedPath("optout", customer.id)];
    if (quote) links.push(signedPath("quote", quote.id), signedPath("quote", quote.id, { suffix: "/pdf" }));
    for (const link of links) expect(await gone(link), link).toBe(410);
    const [otherInvoice] = await db().select({ id: invoices.id }).from(invoices).where(ne(invoices.customerId, customer.id)).limit(1);
    expect(await gone(signedPath("invoice", otherInvoice!.id))).toBe(200);
  });
});
