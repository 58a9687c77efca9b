import { sql, type SQL } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { Transaction } from "~/.server/db/index.ts";
import { randomUUID } from "node:crypto";
import { markSentStatement, renewClaimsStatement } from "~/.server/notifications/index.ts";
import { describeEachEngine } from "../support/test-databases.ts";

/**
 * The outbox's indexes are partial (issue 17 §8: fewer index entries to write for each message queued and
 * marked sent). Each query that reads the outbox by an index must still be able to use it: with sequential
 * scans switched off, the plan names the index, which it cannot when the query does not imply the index's
 * condition. The queries are those of the code named beside each.
 */
const PLANS: Array<{ what: string; index: string; query: SQL }> = [
  {
    what: "the worker's claim (~/.server/notifications)",
    index: "outbox_due",
    query: sql`select id from outbox
      where (status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until <= now()))
         or (status = 'sending' and locked_until <= now())
      order by next_attempt_at, id limit 100 for update skip locked`,
  },
  {
    what: "the dashboard's delivery problems (~/.server/notifications/problems.ts)",
    index: "outbox_due",
    query: sql`select count(*) from outbox where status = 'failed' or (status = 'pending' and attempts > 0)`,
  },
  {
    what: "/admin/sms, newest first (~/.server/communications/logs.ts)",
    index: "outbox_created",
    query: sql`select id from outbox where channel = 'sms' order by created_at desc, id desc limit 50`,
  },
  {
    what: "an e-mail template's last use (~/.server/notifications/email-templates.ts)",
    index: "outbox_created",
    query: sql`select id from outbox where channel = 'email' and template = 'request-business' order by created_at desc, id desc limit 1`,
  },
  {
    what: "an SMS delivery report (~/.server/communications/delivery.ts)",
    index: "outbox_provider_message",
    query: sql`select id from outbox where provider_message_id = 'log-17' and channel = 'sms'`,
  },
  {
    what: "a customer's thread (~/.server/communications/thread.ts)",
    index: "outbox_customer",
    query: sql`select id from outbox where customer_id = 3 and channel in ('sms', 'email')`,
  },
];

async function plan(tx: Transaction, query: SQL): Promise<string> {
  const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Array<Record<string, string>> };
  return result.rows.map((row) => Object.values(row)[0]).join("\n");
}

describeEachEngine("outbox indexes", (database) => {
  beforeAll(async () => {
    const { db } = database().handle;
    await db.execute(sql`insert into customers (reference, mobile, name) select 'CU-' || g, '+91900000' || lpad(g::text, 4, '0'), 'Customer ' || g from generate_series(1, 5) g`);
    // Mostly sent messages and jobs, as in a working outbox; a few pending, held and failed.
    await db.execute(sql`
      insert into outbox (channel, recipient, body, template, dedupe_key, status, attempts, next_attempt_at, locked_until, provider_message_id, customer_id)
      select case g % 4 when 0 then 'job' when 1 then 'email' else 'sms' end,
             '+9198765' || lpad(g::text, 5, '0'), 'Message ' || g, case g % 4 when 1 then 'request-business' else 't' end, 'test:' || g,
             case when g % 97 = 0 then 'pending' when g % 89 = 0 then 'failed' when g % 83 = 0 then 'sending' else 'sent' end,
             1, now() - (g || ' seconds')::interval, case when g % 83 = 0 then now() end,
             case when g % 4 in (2, 3) then 'log-' || g end, case when g % 10 = 0 then 1 + g % 5 end
        from generate_series(1, 4000) g`);
    await db.execute(sql`analyze outbox`);
  });

  for (const { what, index, query } of PLANS) {
    it(`${what} reads ${index}`, async () => {
      await database().handle.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        expect(await plan(tx, query)).toContain(index);
      });
    });
  }

  for (const [what, statement] of [
    ["marks messages sent", () => markSentStatement([{ id: 83, claimToken: randomUUID(), providerMessageId: "log-83" }])],
    ["renews the claims held", () => renewClaimsStatement([{ id: 83, claimToken: randomUUID() }, { id: 166, claimToken: randomUUID() }])],
  ] as const) {
    it(`${what} by their ids, not by reading every message held from the status index`, async () => {
      const { db } = database().handle;
      await db.transaction(async (tx) => {
        // However cheap the planner is told the status index is.
        await tx.execute(sql`set local random_page_cost = 0.01`);
        const text = await plan(tx, statement());
        expect(text).toContain("outbox_pkey");
        expect(text).not.toContain("outbox_due");
      });
    });
  }
});
