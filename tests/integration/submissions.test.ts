import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearContentCache, seedContent } from "~/.server/content/index.ts";
import { findTopic, listTopics } from "~/.server/discussion/index.ts";
import { setDatabase } from "~/.server/db/index.ts";
import { discussionReplies, discussionTopics, inboundMessages, outbox, serviceRequests } from "~/.server/db/schema.ts";
import { submitEnquiry } from "~/.server/enquiries/index.ts";
import { submitQuickRequest, submitServiceRequest } from "~/.server/requests/index.ts";
import { seedSettings } from "~/.server/settings/index.ts";
import { serviceRequestSchema } from "~/lib/forms/service-request.ts";
import { createTestDatabase, engines, type TestDatabase } from "../support/test-databases.ts";

describe.each(engines)("submissions on %s", (engine) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    setDatabase(testDb.handle);
    await seedSettings(testDb.handle.db, "http://localhost:3000");
    await seedContent(testDb.handle.db);
    clearContentCache();
  });
  afterAll(async () => {
    await testDb?.destroy();
    setDatabase(undefined);
  });

  const request = (key: string, mobile = "9848012345") =>
    serviceRequestSchema.parse({
      contactName: "Ravi",
      mobile,
      siteAddress: "Plot 12, IDA Jeedimetla",
      city: "Hyderabad",
      service: "plc-repair--programming",
      faultDescription: "CPU in STOP, SF LED on",
      urgency: "within_24h",
      consent: "yes",
      idempotencyKey: key,
    });

  it("a service request gets the month's next reference, the catalogue name, and its notifications", async () => {
    const first = await submitServiceRequest(request(randomUUID()), []);
    const second = await submitServiceRequest(request(randomUUID(), "9848012346"), []);
    expect(first.reference).toMatch(/^SR-\d{4}-0001$/);
    expect(second.reference).toBe(first.reference.replace(/0001$/, "0002"));
    const [row] = await testDb.handle.db.select().from(serviceRequests).where(eq(serviceRequests.reference, first.reference));
    expect(row).toMatchObject({ serviceName: "PLC Repair & Programming", mobile: "+919848012345", kind: "full" });
    expect(row!.consentVersion).not.toBe("unversioned");
    const messages = await testDb.handle.db.select().from(outbox).where(sql`${outbox.dedupeKey} like ${`%${first.reference}%`}`);
    expect(messages.map((m) => m.channel).sort()).toEqual(["email", "sms", "sms"]);
  });

  it("the same submission twice, even at once, is stored once", async () => {
    const key = randomUUID();
    const [a, b] = await Promise.all([submitServiceRequest(request(key, "9000000011"), []), submitServiceRequest(request(key, "9000000011"), [])]);
    expect(a.reference).toBe(b.reference);
    const again = await submitServiceRequest(request(key, "9000000011"), []);
    expect(again).toEqual({ reference: a.reference, created: false });
    const [row] = await testDb.handle.db.select({ n: count() }).from(serviceRequests).where(eq(serviceRequests.idempotencyKey, key));
    expect(row?.n).toBe(1);
  });

  it("a burst of submissions at once: each stored once, with its own reference and notifications", async () => {
    const keys = Array.from({ length: 30 }, () => randomUUID());
    // Three copies of the first form among them, sent at the same moment (a triple click).
    const forms = [...keys.map((key, i) => request(key, `97000${String(i).padStart(5, "0")}`)), request(keys[0]!, "9700000000"), request(keys[0]!, "9700000000")];
    const results = await Promise.all(forms.map((form) => submitServiceRequest(form, [])));

    const references = results.slice(0, 30).map((r) => r.reference);
    expect(new Set(references).size).toBe(30);
    expect(results.slice(30).map((r) => r.reference)).toEqual([references[0], references[0]]);
    expect(results.filter((r) => r.created)).toHaveLength(30);
    const rows = await testDb.handle.db
      .select({ reference: serviceRequests.reference, mobile: serviceRequests.mobile, key: serviceRequests.idempotencyKey })
      .from(serviceRequests)
      .where(sql`${serviceRequests.mobile} like '+9197000%'`);
    expect(rows).toHaveLength(30);
    // Each reference belongs to the form it was answered to.
    for (const [i, key] of keys.entries()) {
      expect(rows.find((row) => row.key === key)).toMatchObject({ reference: references[i], mobile: `+9197000${String(i).padStart(5, "0")}` });
    }
    const messages = await testDb.handle.db
      .select({ n: count() })
      .from(outbox)
      .where(sql`${outbox.recipient} like '+9197000%'`);
    expect(messages[0]?.n).toBe(30);
  });

  it("a quick request is the same kind of request, marked quick", async () => {
    const quick = await submitQuickRequest({ name: "Asha", phone: "+919900112233", description: "Quote for AMC Silver", consent: "yes" } as never);
    const [row] = await testDb.handle.db.select().from(serviceRequests).where(eq(serviceRequests.reference, quick.reference));
    expect(row).toMatchObject({ kind: "quick", contactName: "Asha", urgency: "planned" });
    // Without a form key (a cached page without JavaScript), the same content on the same day is one request.
    const repeat = await submitQuickRequest({ name: "Asha", phone: "+919900112233", description: "Quote for AMC Silver", consent: "yes" } as never);
    expect(repeat.reference).toBe(quick.reference);
  });

  it("inbound forms: their own prefix, shared columns, the rest in details", async () => {
    const key = randomUUID();
    const input = { name: "Kiran", mobile: "+919811122233", callbackTime: "Evening (4 pm - 8 pm)", subject: "AMC", consent: "yes", idempotencyKey: key };
    const reference = await submitEnquiry("callback", input);
    expect(reference).toMatch(/^CB-\d{4}-0001$/);
    expect(await submitEnquiry("callback", input)).toBe(reference);
    const [row] = await testDb.handle.db.select().from(inboundMessages).where(eq(inboundMessages.reference, reference));
    expect(row).toMatchObject({ form: "callback", name: "Kiran", subject: "AMC", details: { callbackTime: "Evening (4 pm - 8 pm)" } });
  });

  it("the forum shows published questions and replies only", async () => {
    const db = testDb.handle.db;
    const base = { category: "PLC and HMI", body: "S7-300 CPU goes to STOP after power cut", authorName: "Praveen", mobile: "+919812345678", consentVersion: "1", consentAt: new Date() };
    const [published] = await db
      .insert(discussionTopics)
      .values({ ...base, slug: "s7-300-stop-abc123", title: "S7-300 goes to STOP", status: "published", publishedAt: new Date(), idempotencyKey: randomUUID() })
      .returning();
    await db.insert(discussionTopics).values({ ...base, slug: "pending-one-def456", title: "Pending question", idempotencyKey: randomUUID() });
    await db.insert(discussionReplies).values([
      { topicId: published!.id, body: "Check the backup battery and the MMC.", authorName: "Service desk", isStaff: true, status: "published", publishedAt: new Date(), idempotencyKey: randomUUID() },
      { topicId: published!.id, body: "Unchecked reply", authorName: "X", idempotencyKey: randomUUID() },
    ]);
    const topics = await listTopics();
    expect(topics.map((t) => [t.title, t.replies])).toEqual([["S7-300 goes to STOP", 1]]);
    expect(await listTopics("AC drives (VFDs)")).toEqual([]);
    const topic = await findTopic("s7-300-stop-abc123");
    expect(topic?.replies.map((r) => [r.body, r.isStaff])).toEqual([["Check the backup battery and the MMC.", true]]);
    expect(await findTopic("pending-one-def456")).toBeUndefined();
  });
});
