import { randomUUID } from "node:crypto";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { clearContentCache, seedContent } from "~/.server/content/index.ts";
import { customers, liveEvents, outbox, serviceRequests, staffNotifications, users } from "~/.server/db/schema.ts";
import { deliverDueMessages, deliveriesSettled } from "~/.server/notifications/index.ts";
import { submitServiceRequest } from "~/.server/requests/index.ts";
import { RESPONSE_ESCALATION_JOB, RESPONSE_OVERDUE_JOB } from "~/.server/requests/escalation.ts";
import { REQUESTS_RECEIVED_JOB } from "~/.server/requests/follow-up.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { serviceRequestSchema } from "~/lib/forms/service-request.ts";
import { describeEachEngine } from "../support/test-databases.ts";

/**
 * Issue 17 §8: what a submission sets off (the customer record, the staff alerts, the live events, the
 * response-promise jobs, the messages) is written set-based: the requests, customers and messages inside the
 * one group commit, the alerts, jobs and live events by the batch's follow-up job right after it (ADR 011). Each
 * still happens exactly once per request, however many requests share the batch and however often a form is sent.
 */
describeEachEngine("a submission's follow-on work", (database) => {
  const db = () => database().handle.db;
  let staffIds: number[] = [];

  beforeAll(async () => {
    await seedSettings(db(), "http://localhost:3000");
    await seedContent(db());
    clearContentCache();
    clearSettingsCache();
    const owner = await upsertUserWithRole("+919811100001", "admin", db(), "Owner");
    const office = await upsertUserWithRole("+919811100002", "admin", db(), "Office");
    await db().update(users).set({ staffRole: "owner" }).where(eq(users.id, owner.id));
    await db().update(users).set({ staffRole: "office" }).where(eq(users.id, office.id));
    staffIds = [owner.id, office.id];
  });

  const form = (key: string, mobile: string, urgency: "emergency" | "within_24h" | "planned") =>
    serviceRequestSchema.parse({
      contactName: "Lakshmi Reddy",
      mobile,
      siteAddress: "Plot 7, IDA Patancheru",
      city: "Hyderabad",
      service: "plc-repair--programming",
      faultDescription: "Drive trips on overcurrent at start-up",
      urgency,
      consent: "yes",
      idempotencyKey: key,
    });

  it("a burst, each form sent three times at once: one request, one customer, one alert per person, one live event, a warning and an overdue job and three messages each", async () => {
    const keys = Array.from({ length: 20 }, () => randomUUID());
    const mobile = (i: number) => `96000${String(i).padStart(5, "0")}`;
    const urgency = (i: number) => (i % 3 === 0 ? "emergency" : i % 3 === 1 ? "within_24h" : "planned");
    const forms = keys.flatMap((key, i) => [form(key, mobile(i), urgency(i)), form(key, mobile(i), urgency(i)), form(key, mobile(i), urgency(i))]);
    const answers = await Promise.all(forms.map((f) => submitServiceRequest(f, [])));
    await deliveriesSettled();

    expect(answers.filter((a) => a.created)).toHaveLength(20);
    const references = [...new Set(answers.map((a) => a.reference))];
    expect(references).toHaveLength(20);

    const requests = await db()
      .select({ id: serviceRequests.id, reference: serviceRequests.reference, customerId: serviceRequests.customerId, mobile: serviceRequests.mobile, due: serviceRequests.responseDueAt })
      .from(serviceRequests)
      .where(inArray(serviceRequests.reference, references));
    expect(requests).toHaveLength(20);
    // Stored already linked to its customer: one record per mobile number.
    const records = await db().select({ id: customers.id, mobile: customers.mobile }).from(customers).where(like(customers.mobile, "+9196000%"));
    expect(records).toHaveLength(20);
    for (const r of requests) {
      expect(r.customerId).toBe(records.find((c) => c.mobile === r.mobile)?.id);
      expect(r.due).not.toBeNull();
    }

    const urgencyOf = new Map(answers.map((a, n) => [a.reference, urgency(Math.floor(n / 3))]));
    for (const reference of references) {
      // The bell: one alert per staff member who works requests (owner and office), no more.
      const alerts = await db()
        .select({ userId: staffNotifications.userId })
        .from(staffNotifications)
        .where(eq(staffNotifications.dedupeKey, `request:${reference}:new`));
      expect(alerts.map((a) => a.userId).sort()).toEqual([...staffIds].sort());
      // Messages: the customer's SMS, and the business's SMS and e-mail, each once, all sent; and for an
      // emergency the owner's own alert by SMS (their default), once.
      const messages = await db()
        .select({ channel: outbox.channel, status: outbox.status, key: outbox.dedupeKey })
        .from(outbox)
        .where(and(like(outbox.dedupeKey, `request:${reference}:%`), sql`${outbox.channel} <> 'job'`));
      expect(messages.filter((m) => !m.key.startsWith(`request:${reference}:new:`)).map((m) => m.channel).sort()).toEqual(["email", "sms", "sms"]);
      expect(messages.filter((m) => m.key.startsWith(`request:${reference}:new:`)).map((m) => m.key)).toEqual(
        urgencyOf.get(reference) === "emergency" ? [`request:${reference}:new:sms:+919811100001`] : [],
      );
      expect(messages.every((m) => m.status === "sent")).toBe(true);
    }

    // Each request is named by one warning and one overdue alert, due at its promise; the jobs are booked per
    // promise time, not per request (ADR 071): the burst's three urgencies share a few of them.
    const jobs = await db()
      .select({ template: outbox.template, variables: outbox.variables, runAt: outbox.nextAttemptAt })
      .from(outbox)
      .where(and(eq(outbox.channel, "job"), inArray(outbox.template, [RESPONSE_ESCALATION_JOB, RESPONSE_OVERDUE_JOB])));
    for (const r of requests) {
      const mine = jobs.filter((j) => (j.variables as { requestIds?: number[] }).requestIds?.includes(r.id));
      expect(mine.map((j) => j.template).sort()).toEqual([RESPONSE_ESCALATION_JOB, RESPONSE_OVERDUE_JOB].sort());
      expect(mine.find((j) => j.template === RESPONSE_OVERDUE_JOB)?.runAt?.getTime()).toBe(r.due!.getTime());
    }
    expect(jobs.length).toBeLessThan(2 * requests.length);

    // Live: one "request.created" for the office and one for the customer's portal, per request.
    const events = await db()
      .select({ audience: liveEvents.audience, data: liveEvents.data })
      .from(liveEvents)
      .where(eq(liveEvents.kind, "request.created"));
    for (const r of requests) {
      const mine = events.filter((e) => (e.data as { reference?: string }).reference === r.reference).map((e) => e.audience);
      expect(mine.sort()).toEqual([`customer:${r.customerId}`, "staff:requests"].sort());
    }
    // And each staff member's bell was told, in one event per batch that carries every new alert's id.
    const bells = await db()
      .select({ audience: liveEvents.audience, data: liveEvents.data })
      .from(liveEvents)
      .where(eq(liveEvents.kind, "notification"));
    for (const id of staffIds) {
      const told = bells.filter((b) => b.audience === `user:${id}`).flatMap((b) => (b.data as { ids: number[] }).ids);
      const rows = await db().select({ id: staffNotifications.id }).from(staffNotifications).where(eq(staffNotifications.userId, id));
      expect(told.sort((a, b) => a - b)).toEqual(rows.map((r) => r.id).sort((a, b) => a - b));
    }

    // Sent again later: nothing new anywhere.
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(outbox);
    const again = await submitServiceRequest(form(keys[0]!, mobile(0), urgency(0)), []);
    expect(again.created).toBe(false);
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(outbox);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("the follow-up is stored with the requests: a server that stops before running it leaves it to the worker, which adds nothing twice", async () => {
    const { reference } = await submitServiceRequest(form(randomUUID(), "9600099001", "emergency"), []);
    await deliveriesSettled();
    const [request] = await db().select({ id: serviceRequests.id }).from(serviceRequests).where(eq(serviceRequests.reference, reference));
    // One job for the batch, written by the batch's own transaction, and done.
    const [job] = await db().select().from(outbox).where(eq(outbox.dedupeKey, `job:${REQUESTS_RECEIVED_JOB}:${request!.id}`));
    expect(job).toMatchObject({ channel: "job", template: REQUESTS_RECEIVED_JOB, status: "sent", variables: { requestIds: [request!.id] } });

    // As if the server had stopped between the commit and the follow-up: nothing done yet, and the job still
    // held by the server that is gone, its hold expired.
    await db().delete(staffNotifications).where(eq(staffNotifications.dedupeKey, `request:${reference}:new`));
    await db().delete(outbox).where(inArray(outbox.dedupeKey, [`job:${RESPONSE_ESCALATION_JOB}:${request!.id}`, `job:${RESPONSE_OVERDUE_JOB}:${request!.id}`]));
    await db().delete(liveEvents).where(sql`${liveEvents.data}->>'reference' = ${reference}`);
    await db()
      .update(outbox)
      .set({ status: "sending", lockedUntil: new Date(Date.now() - 1_000), sentAt: null })
      .where(eq(outbox.id, job!.id));

    await deliverDueMessages();
    await deliveriesSettled();
    const alerts = await db().select({ userId: staffNotifications.userId }).from(staffNotifications).where(eq(staffNotifications.dedupeKey, `request:${reference}:new`));
    expect(alerts.map((a) => a.userId).sort()).toEqual([...staffIds].sort());
    const jobs = await db()
      .select({ key: outbox.dedupeKey })
      .from(outbox)
      .where(inArray(outbox.dedupeKey, [`job:${RESPONSE_ESCALATION_JOB}:${request!.id}`, `job:${RESPONSE_OVERDUE_JOB}:${request!.id}`]));
    expect(jobs).toHaveLength(2);
    const events = await db().select({ audience: liveEvents.audience }).from(liveEvents).where(sql`${liveEvents.data}->>'reference' = ${reference}`);
    expect(events.map((e) => e.audience)).toContain("staff:requests");
    // The owner's emergency SMS went out once, before the "crash": the run after it does not send it again.
    const ownerSms = await db().select().from(outbox).where(eq(outbox.dedupeKey, `request:${reference}:new:sms:+919811100001`));
    expect(ownerSms).toHaveLength(1);
    expect((await db().select().from(outbox).where(eq(outbox.id, job!.id)))[0]?.status).toBe("sent");
  });
});
