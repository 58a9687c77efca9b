import { and, asc, eq, sql } from "drizzle-orm";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { getDb } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { cannedReplies, users } from "~/.server/db/schema.ts";
import { STALE_CANNED_MESSAGE, type CannedAddInput, type CannedDeleteInput, type CannedEditInput } from "~/lib/forms/helpdesk.ts";

/**
 * The help desk's canned replies (/admin/help-desk/canned): ready answers the office picks on a ticket and
 * edits before sending. Titles are unique. An edit or a delete names the version the staff member saw (the
 * row's updated_at): a change made meanwhile refuses it. Every change is audited.
 */

export async function listCannedReplies() {
  const rows = await getDb()
    .select({
      id: cannedReplies.id,
      title: cannedReplies.title,
      body: cannedReplies.body,
      updatedAt: cannedReplies.updatedAt,
      updatedByName: sql<string | null>`coalesce(${users.name}, ${users.mobile})`,
    })
    .from(cannedReplies)
    .leftJoin(users, eq(users.id, cannedReplies.updatedBy))
    .orderBy(asc(cannedReplies.title), asc(cannedReplies.id));
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

export type CannedResult = { ok: true; message: string } | { ok: false; field: string; message: string };

const TITLE_TAKEN = "Another canned reply has this title: choose another.";

export async function addCannedReply(staff: StaffMember, input: CannedAddInput, now = new Date()): Promise<CannedResult> {
  try {
    return await getDb().transaction(async (tx): Promise<CannedResult> => {
      const [row] = await tx
        .insert(cannedReplies)
        .values({ title: input.title, body: input.body, updatedBy: staff.userId, updatedAt: now })
        .onConflictDoNothing({ target: cannedReplies.title })
        .returning({ id: cannedReplies.id });
      if (!row) return { ok: false, field: "title", message: TITLE_TAKEN };
      await audit(tx, auditActor(staff), { action: "canned-reply.add", entityType: "canned_reply", entityId: row.id, entityLabel: input.title, after: { title: input.title, body: input.body } }, now);
      return { ok: true, message: `Canned reply “${input.title}” added.` };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, field: "title", message: TITLE_TAKEN };
    throw error;
  }
}

function sameVersion(updatedAt: Date, seen: string): boolean {
  return updatedAt.toISOString() === seen;
}

export async function editCannedReply(staff: StaffMember, input: CannedEditInput, now = new Date()): Promise<CannedResult> {
  try {
    return await getDb().transaction(async (tx): Promise<CannedResult> => {
      const [row] = await tx.select().from(cannedReplies).where(eq(cannedReplies.id, input.id)).for("update");
      if (!row || !sameVersion(row.updatedAt, input.seen)) return { ok: false, field: "form", message: STALE_CANNED_MESSAGE };
      const [clash] = await tx
        .select({ id: cannedReplies.id })
        .from(cannedReplies)
        .where(and(eq(cannedReplies.title, input.title), sql`${cannedReplies.id} <> ${input.id}`));
      if (clash) return { ok: false, field: "title", message: TITLE_TAKEN };
      await tx.update(cannedReplies).set({ title: input.title, body: input.body, updatedBy: staff.userId, updatedAt: now }).where(eq(cannedReplies.id, input.id));
      await audit(
        tx,
        auditActor(staff),
        { action: "canned-reply.edit", entityType: "canned_reply", entityId: row.id, entityLabel: input.title, before: { title: row.title, body: row.body }, after: { title: input.title, body: input.body } },
        now,
      );
      return { ok: true, message: `Canned reply “${input.title}” saved.` };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, field: "title", message: TITLE_TAKEN };
    throw error;
  }
}

export async function deleteCannedReply(staff: StaffMember, input: CannedDeleteInput, now = new Date()): Promise<CannedResult> {
  return getDb().transaction(async (tx): Promise<CannedResult> => {
    const [row] = await tx.select().from(cannedReplies).where(eq(cannedReplies.id, input.id)).for("update");
    if (!row || !sameVersion(row.updatedAt, input.seen)) return { ok: false, field: "form", message: STALE_CANNED_MESSAGE };
    await tx.delete(cannedReplies).where(eq(cannedReplies.id, input.id));
    await audit(tx, auditActor(staff), { action: "canned-reply.delete", entityType: "canned_reply", entityId: row.id, entityLabel: row.title, before: { title: row.title, body: row.body } }, now);
    return { ok: true, message: `Canned reply “${row.title}” deleted.` };
  });
}

/** The office's first canned replies, for a new install's demo (and the tests): added once, by title. */
export const STARTER_CANNED_REPLIES = [
  {
    title: "Engineer will call",
    body: "Thank you for your message. Our service engineer will call you shortly to understand the fault and arrange a visit if needed.",
  },
  {
    title: "Need model and fault code",
    body: "To help us diagnose this quickly, please send the equipment's make, model and rating, and any fault code shown on the display (a photo of the nameplate helps).",
  },
  {
    title: "Resolved: please confirm",
    body: "We believe this is now resolved. Please reply here if anything is still not right; otherwise we will close the ticket in two days.",
  },
] as const;
