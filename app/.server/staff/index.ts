/**
 * Staff: who may use the back office, and with which role (owner, office, accounts). The owner adds a
 * member by mobile number (a new account, or the admin role added to an existing one: a customer may also
 * be staff), changes a member's role, or removes a member (the admin role and staff role taken away, their
 * back-office sessions ended at once). Every change is audited in its own transaction, and no change may
 * leave the business without an owner.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { audit, type AuditActor } from "~/.server/audit/index.ts";
import { getServerConfig } from "~/.server/config.ts";
import { getDb, type Transaction } from "~/.server/db/index.ts";
import { auditLog, sessions, users } from "~/.server/db/schema.ts";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import { STAFF_ROLE_INFO, type StaffRole } from "~/lib/auth/permissions.ts";
import {
  LAST_OWNER,
  STAFF_CHANGED_MEANWHILE,
  type AddStaffInput,
  type ChangeStaffRoleInput,
  type RemoveStaffInput,
} from "~/lib/forms/admin/staff.ts";

export interface StaffListItem {
  userId: number;
  name: string;
  mobile: string | null;
  /** +91 98480 12345 */
  mobileLabel: string | null;
  role: StaffRole;
  roleLabel: string;
  roleDescription: string;
  /** ISO; null if they have never signed in. */
  lastSignInAt: string | null;
  /** ISO: when they were added to the staff (their account's creation if the log has no entry). */
  addedAt: string;
  /** Listed in ADMIN_PHONES: made an owner again at every start of the server. */
  fromAdminPhones: boolean;
}

const ROLE_ORDER = sql`case ${users.staffRole} when 'owner' then 0 when 'office' then 1 else 2 end`;
const IS_STAFF = sql`'admin' = any(${users.roles})`;

/** How a staff member reads in the log and on the page: their name, else their number. */
export function staffLabel(user: { id: number; name: string | null; mobile: string | null }): string {
  return user.name ?? (user.mobile ? formatIndianPhone(user.mobile) : `user ${user.id}`);
}

/** Everyone with a back-office role: owners first, then office, then accounts; by name in each. */
export async function listStaff(): Promise<StaffListItem[]> {
  const adminPhones = new Set(getServerConfig().adminPhones);
  const rows = await getDb()
    .select({
      id: users.id,
      name: users.name,
      mobile: users.mobile,
      staffRole: users.staffRole,
      lastSignInAt: users.lastSignInAt,
      createdAt: users.createdAt,
      addedAt: sql<string | null>`(
        select max(${auditLog.at}) from ${auditLog}
        where ${auditLog.entityType} = 'user' and ${auditLog.entityId} = ${users.id}::text and ${auditLog.action} = 'staff.add'
      )`,
    })
    .from(users)
    .where(and(IS_STAFF, sql`${users.staffRole} is not null`))
    .orderBy(ROLE_ORDER, sql`lower(coalesce(${users.name}, ${users.mobile}, ''))`, asc(users.id));
  return rows.map((r) => {
    const role = r.staffRole!;
    return {
      userId: r.id,
      name: staffLabel(r),
      mobile: r.mobile,
      mobileLabel: r.mobile ? formatIndianPhone(r.mobile) : null,
      role,
      roleLabel: STAFF_ROLE_INFO[role].label,
      roleDescription: STAFF_ROLE_INFO[role].description,
      lastSignInAt: r.lastSignInAt?.toISOString() ?? null,
      addedAt: r.addedAt ? new Date(r.addedAt).toISOString() : r.createdAt.toISOString(),
      fromAdminPhones: r.mobile !== null && adminPhones.has(r.mobile),
    };
  });
}

export type StaffOutcome =
  | { ok: true; userId: number; name: string; role: StaffRole | null; fromAdminPhones: boolean; sessionsEnded?: number }
  | { ok: false; field: "mobile" | "form"; message: string };

type StaffRow = typeof users.$inferSelect;

function isAdminPhone(mobile: string | null): boolean {
  return mobile !== null && getServerConfig().adminPhones.includes(mobile);
}

/**
 * Adds a staff member: a new account for the number, or the admin role and the staff role given to the
 * account that has it (its other roles kept; a name it already has is kept too). A number that is
 * already staff is refused: change its role in the list instead.
 */
export async function addStaff(actor: AuditActor, input: Omit<AddStaffInput, "intent">, now = new Date()): Promise<StaffOutcome> {
  return getDb().transaction(async (tx): Promise<StaffOutcome> => {
    const existing = await lockByMobile(tx, input.mobile);
    if (existing?.roles.includes("admin") && existing.staffRole) {
      return {
        ok: false,
        field: "mobile",
        message: `${staffLabel(existing)} is already staff (${STAFF_ROLE_INFO[existing.staffRole].label}): change their role in the list below.`,
      };
    }
    let user: StaffRow;
    if (existing) {
      const [updated] = await tx
        .update(users)
        .set({
          roles: existing.roles.includes("admin") ? existing.roles : [...existing.roles, "admin"],
          staffRole: input.role,
          name: existing.name ?? input.name,
        })
        .where(eq(users.id, existing.id))
        .returning();
      user = updated!;
    } else {
      const [inserted] = await tx
        .insert(users)
        .values({ mobile: input.mobile, name: input.name, roles: ["admin"], staffRole: input.role, createdAt: now })
        .onConflictDoNothing({ target: users.mobile })
        .returning();
      // Made by someone else since the lookup (a sign-in, another owner's add): nothing is changed.
      if (!inserted) return { ok: false, field: "mobile", message: "An account was made for this number a moment ago. Send the form again." };
      user = inserted;
    }
    await audit(
      tx,
      actor,
      {
        action: "staff.add",
        entityType: "user",
        entityId: user.id,
        entityLabel: staffLabel(user),
        before: existing ? { roles: existing.roles, staffRole: existing.staffRole } : null,
        after: existing
          ? { roles: user.roles, staffRole: user.staffRole }
          : { name: user.name, mobile: user.mobile, roles: user.roles, staffRole: user.staffRole },
      },
      now,
    );
    return { ok: true, userId: user.id, name: staffLabel(user), role: input.role, fromAdminPhones: isAdminPhone(user.mobile) };
  });
}

