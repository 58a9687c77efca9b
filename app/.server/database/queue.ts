import { sql } from "drizzle-orm";
import type { Database } from "~/.server/db/index.ts";
import { formatDateTime } from "~/lib/format.ts";

/**
 * The job queue's state: the outbox (~/.server/jobs, ADR 015), which holds the scheduled jobs and the
 * messages to send. Only rows not sent are read (status <> 'sent', the condition of the partial index
 * outbox_due), so the figures cost the same however many messages were ever sent.
 */

export type QueueKind = "job" | "sms" | "email";

const KIND_LABEL: Record<QueueKind, string> = { job: "Scheduled jobs", sms: "SMS", email: "E-mails" };
const ONE_OF_KIND: Record<QueueKind, string> = { job: "Job", sms: "SMS", email: "E-mail" };
const KINDS: readonly QueueKind[] = ["job", "sms", "email"];

export interface QueueRow {
  kind: QueueKind;
  label: string;
  /** Due now and not yet taken: the queue's depth. */
  waiting: number;
  /** Booked for later. */
  scheduled: number;
  /** Held by a worker at this moment. */
  sending: number;
  /** Given up after the last attempt. */
  failed: number;
  /** When the longest-waiting due item fell due (India time); null: nothing waiting. */
  oldestWaitingSince: string | null;
}

export interface QueueFigures {
  rows: QueueRow[];
  totals: { waiting: number; scheduled: number; sending: number; failed: number };
  /** The item that has waited longest since it fell due. */
  oldest: { kind: string; what: string; dueSince: string; attempts: number } | null;
}

type Rows = { rows: Array<Record<string, unknown>> };

export async function queueFigures(db: Database): Promise<QueueFigures> {
  const [grouped, oldestRows] = (await Promise.all([
    db.execute(sql`
      select channel, status, next_attempt_at <= now() as due, count(*)::int as count, min(next_attempt_at) as oldest
        from outbox
       where status <> 'sent'
       group by 1, 2, 3`),
    db.execute(sql`
      select channel, template, subject, next_attempt_at, attempts
        from outbox
       where status = 'pending' and next_attempt_at <= now()
       order by next_attempt_at, id
       limit 1`),
  ])) as unknown as [Rows, Rows];
  const rows = KINDS.map((kind): QueueRow & { oldestAt: Date | null } => ({
    kind,
    label: KIND_LABEL[kind],
    waiting: 0,
    scheduled: 0,
    sending: 0,
    failed: 0,
    oldestWaitingSince: null,
    oldestAt: null,
  }));
  for (const g of grouped.rows) {
    const row = rows.find((r) => r.kind === g.channel);
    if (!row) continue;
    const n = Number(g.count);
    if (g.status === "failed") row.failed += n;
    else if (g.status === "sending") row.sending += n;
    else if (g.due === true) {
      row.waiting += n;
      row.oldestAt = new Date(g.oldest as string | Date);
    } else row.scheduled += n;
  }
  const sum = (key: "waiting" | "scheduled" | "sending" | "failed") => rows.reduce((s, r) => s + r[key], 0);
  const first = oldestRows.rows[0];
  const firstKind = first && KINDS.find((k) => k === first.channel);
  return {
    rows: rows.map(({ oldestAt, ...r }) => ({ ...r, oldestWaitingSince: oldestAt ? formatDateTime(oldestAt) : null })),
    totals: { waiting: sum("waiting"), scheduled: sum("scheduled"), sending: sum("sending"), failed: sum("failed") },
    oldest: first
      ? {
          kind: firstKind ? ONE_OF_KIND[firstKind] : String(first.channel),
          what: String(first.subject ?? first.template),
          dueSince: formatDateTime(new Date(first.next_attempt_at as string | Date)),
          attempts: Number(first.attempts),
        }
      : null,
  };
}
