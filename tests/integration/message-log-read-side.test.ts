import { and, eq, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { handleDeliveryReport, signDeliveryReport } from "~/.server/communications/delivery.ts";
import { emailShow, EMAIL_LOG_TABS, SMS_LOG_TABS, smsShow } from "~/.server/communications/log-summary.ts";
import { exportSmsLog, listEmailLog, listSmsLog } from "~/.server/communications/logs.ts";
import { eraseCustomer } from "~/.server/customers/personal-data.ts";
import { customers, messageLogDays, messageLogSearch, outbox } from "~/.server/db/schema.ts";
import { retryDelivery } from "~/.server/notifications/problems.ts";
import { seedSettings } from "~/.server/settings/index.ts";
import { describeEachEngine } from "../support/test-databases.ts";

/**
 * The SMS and e-mail logs' read side (ADR 035): the tab counts come from counted days plus the outbox's
 * last two days, and the search from a trigram-indexed copy of recipient and subject. Whatever changes an
 * old message (a late delivery report, a retry, the worker sending a retried message, an import, an
 * erasure), the logs must show what a direct count and an ILIKE over the outbox show.
 */
const SECRET = "test-sms-webhook-secret";
const APP = "http://localhost:3000";

describeEachEngine("the SMS and e-mail logs' read side", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  const previousSecret = process.env.SMS_WEBHOOK_SECRET;
  const actor = { userId: null, label: "Test Owner", ipAddress: "203.0.113.9" };
  let customerId: number;

  /** What the logs counted before ADR 035: every message of the channel, each tab's condition. */
  async function direct(channel: "sms" | "email", range: { from?: string; to?: string } = {}): Promise<Record<string, number>> {
    const conditions: Array<[string, SQL | undefined]> = channel === "sms" ? SMS_LOG_TABS.map((t) => [t, smsShow(t)]) : EMAIL_LOG_TABS.map((t) => [t, emailShow(t)]);
    const where: SQL[] = [sql`${outbox.channel} = ${channel}`];
    if (range.from) where.push(sql`${outbox.createdAt} >= ${`${range.from}T00:00:00+05:30`}::timestamptz`);
    if (range.to) where.push(sql`${outbox.createdAt} < ${`${range.to}T00:00:00+05:30`}::timestamptz + interval '1 day'`);
    const out: Record<string, number> = {};
    for (const [tab, condition] of conditions) {
      const [row] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(outbox)
        .where(and(...where, condition));
      out[tab] = Number(row?.n ?? 0);
    }
    return out;
  }

  const daysAgo = (n: number) => sql`now() - ${`${n} days`}::interval`;
  const indiaDate = (n: number) => new Date(Date.now() + 330 * 60_000 - n * 86_400_000).toISOString().slice(0, 10);

  async function insertMessage(values: { channel: "sms" | "email"; recipient: string; subject?: string; status: string; deliveryStatus?: string | null; providerMessageId?: string; at: SQL; key: string; customerId?: number }) {
    const [row] = await db()
      .insert(outbox)
      .values({
        channel: values.channel,
        recipient: values.recipient,
        subject: values.subject ?? null,
        body: "Test message",
        template: "t",
        status: values.status as "sent",
        deliveryStatus: values.deliveryStatus ?? null,
        providerMessageId: values.providerMessageId ?? null,
        attempts: 1,
        dedupeKey: values.key,
        customerId: values.customerId ?? null,
        createdAt: values.at as unknown as Date,
      })
      .returning({ id: outbox.id });
    return row!.id;
  }

  beforeAll(async () => {
    setServerConfig(readConfig({}));
    process.env.SMS_WEBHOOK_SECRET = SECRET;
    await seedSettings(db(), APP);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const [c] = await db().insert(customers).values({ reference: "CU-2611-0951", mobile: "+919812355501", name: "Lalitha Varma", email: "lalitha@example.net" }).returning();
    customerId = c!.id;
    // Messages over the last twelve days: SMS in every delivery state, e-mails sent and failed, and today's.
    await db().execute(sql`
      insert into outbox (channel, recipient, subject, body, template, status, delivery_status, provider_message_id, attempts, dedupe_key, created_at)
      select case when g % 3 = 0 then 'email' else 'sms' end,
             case when g % 3 = 0 then 'person' || g || '@example.org' else '+9198450' || lpad(g::text, 5, '0') end,
             case when g % 3 = 0 then 'Quote QT-' || g || ' for Hyderabad plant' end,
             'Message ' || g, 't',
             case when g % 11 = 0 then 'failed' when g % 13 = 0 then 'pending' else 'sent' end,
             case when g % 3 <> 0 and g % 11 <> 0 and g % 13 <> 0 then (array['delivered', 'delivered', 'failed', 'sent', null])[1 + g % 5] end,
             'read-side-' || g, 1, 'read-side:' || g,
             now() - (g % 12 || ' days')::interval - (g % 7 || ' hours')::interval
        from generate_series(1, 240) g`);
  });

  afterAll(() => {
    vi.mocked(console.warn).mockRestore();
    setServerConfig(previousConfig);
    if (previousSecret === undefined) delete process.env.SMS_WEBHOOK_SECRET;
    else process.env.SMS_WEBHOOK_SECRET = previousSecret;
  });

  it("counts each tab as a direct count of the outbox does, with dates, after late reports, retries, sends and imports", async () => {
    expect((await listSmsLog({ show: "all" }, undefined)).counts).toEqual(await direct("sms"));
    expect((await listEmailLog({ show: "all" }, undefined)).counts).toEqual(await direct("email"));
    // The old days are counted once, in message_log_days.
    expect((await db().select().from(messageLogDays).where(eq(messageLogDays.channel, "sms"))).length).toBeGreaterThanOrEqual(5);
    const range = { from: indiaDate(9), to: indiaDate(3) };
    expect((await listSmsLog({ show: "failed", ...range }, undefined)).counts).toEqual(await direct("sms", range));
    expect((await listSmsLog({ show: "all", from: range.to, to: range.from }, undefined)).counts).toEqual(await direct("sms", range));

    // A delivery report nine days late.
    const late = await insertMessage({ channel: "sms", recipient: "+919845099901", status: "sent", providerMessageId: "late-report", at: daysAgo(9), key: "read-side:late" });
    const before = (await listSmsLog({ show: "all" }, undefined)).counts;
    expect(before).toEqual(await direct("sms"));
    const raw = JSON.stringify({ id: "dr-late", messageId: "late-report", status: "delivered", timestamp: Math.floor(Date.now() / 1000) });
    expect(await handleDeliveryReport({ rawBody: raw, signature: signDeliveryReport(raw, SECRET), ipAddress: "198.51.100.4" })).toMatchObject({ status: 200, outcome: "applied" });
    const after = (await listSmsLog({ show: "all" }, undefined)).counts;
    expect(after).toEqual(await direct("sms"));
    expect(after.delivered).toBe(before.delivered! + 1);
    expect(after.awaiting).toBe(before.awaiting! - 1);
    expect(late).toBeGreaterThan(0);

    // A failed e-mail of ten days ago sent again: back to pending, then sent by the worker (which marks nothing).
    const failed = await insertMessage({ channel: "email", recipient: "old@example.org", subject: "Old", status: "failed", at: daysAgo(10), key: "read-side:retry" });
    expect((await listEmailLog({ show: "all" }, undefined)).counts).toEqual(await direct("email"));
    expect(await retryDelivery(actor, failed)).toMatchObject({ ok: true });
    expect((await listEmailLog({ show: "all" }, undefined)).counts).toEqual(await direct("email"));
    await db().update(outbox).set({ status: "sent", sentAt: new Date() }).where(eq(outbox.id, failed));
    expect((await listEmailLog({ show: "all" }, undefined)).counts).toEqual(await direct("email"));

    // An import of old messages, dated weeks back.
    await insertMessage({ channel: "sms", recipient: "+919845099902", status: "sent", deliveryStatus: "failed", at: daysAgo(30), key: "read-side:import" });
    const counts = (await listSmsLog({ show: "all" }, undefined)).counts;
    expect(counts).toEqual(await direct("sms"));
  });

  it("searches the copy of recipients and subjects on its trigram indexes, finding what ILIKE over the outbox finds", async () => {
    // Queued just now: found by the next read.
    await insertMessage({ channel: "sms", recipient: "+919845012345", status: "pending", at: sql`now()`, key: "read-side:new" });
    const log = await listSmsLog({ show: "all", q: "98450 12345" }, undefined);
    expect(log.rows.map((r) => r.recipient)).toEqual(["+919845012345"]);
    expect(log.counts).toMatchObject({ all: 1, delivered: 0 });

    const ilike = async (channel: string, pattern: string) =>
      (
        await db()
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(eq(outbox.channel, channel as "sms"), sql`(${outbox.recipient} ilike ${pattern} or ${outbox.subject} ilike ${pattern})`))
      ).length;
    const emails = await listEmailLog({ show: "all", q: "hyderabad" }, undefined);
    expect(emails.counts.all).toBe(await ilike("email", "%hyderabad%"));
    expect(emails.counts.all).toBeGreaterThan(50);
    expect(emails.rows).toHaveLength(50);
    const sms = await listSmsLog({ show: "all", q: "845000" }, undefined);
    expect(sms.counts.all).toBe(await ilike("sms", "%845000%"));
    expect(sms.counts.all).toBeGreaterThan(0);
    // The export walks the same matches.
    let exported = 0;
    for await (const batch of exportSmsLog({ show: "all", q: "845000" }, 1_000, 3)) exported += batch.length;
    expect(exported).toBe(sms.counts.all);

    await database().handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = async (query: SQL) => ((await tx.execute(sql`explain ${query}`)) as unknown as { rows: Array<Record<string, string>> }).rows.map((r) => Object.values(r)[0]).join("\n");
      expect(await plan(sql`select outbox_id from message_log_search where channel = 'sms' and recipient ilike '%98450%'`)).toContain("message_log_search_recipient");
      expect(await plan(sql`select outbox_id from message_log_search where channel = 'email' and (recipient ilike '%hyder%' or subject ilike '%hyder%')`)).toContain("message_log_search_subject");
    });
  });

  it("an erasure leaves neither the number nor the address in the logs' copy", async () => {
    const [c] = await db().insert(customers).values({ reference: "CU-2611-0952", mobile: "+919812355502", name: "Suresh Naidu", email: "suresh@example.net" }).returning();
    await insertMessage({ channel: "sms", recipient: c!.mobile!, status: "sent", deliveryStatus: "delivered", at: daysAgo(6), key: "read-side:erase-sms", customerId: c!.id });
    await insertMessage({ channel: "email", recipient: c!.email!, subject: "Your quote, Suresh Naidu", status: "sent", at: daysAgo(6), key: "read-side:erase-email", customerId: c!.id });
    expect((await listSmsLog({ show: "all", q: "98123 55502" }, undefined)).counts.all).toBe(1);
    expect((await listEmailLog({ show: "all" }, undefined)).counts).toEqual(await direct("email"));
    expect(await eraseCustomer(db(), c!.id, { userId: null, label: "Owner", ipAddress: null })).toMatchObject({ ok: true });
    const copies = await db()
      .select()
      .from(messageLogSearch)
      .where(sql`${messageLogSearch.recipient} in (${c!.mobile}, ${c!.email}) or ${messageLogSearch.subject} ilike '%Suresh%'`);
    expect(copies).toEqual([]);
    expect((await listSmsLog({ show: "all", q: "98123 55502" }, undefined)).counts.all).toBe(0);
    expect((await listSmsLog({ show: "all" }, undefined)).counts).toEqual(await direct("sms"));
    expect((await listEmailLog({ show: "all" }, undefined)).counts).toEqual(await direct("email"));
    expect(customerId).toBeGreaterThan(0);
  });
});
