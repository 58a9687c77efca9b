/** The office's review of technician applications: the list, the counts, one application, approve or reject. */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { audit, type AuditActor } from "~/.server/audit/index.ts";
import { getDb, type Transaction } from "~/.server/db/index.ts";
import { technicianProfiles, users } from "~/.server/db/schema.ts";
import { DLT_TEMPLATES, queueMessages, sms } from "~/.server/notifications/index.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { optionalText } from "~/lib/forms/fields.ts";
import type { ReviewableStatus } from "~/lib/forms/technician-registration.ts";
import type { TechnicianProfile } from "./shared.ts";

const STATUS_ORDER = sql`case ${technicianProfiles.status} when 'pending' then 0 when 'approved' then 1 else 2 end`;

/** Applications whose number is verified: pending first, then approved, then rejected; newest first in each. */
export async function listApplications(status?: ReviewableStatus, limit = 300): Promise<TechnicianProfile[]> {
  return getDb()
    .select()
    .from(technicianProfiles)
    .where(status ? eq(technicianProfiles.status, status) : ne(technicianProfiles.status, "unverified"))
    .orderBy(STATUS_ORDER, sql`coalesce(${technicianProfiles.verifiedAt}, ${technicianProfiles.createdAt}) desc`, asc(technicianProfiles.id))
    .limit(limit);
}

/** How many applications are in each state (the filter's counts). */
export async function countApplications(): Promise<Record<ReviewableStatus, number>> {
  const rows = await getDb()
    .select({ status: technicianProfiles.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(technicianProfiles)
    .where(ne(technicianProfiles.status, "unverified"))
    .groupBy(technicianProfiles.status);
  const counts: Record<ReviewableStatus, number> = { pending: 0, approved: 0, rejected: 0 };
  for (const r of rows) if (r.status !== "unverified") counts[r.status] = r.n;
  return counts;
}

/** An application the office may see (its number verified), by id. */
export async function findApplication(id: number): Promise<TechnicianProfile | undefined> {
  const [row] = await getDb()
    .select()
    .from(technicianProfiles)
    .where(and(eq(technicianProfiles.id, id), ne(technicianProfiles.status, "unverified")));
  return row;
}

export const REJECT_NOTE_MISSING = "Write a note saying why the application is not approved: the technician reads it on their dashboard.";

/** The review form of one application. A note is optional to approve and required to reject. */
export const reviewSchema = z
  .object({
    id: z.string().regex(/^\d{1,9}$/, "This application could not be found.").transform(Number),
    decision: z.enum(["approve", "reject"], "Choose Approve or Reject."),
    note: optionalText(1000),
  })
  .superRefine((v, ctx) => {
    if (v.decision === "reject" && !v.note) ctx.addIssue({ code: "custom", path: ["note"], message: REJECT_NOTE_MISSING });
  });

export type ReviewOutcome =
  | { ok: true; changed: boolean; reference: string; status: "approved" | "rejected" }
  | { ok: false; reason: "not-found" };

/**
 * Approves or rejects an application, records who did and the note, and queues the technician's SMS in
 * the same transaction. Reviewing again with the same decision (a repeated post, two admins at once)
 * changes nothing and sends nothing; the office may change its decision later, which the technician is
 * told about too.
 */
export async function reviewApplication(input: {
  id: number;
  decision: "approve" | "reject";
  note?: string;
  reviewerId: number;
  /** Who, for the audit log (auditActor(staff): with their address); else the reviewer's account. */
  actor?: AuditActor;
  now?: Date;
}): Promise<ReviewOutcome> {
  const { id, decision, note, reviewerId, actor, now = new Date() } = input;
  const status = decision === "approve" ? "approved" : "rejected";
  const site = await getSiteSettings();
  const outcome = await getDb().transaction(async (tx): Promise<ReviewOutcome> => {
    const [row] = await tx.select().from(technicianProfiles).where(eq(technicianProfiles.id, id)).for("update");
    if (!row || row.status === "unverified") return { ok: false, reason: "not-found" };
    if (row.status === status) return { ok: true, changed: false, reference: row.reference, status };
    await tx
      .update(technicianProfiles)
      .set({ status, reviewNote: note ?? null, reviewedAt: now, reviewedBy: reviewerId })
      .where(eq(technicianProfiles.id, row.id));
    await audit(
      tx,
      actor ?? (await reviewerActor(tx, reviewerId)),
      {
        action: "technician.review",
        entityType: "technician",
        entityId: row.id,
        entityLabel: row.reference,
        before: { status: row.status, reviewNote: row.reviewNote },
        after: { status, reviewNote: note ?? null },
      },
      now,
    );
    // Named after the state it changed from: the same change can only ever queue one message.
    const dedupeKey = `technician:${row.reference}:${status}:from-${row.status}-${(row.reviewedAt ?? row.verifiedAt ?? row.createdAt).getTime()}`;
    await queueMessages(tx, [
      sms(
        status === "approved" ? DLT_TEMPLATES.technicianApproved : DLT_TEMPLATES.technicianRejected,
        row.mobile,
        { business: site.identity.legalName, reference: row.reference },
        dedupeKey,
      ),
    ]);
    return { ok: true, changed: true, reference: row.reference, status };
  });
  return outcome;
}

/** The reviewer as the audit log names them, when the caller gave no actor (no address then). */
async function reviewerActor(tx: Transaction, reviewerId: number): Promise<AuditActor> {
  const [user] = await tx.select({ name: users.name, mobile: users.mobile }).from(users).where(eq(users.id, reviewerId));
  return { userId: reviewerId, label: user?.name ?? user?.mobile ?? `user ${reviewerId}`, ipAddress: null };
}
