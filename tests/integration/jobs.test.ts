import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { grantAdmin } from "~/.server/auth/users.ts";
import { clearContentCache, seedContent } from "~/.server/content/index.ts";
import { outbox, serviceRequests } from "~/.server/db/schema.ts";
import { scheduleJobs } from "~/.server/jobs/index.ts";
import { MAINTENANCE_JOB, nextMaintenanceAt, scheduleMaintenance } from "~/.server/db/maintenance.ts";
import { deliverDueMessages, deliveriesSettled, MAX_ATTEMPTS } from "~/.server/notifications/index.ts";
import { RESPONSE_ESCALATION_JOB } from "~/.server/requests/escalation.ts";
import { submitServiceRequest } from "~/.server/requests/index.ts";
import { seedSettings } from "~/.server/settings/index.ts";
import { serviceRequestSchema } from "~/lib/forms/service-request.ts";
import { describeEachEngine } from "../support/test-databases.ts";

describeEachEngine("scheduled jobs and the response escalation", (database) => {
  const db = () => database().handle.db;
  const OWNER = "+919000000177";

  beforeAll(async () => {
    await seedSettings(db(), "http://localhost:3000");
    await seedContent(db());
    clearContentCache();
    await grantAdmin([OWNER]);
  });

  // The escalation jobs are booked by the batch's follow-up, right after its commit (ADR 011): wait for it.
  const submit = async (urgency: "emergency" | "planned", mobile: string) => {
    const submission = await submitServiceRequest(
      serviceRequestSchema.parse({
        contactName: "Anil Kumar",
        mobile,
        siteAddress: "Plot 7, IDA Balanagar",
        city: "Hyderabad",
        service: "vfd-drive-repair",
        faultDescription: "Drive trips on overcurrent at start",
        urgency,
        consent: "yes",
        idempotencyKey: randomUUID(),
      }),
      [],
    );
    await deliveriesSettled();
    return submission;
  };

  async function requestRow(reference: string) {
    const [row] = await db().select().from(serviceRequests).where(eq(serviceRequests.reference, reference));
    return row!;
  }

  async function escalationJob(requestId: number) {
    const [job] = await db().select().from(outbox).where(eq(outbox.dedupeKey, `job:${RESPONSE_ESCALATION_JOB}:${requestId}`));
    return job!;
  }

  const ownerAlerts = (reference: string) =>
    db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, OWNER), like(outbox.dedupeKey, `request:${reference}:escalation:%`)));

  it("a new request stores its response promise and its escalation job, due before the promise", async () => {
    const { reference } = await submit("emergency", "9848000101");
    const row = await requestRow(reference);
    expect(row.responseDueAt!.getTime() - row.createdAt.getTime()).toBeGreaterThan(2 * 3600_000 - 5_000);
    expect(row.responseDueAt!.getTime() - row.createdAt.getTime()).toBeLessThan(2 * 3600_000 + 5_000);
    const job = await escalationJob(row.id);
    expect(job).toMatchObject({ channel: "job", status: "pending", attempts: 0, template: RESPONSE_ESCALATION_JOB });
    expect(row.responseDueAt!.getTime() - job.nextAttemptAt.getTime()).toBe(30 * 60_000);
  });

  it("warns the owner once, by SMS and e-mail, when no call is logged in time, even if the job runs again", async () => {
    const { reference } = await submit("emergency", "9848000102");
    const row = await requestRow(reference);
    const job = await escalationJob(row.id);

    // Before it is due: nothing happens.
    await deliverDueMessages(new Date(job.nextAttemptAt.getTime() - 60_000));
    await deliveriesSettled();
    expect((await escalationJob(row.id)).status).toBe("pending");

    await deliverDueMessages(new Date(job.nextAttemptAt.getTime() + 1_000));
    await deliveriesSettled();
    expect((await escalationJob(row.id)).status).toBe("sent");
    expect((await requestRow(reference)).escalatedAt).not.toBeNull();
    const alerts = await ownerAlerts(reference);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.body).toContain(`request ${reference}`);
    expect(alerts[0]!.body).toContain("no call logged yet");
    const [email] = await db().select().from(outbox).where(like(outbox.dedupeKey, `request:${reference}:escalation:email:%`));
    expect(email?.subject).toContain(reference);

    // The same job scheduled again (a repeat) or run again (a crash after the work) warns nobody twice.
    await scheduleJobs(db(), [{ name: RESPONSE_ESCALATION_JOB, payload: { requestId: row.id }, runAt: new Date(0), dedupeKey: `job:${RESPONSE_ESCALATION_JOB}:${row.id}:again` }]);
    await deliverDueMessages(new Date(job.nextAttemptAt.getTime() + 2_000));
    await deliveriesSettled();
    expect(await ownerAlerts(reference)).toHaveLength(1);
  });

  it("does nothing for a request that was called in time", async () => {
    const { reference } = await submit("planned", "9848000103");
    const row = await requestRow(reference);
    await db().update(serviceRequests).set({ firstContactAt: new Date(), status: "contacted" }).where(eq(serviceRequests.id, row.id));
    const job = await escalationJob(row.id);
    await deliverDueMessages(new Date(job.nextAttemptAt.getTime() + 1_000));
    await deliveriesSettled();
    expect((await escalationJob(row.id)).status).toBe("sent");
    expect(await ownerAlerts(reference)).toHaveLength(0);
    expect((await requestRow(reference)).escalatedAt).toBeNull();
  });

  it("retries a failing job with back-off, then marks it failed", async () => {
    const dedupeKey = `job:no-such-job:${randomUUID()}`;
    await scheduleJobs(db(), [{ name: "no-such-job", payload: {}, runAt: new Date(Date.now() - 1000), dedupeKey }]);
    let now = new Date();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await deliverDueMessages(now);
      await deliveriesSettled();
      const [row] = await db().select().from(outbox).where(eq(outbox.dedupeKey, dedupeKey));
      expect(row!.attempts).toBe(attempt);
      expect(row!.lastError).toContain('No handler for job "no-such-job"');
      if (attempt < MAX_ATTEMPTS) {
        expect(row!.status).toBe("pending");
        expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
        now = new Date(row!.nextAttemptAt.getTime() + 1);
      } else {
        expect(row!.status).toBe("failed");
      }
    }
  });

  it("books the embedded database's upkeep for 03:00 India time, once a night; the run books the next night", async () => {
    expect(nextMaintenanceAt(new Date("2026-11-25T12:00:00+05:30"))).toEqual(new Date("2026-11-26T03:00:00+05:30"));
    expect(nextMaintenanceAt(new Date("2026-11-26T02:59:00+05:30"))).toEqual(new Date("2026-11-26T03:00:00+05:30"));
    expect(nextMaintenanceAt(new Date("2026-11-26T03:00:00+05:30"))).toEqual(new Date("2026-11-27T03:00:00+05:30"));

    const jobs = () => db().select().from(outbox).where(eq(outbox.template, MAINTENANCE_JOB)).orderBy(outbox.nextAttemptAt);
    const evening = new Date("2026-11-25T21:00:00+05:30");
    await scheduleMaintenance(evening);
    await scheduleMaintenance(evening); // a restart the same evening books nothing more
    expect((await jobs()).map((j) => [j.status, j.nextAttemptAt.toISOString()])).toEqual([["pending", new Date("2026-11-26T03:00:00+05:30").toISOString()]]);

    // At 03:00 the worker runs it (VACUUM ANALYZE on PGlite), and it books the next night: the one after the
    // night it ran for, or after today when the server's clock is later (a server that was down catches up once).
    const booked = new Date("2026-11-26T03:00:00+05:30");
    await deliverDueMessages(new Date("2026-11-26T03:00:05+05:30"));
    await deliveriesSettled();
    const next = nextMaintenanceAt(new Date(Math.max(Date.now(), booked.getTime())));
    expect(next.getTime()).toBeGreaterThan(booked.getTime());
    expect((await jobs()).map((j) => [j.status, j.nextAttemptAt.toISOString()])).toEqual([
      ["sent", booked.toISOString()],
      ["pending", next.toISOString()],
    ]);
  });
});
