import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { recordConversation } from "~/.server/communications/index.ts";
import { addNote, logCall, replyByEmail } from "~/.server/communications/replies.ts";
import { listThreads, resolveThread, type ThreadRef } from "~/.server/communications/thread.ts";
import { catchUpThreads, rebuildThreads, threadCounts } from "~/.server/communications/thread-summary.ts";
import { editDetails } from "~/.server/customers/changes.ts";
import { ERASED_NAME, eraseCustomer } from "~/.server/customers/personal-data.ts";
import { communicationThreadsSync, conversationMessages, customers, outbox, users } from "~/.server/db/schema.ts";
import { deliveriesSettled, queueMessages } from "~/.server/notifications/index.ts";
import { forgetSmsRegistry } from "~/.server/notifications/sms-registry.ts";
import { DLT_TEMPLATES, sms } from "~/.server/notifications/templates.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff } from "../support/staff-routes.ts";

/**
 * The stored thread list (communication_threads, ADR 033) stays what working it out from every message
 * gives: after each step the stored rows equal a full rebuild's, and the list shows the step at once.
 */
describeEachEngine("the stored thread list", (database, engine) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  let office: StaffMember;
  let customer: { id: number; reference: string; mobile: string };
  let thread: ThreadRef;

  /** The stored rows, then the same after a rebuild from scratch: they must be equal. */
  const stored = async () => ((await db().execute(sql`select * from communication_threads order by thread`)) as unknown as { rows: unknown[] }).rows;
  const expectSameAsRebuilt = async () => {
    await listThreads({ show: "all" }, undefined);
    const kept = await stored();
    const counts = await threadCounts(db());
    await rebuildThreads(db());
    expect(await stored()).toEqual(kept);
    expect(await threadCounts(db())).toEqual(counts);
  };
  const first = async (q?: string) => (await listThreads({ show: "all", ...(q ? { q } : {}) }, undefined)).rows[0];

  beforeAll(async () => {
    setServerConfig(readConfig({}));
    await seedSettings(db(), "http://localhost:3000");
    clearSettingsCache();
    forgetSmsRegistry();
    const a = await upsertUserWithRole("+919000000701", "admin", db(), "Asha Office");
    await db().update(users).set({ staffRole: "office" }).where(eq(users.id, a.id));
    office = asStaff("office", { userId: a.id, name: "Asha Office", ipAddress: "203.0.113.7" });
    const [c] = await db()
      .insert(customers)
      .values({ reference: "CU-2612-0701", mobile: "+919812300701", name: "Kavitha Rao", company: "Rao Castings", email: "kavitha@rao.example" })
      .returning();
    customer = { id: c!.id, reference: c!.reference, mobile: c!.mobile! };
    thread = (await resolveThread(customer.reference)) as ThreadRef;
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  });

  afterAll(() => {
    vi.mocked(process.stdout.write).mockRestore();
    setServerConfig(previousConfig);
  });

  it("a message written with an old date (an import, a seed) is caught up by its id, under the customer it went to", async () => {
    await listThreads({ show: "all" }, undefined);
    await db()
      .insert(outbox)
      .values({ channel: "email", recipient: "KAVITHA@rao.example", subject: "Your quote", body: "Dear Kavitha", template: "quote", dedupeKey: `t:${randomUUID()}`, createdAt: new Date("2026-01-05T10:00:00Z") });
    const listed = (await listThreads({ show: "all" }, undefined)).rows.find((r) => r.key === customer.reference);
    expect(listed).toMatchObject({ name: "Kavitha Rao", company: "Rao Castings", lastChannel: "email", lastDirection: "out", preview: "Your quote", awaiting: false });
    await expectSameAsRebuilt();
  });

  it("what the office sends is at the top of the list at once, and answers the customer", async () => {
    await db().transaction((tx) => recordConversation(tx, { customerId: customer.id, mobile: customer.mobile, channel: "whatsapp", direction: "in", body: "Is my furnace drive ready?" }));
    expect(await first()).toMatchObject({ key: customer.reference, lastChannel: "whatsapp", lastDirection: "in", awaiting: true, preview: "Is my furnace drive ready?" });
    expect((await listThreads({ show: "awaiting" }, undefined)).rows.map((r) => r.key)).toContain(customer.reference);

    expect(await replyByEmail(office, thread, { subject: "Your drive", body: "It is ready for collection.", idempotencyKey: randomUUID() })).toMatchObject({ ok: true });
    await deliveriesSettled();
    expect(await first()).toMatchObject({ key: customer.reference, lastChannel: "email", lastDirection: "out", awaiting: false, preview: "It is ready for collection." });
    expect((await listThreads({ show: "awaiting" }, undefined)).rows.map((r) => r.key)).not.toContain(customer.reference);

    expect(await logCall(office, thread, { direction: "out", minutes: 3, note: "Collection at 4 pm", idempotencyKey: randomUUID() })).toMatchObject({ ok: true });
    expect(await first()).toMatchObject({ key: customer.reference, lastChannel: "call", preview: "Collection at 4 pm" });
    expect(await addNote(office, thread, { note: "Bring the gate pass", idempotencyKey: randomUUID() })).toMatchObject({ ok: true });
    expect(await first()).toMatchObject({ key: customer.reference, lastChannel: "note", preview: "Bring the gate pass" });
    // An automatic SMS is the latest line, but no answer.
    await db().transaction((tx) => recordConversation(tx, { customerId: customer.id, mobile: customer.mobile, channel: "sms", direction: "in", body: "Thanks, coming at 4." }));
    await queueMessages(db(), [sms(DLT_TEMPLATES.requestAcknowledgement, customer.mobile, { business: "Deccan", reference: "SR-2612-0701", hours: "2-4" }, `t:${randomUUID()}`)]);
    await deliveriesSettled();
    expect(await first()).toMatchObject({ key: customer.reference, lastChannel: "sms", lastDirection: "out", awaiting: true });
    await expectSameAsRebuilt();
  });

  it("a message received from an unknown number has its own thread, which becomes the customer's when they are one", async () => {
    await db().transaction((tx) => recordConversation(tx, { mobile: "+919876500702", channel: "whatsapp", direction: "in", body: "Do you repair servo drives?" }));
    expect(await first()).toMatchObject({ key: "919876500702", name: "Not a customer yet", awaiting: true, preview: "Do you repair servo drives?" });
    expect((await first("98765 00702"))?.key).toBe("919876500702");
    await expectSameAsRebuilt();

    await db().insert(customers).values({ reference: "CU-2612-0702", mobile: "+919876500702", name: "Prakash Servo Works" });
    const keys = (await listThreads({ show: "all" }, undefined)).rows.map((r) => r.key);
    expect(keys[0]).toBe("CU-2612-0702");
    expect(keys).not.toContain("919876500702");
    expect((await first("prakash servo"))?.key).toBe("CU-2612-0702");
    await expectSameAsRebuilt();
  });

  /**
   * A customer whose messages are all months old: a change that writes no new message (a rename, an erasure)
   * must refresh the thread itself (the catch-up only looks at what was written lately).
   */
  let old: { id: number; reference: string; mobile: string };
  const oldThread = async () => {
    const [c] = await db()
      .insert(customers)
      .values({ reference: "CU-2612-0703", mobile: "+919812300703", name: "Lakshmi Naidu", company: "Naidu Castings", email: "lakshmi@naidu.example" })
      .returning();
    old = { id: c!.id, reference: c!.reference, mobile: c!.mobile! };
    await db()
      .insert(outbox)
      .values({
        channel: "sms",
        recipient: old.mobile,
        body: "Dear Lakshmi Naidu, your drive is ready.",
        template: DLT_TEMPLATES.requestAcknowledgement.id,
        customerId: old.id,
        dedupeKey: `t:${randomUUID()}`,
        createdAt: new Date("2026-01-10T10:00:00Z"),
      });
    await db().update(customers).set({ createdAt: new Date("2026-01-01T10:00:00Z") }).where(eq(customers.id, old.id));
  };

  it("a renamed customer is found by the new name only, though none of their messages changed", async () => {
    await oldThread();
    expect((await first("naidu castings"))?.key).toBe(old.reference);
    const [row] = await db().select().from(customers).where(eq(customers.id, old.id));
    const saved = await editDetails(office, old.reference, {
      intent: "details",
      version: row!.version,
      name: "Lakshmi Naidu",
      company: "Naidu Foundry",
      email: "lakshmi@naidu.example",
      gstin: undefined,
      billingAddress: undefined,
      billingCity: undefined,
      billingPincode: undefined,
      notes: undefined,
    });
    expect(saved).toMatchObject({ ok: true });
    expect((await first("naidu foundry"))?.key).toBe(old.reference);
    expect(await first("naidu castings")).toBeUndefined();
    await expectSameAsRebuilt();
  });

  it("an erased customer's thread stays, under no name and no number, and their old name and number find nothing", async () => {
    expect(await eraseCustomer(db(), old.id, { userId: office.userId, label: "Asha Office", ipAddress: null })).toMatchObject({ ok: true });
    const listed = (await listThreads({ show: "all" }, undefined)).rows.find((r) => r.key === old.reference);
    expect(listed).toMatchObject({ name: ERASED_NAME, company: null, mobile: null });
    expect(listed!.preview).not.toMatch(/Lakshmi/);
    expect(await first("lakshmi")).toBeUndefined();
    expect(await first(old.mobile)).toBeUndefined();
    expect(await first("98123 00703")).toBeUndefined();
    const text = JSON.stringify(await stored());
    expect(text).not.toMatch(/lakshmi|9812300703/i);
    await expectSameAsRebuilt();

    // A customer with recent messages too.
    expect(await eraseCustomer(db(), customer.id, { userId: office.userId, label: "Asha Office", ipAddress: null })).toMatchObject({ ok: true });
    expect(await first("kavitha")).toBeUndefined();
    expect(JSON.stringify(await stored())).not.toMatch(/kavitha|9812300701/i);
    await expectSameAsRebuilt();
  });
  /** The ids below the watermark the catch-up still probes (see Gap in thread-summary.ts), per table. */
  const gaps = async () => {
    const [row] = await db().select({ lastIds: communicationThreadsSync.lastIds }).from(communicationThreadsSync).where(eq(communicationThreadsSync.id, 1));
    return ((row?.lastIds as { gaps?: Record<string, Array<[number, number, number, string | null]>> }).gaps ?? {});
  };
  const say = (mobile: string, body: string) =>
    db().transaction((tx) => recordConversation(tx, { mobile, channel: "whatsapp", direction: "in", body }));

  it("a text search's counts are counted once per version of the list: paging counts nothing again, any write to the list counts anew", async () => {
    const dialect = (db() as unknown as { dialect: { sqlToQuery: (q: unknown) => { sql: string } } }).dialect;
    const execute = vi.spyOn(db(), "execute");
    const counted = () => execute.mock.calls.filter(([q]) => dialect.sqlToQuery(q).sql.includes("count_all")).length;
    try {
      const [c] = await db().insert(customers).values({ reference: "CU-2612-0705", mobile: "+919812300705", name: "Latha Iyer", company: "Tungabhadra Foundry Works" }).returning();
      await db().transaction((tx) => recordConversation(tx, { customerId: c!.id, mobile: c!.mobile, channel: "whatsapp", direction: "in", body: "Our furnace VFD trips." }));
      const one = await listThreads({ show: "all", q: "Tungabhadra" }, undefined);
      expect(one.counts).toEqual({ all: 1, awaiting: 1 });
      const before = counted();
      // The same search again (the next page, a reload): nothing written to the list since, nothing counted.
      expect((await listThreads({ show: "all", q: "tungabhadra " }, undefined)).counts).toEqual({ all: 1, awaiting: 1 });
      expect(counted()).toBe(before);
      // Another customer of that name writes: the list's version moves on and the search is counted again.
      const [d] = await db().insert(customers).values({ reference: "CU-2612-0706", mobile: "+919812300706", name: "Ravi Menon", company: "Tungabhadra Pumps" }).returning();
      await db().transaction((tx) => recordConversation(tx, { customerId: d!.id, mobile: d!.mobile, channel: "sms", direction: "in", body: "Please call me." }));
      expect((await listThreads({ show: "all", q: "Tungabhadra" }, undefined)).counts).toEqual({ all: 2, awaiting: 2 });
      expect(counted()).toBe(before + 1);
      // A change that writes no message but changes a thread (a company renamed) makes the counts stale too.
      const [latha] = await db().select().from(customers).where(eq(customers.id, c!.id));
      const renamed = await editDetails(office, latha!.reference, {
        intent: "details",
        version: latha!.version,
        name: "Latha Iyer",
        company: "Iyer Castings",
        email: undefined,
        gstin: undefined,
        billingAddress: undefined,
        billingCity: undefined,
        billingPincode: undefined,
        notes: undefined,
      });
      expect(renamed).toMatchObject({ ok: true });
      expect((await listThreads({ show: "all", q: "Tungabhadra" }, undefined)).counts).toEqual({ all: 1, awaiting: 1 });
    } finally {
      execute.mockRestore();
    }
  });

  it("a read with nothing new since the last one works out no thread again, also in the minutes after a message", async () => {
    await catchUpThreads(db());
    await say("+919876500704", "Is the workshop open on Saturday?");
    // The new message's threads (the sender's by number), once.
    expect(await catchUpThreads(db())).toBeGreaterThan(0);
    expect(await catchUpThreads(db())).toBe(0);
    expect((await first())?.preview).toBe("Is the workshop open on Saturday?");
    expect(await catchUpThreads(db())).toBe(0);
  });

  it("an id handed out to a transaction that never commits is probed for a while, then forgotten", async () => {
    await catchUpThreads(db());
    await expect(
      db().transaction(async (tx) => {
        await recordConversation(tx, { mobile: "+919876500705", channel: "whatsapp", direction: "in", body: "Rolled back" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await say("+919876500706", "After the rolled-back one");
    await catchUpThreads(db());
    const [gap] = (await gaps()).cm ?? [];
    expect(gap).toBeDefined();
    // Found over a minute ago: the next catch-ups stamp it and forget it once every transaction running then has ended.
    const aged = { ...(await gaps()), cm: [[gap![0], gap![1], gap![2] - 120_000, null]] };
    await db().execute(sql`update communication_threads_sync set last_ids = jsonb_set(last_ids, '{gaps}', ${JSON.stringify(aged)}::jsonb)`);
    for (let i = 0; i < 50 && (await gaps()).cm; i++) {
      await catchUpThreads(db());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await gaps()).cm).toBeUndefined();
    expect(await first("98765 00705")).toBeUndefined();
    await expectSameAsRebuilt();
  });

  // Two transactions at once, the later one committing first: PostgreSQL only (PGlite runs one at a time).
  if (engine === "postgres") {
    it("a message whose transaction commits after a later one, dated months back, is on the list when it commits", async () => {
      await catchUpThreads(db());
      const slow = new pg.Client({ connectionString: database().location });
      await slow.connect();
      try {
        await slow.query("begin");
        await slow.query(
          "insert into conversation_messages (mobile, channel, direction, body, created_at) values ('+919876500707', 'whatsapp', 'in', 'Sent from the import that took long', '2026-01-03T10:00:00Z')",
        );
        await say("+919876500708", "Committed first");
        expect(await first()).toMatchObject({ key: "919876500708" });
        expect((await gaps()).cm).toHaveLength(1);
        await slow.query("commit");
      } finally {
        await slow.end();
      }
      expect(await first("98765 00707")).toMatchObject({ key: "919876500707", preview: "Sent from the import that took long", awaiting: true });
      expect((await gaps()).cm).toBeUndefined();
      expect(await catchUpThreads(db())).toBe(0);
      const [late] = await db().select({ id: conversationMessages.id }).from(conversationMessages).where(eq(conversationMessages.mobile, "+919876500707"));
      expect(late).toBeDefined();
      await expectSameAsRebuilt();
    });
  }
});