/** The account with this number, locked for the transaction (made by a concurrent add: found after it commits). */
async function lockByMobile(tx: Transaction, mobile: string): Promise<StaffRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.mobile, mobile)).for("update");
  return row;
}

/**
 * The member as the page showed them (staff, with the role the page showed), locked; and whether the
 * change would leave no owner. The owners are locked too, so that two owners demoting each other at the
 * same moment cannot both succeed.
 */
async function lockMember(tx: Transaction, userId: number, shownRole: StaffRole): Promise<{ member?: StaffRow; otherOwners: number }> {
  const owners = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(IS_STAFF, eq(users.staffRole, "owner")))
    .orderBy(asc(users.id))
    .for("update");
  const [member] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  const current = member && member.roles.includes("admin") && member.staffRole === shownRole ? member : undefined;
  return { member: current, otherOwners: owners.filter((o) => o.id !== userId).length };
}

/** Gives a staff member another role. Demoting the last owner is refused. */
export async function changeStaffRole(actor: AuditActor, input: Omit<ChangeStaffRoleInput, "intent">, now = new Date()): Promise<StaffOutcome> {
  return getDb().transaction(async (tx): Promise<StaffOutcome> => {
    const { member, otherOwners } = await lockMember(tx, input.userId, input.from);
    if (!member) return { ok: false, field: "form", message: STAFF_CHANGED_MEANWHILE };
    const name = staffLabel(member);
    if (member.staffRole === input.role) return { ok: true, userId: member.id, name, role: input.role, fromAdminPhones: isAdminPhone(member.mobile) };
    if (member.staffRole === "owner" && otherOwners === 0) return { ok: false, field: "form", message: LAST_OWNER };
    const updated = await tx
      .update(users)
      .set({ staffRole: input.role })
      .where(and(eq(users.id, member.id), eq(users.staffRole, input.from)))
      .returning({ id: users.id });
    if (updated.length === 0) return { ok: false, field: "form", message: STAFF_CHANGED_MEANWHILE };
    await audit(
      tx,
      actor,
      { action: "staff.role", entityType: "user", entityId: member.id, entityLabel: name, before: { staffRole: input.from }, after: { staffRole: input.role } },
      now,
    );
    return { ok: true, userId: member.id, name, role: input.role, fromAdminPhones: isAdminPhone(member.mobile) };
  });
}

/**
 * Takes a member off the staff: "admin" out of their roles (the others kept), no staff role, and every
 * back-office session of theirs ended at once. Removing the last owner is refused.
 */
export async function removeStaff(actor: AuditActor, input: Omit<RemoveStaffInput, "intent">, now = new Date()): Promise<StaffOutcome> {
  return getDb().transaction(async (tx): Promise<StaffOutcome> => {
    const { member, otherOwners } = await lockMember(tx, input.userId, input.from);
    if (!member) return { ok: false, field: "form", message: STAFF_CHANGED_MEANWHILE };
    if (member.staffRole === "owner" && otherOwners === 0) return { ok: false, field: "form", message: LAST_OWNER };
    const roles = member.roles.filter((r) => r !== "admin");
    await tx.update(users).set({ roles, staffRole: null }).where(eq(users.id, member.id));
    const name = staffLabel(member);
    await audit(
      tx,
      actor,
      {
        action: "staff.remove",
        entityType: "user",
        entityId: member.id,
        entityLabel: name,
        before: { roles: member.roles, staffRole: member.staffRole },
        after: { roles, staffRole: null },
      },
      now,
    );
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, member.id), eq(sessions.role, "admin"), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return { ok: true, userId: member.id, name, role: null, fromAdminPhones: isAdminPhone(member.mobile), sessionsEnded: ended.length };
  });
}

/**
 * A staff member's own name, asked at their first sign-in when their account has none (made from
 * ADMIN_PHONES or `npm run admin:add` without one): replies, assignments and bookings show it. Set only while
 * it is missing, so a second tab's post changes nothing; audited.
 */
export async function setOwnName(actor: AuditActor & { userId: number }, name: string): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ name })
      .where(and(eq(users.id, actor.userId), isNull(users.name)))
      .returning({ id: users.id, mobile: users.mobile });
    if (!row) return false;
    await audit(tx, { ...actor, label: name }, { action: "staff.name", entityType: "user", entityId: row.id, entityLabel: name, before: { name: null }, after: { name } });
    return true;
  });
}
