import { and, eq, inArray, lt, lte } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { customers, invoices } from "~/.server/db/schema.ts";
import { registerJob, scheduleJobs } from "~/.server/jobs/index.ts";
import { signLinkToken } from "~/.server/links/signed.ts";
import { DLT_TEMPLATES, queueMessages, sms } from "~/.server/notifications/index.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { pdfDate } from "~/.server/documents/tax-document-pdf.ts";
import { amountDue, DAY_MS, dayInIndia, daysBetween, OPEN_INVOICE_STATUSES, smsAmount } from "./shared.ts";

/**
 * Payment reminders by SMS (DLT paymentReminder), on the operations settings' schedule: the first
 * `reminderEveryDays` days after an invoice's due date, then every `reminderEveryDays` days, at most
 * `maxReminders` per invoice; 0 in either sends none. Never for a paid or cancelled invoice: the invoice
 * is re-read under a row lock at the moment of sending, so one paid a minute earlier gets nothing.
 *
 * The schedule is counted in due slots: slot n is reached n × every days after the due date. An invoice
 * gets at most one reminder per slot, even across restarts and with several servers: the slot is in the
 * outbox dedupe key (payment-reminder:<number>:slot-<n>), and the last reminder's slot is derived from
 * last_reminder_at under the lock. A server that was down for a week sends one reminder for the current
 * slot, not one per slot it missed.
 *
 * It runs as one job a day at 10:00 India time (a civil hour for an SMS about money) on the one job queue
 * (ADR 015), booked like the nightly maintenance (~/.server/db/maintenance.ts): start-up books today's or
 * tomorrow's run, each run books the next.
 */

export const REMINDERS_JOB = "payment-reminders";

const IST_OFFSET_MS = 330 * 60_000;
const HOUR_IST = 10;

/** The next 10:00 India time strictly after `now`. */
export function nextRemindersAt(now: Date): Date {
  const istMidnight = Math.floor((now.getTime() + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
  const today = istMidnight + HOUR_IST * 3_600_000;
  return new Date(today > now.getTime() ? today : today + DAY_MS);
}

/** Books the day's run (once per day: the dedupe key names the date). Called at start-up and by the job. */
export async function schedulePaymentReminders(now = new Date()): Promise<Date> {
  const runAt = nextRemindersAt(now);
  const day = dayInIndia(runAt);
  await scheduleJobs(getDb(), [{ name: REMINDERS_JOB, payload: { at: runAt.toISOString() }, runAt, dedupeKey: `job:${REMINDERS_JOB}:${day}` }]);
  return runAt;
}

/** The due slot reached `days` after the due date (0 before the first reminder is due). */
export function dueSlot(daysPastDue: number, everyDays: number): number {
  if (everyDays <= 0 || daysPastDue < everyDays) return 0;
  return Math.floor(daysPastDue / everyDays);
}

export interface ReminderRun {
  sent: number;
  skipped: number;
}

/** Sends the reminders due now. Idempotent: run twice in a day, the second finds nothing new to send. */
export async function sendPaymentReminders(now = new Date()): Promise<ReminderRun> {
  const site = await getSiteSettings();
  const { reminderEveryDays: every, maxReminders: max } = site.operations;
  const run: ReminderRun = { sent: 0, skipped: 0 };
  if (every <= 0 || max <= 0) return run;
  const today = dayInIndia(now);
  // Candidates: open invoices whose first reminder is due by today; each is checked again under its lock.
  const firstDueBy = new Date(Date.parse(`${today}T00:00:00Z`) - every * DAY_MS).toISOString().slice(0, 10);
  const candidates = await getDb()
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.kind, "invoice"), inArray(invoices.status, [...OPEN_INVOICE_STATUSES]), lte(invoices.dueDate, firstDueBy), lt(invoices.remindersSent, max)))
    .orderBy(invoices.dueDate, invoices.id);
  for (const { id } of candidates) {
    const sent = await getDb().transaction(async (tx) => {
      const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
      if (!invoice || invoice.kind !== "invoice" || !(OPEN_INVOICE_STATUSES as readonly string[]).includes(invoice.status)) return false;
      const due = amountDue(invoice);
      if (due <= 0 || invoice.remindersSent >= max) return false;
      const slot = dueSlot(daysBetween(invoice.dueDate, today), every);
      if (slot === 0) return false;
      const lastSlot = invoice.lastReminderAt ? dueSlot(daysBetween(invoice.dueDate, dayInIndia(invoice.lastReminderAt)), every) : 0;
      if (slot <= lastSlot) return false;
      const [customer] = await tx.select({ mobile: customers.mobile, erasedAt: customers.erasedAt }).from(customers).where(eq(customers.id, invoice.customerId));
      if (!customer?.mobile || customer.erasedAt) return false;
      await queueMessages(tx, [
        sms(
          DLT_TEMPLATES.paymentReminder,
          customer.mobile,
          {
            business: site.identity.legalName,
            number: invoice.number,
            amount: smsAmount(due),
            due: pdfDate(invoice.dueDate),
            siteUrl: site.identity.siteUrl,
            token: signLinkToken("invoice", invoice.id),
          },
          `payment-reminder:${invoice.number}:slot-${slot}`,
        ),
      ]);
      await tx.update(invoices).set({ remindersSent: invoice.remindersSent + 1, lastReminderAt: now }).where(eq(invoices.id, invoice.id));
      return true;
    });
    if (sent) run.sent++;
    else run.skipped++;
  }
  return run;
}

/** The job: today's reminders, then the next day's booking (counted from the day it was booked for). */
export async function runPaymentReminders(bookedFor: Date, now = new Date()): Promise<void> {
  await sendPaymentReminders(now);
  await schedulePaymentReminders(new Date(Math.max(now.getTime(), bookedFor.getTime())));
}

registerJob(REMINDERS_JOB, (payload) => runPaymentReminders(typeof payload.at === "string" ? new Date(payload.at) : new Date()));
