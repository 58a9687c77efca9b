import { and, eq, sql } from "drizzle-orm";
import { linkCustomerAccount } from "~/.server/customers/link.ts";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { technicianProfiles, users } from "~/.server/db/schema.ts";
import type { Role } from "~/lib/auth/roles.ts";

export type User = typeof users.$inferSelect;

/** The account with this mobile number, if any. */
export async function findUserByMobile(mobile: string): Promise<User | undefined> {
  const [user] = await getDb().select().from(users).where(eq(users.mobile, mobile));
  return user;
}

/**
 * The account for mobile, made if it does not exist yet, with role added. One statement, so two first
 * sign-ins at once still make one account.
 */
export async function upsertUserWithRole(
  mobile: string,
  role: Role,
  tx: Database | Transaction = getDb(),
  name?: string,
): Promise<User> {
  const [user] = await tx
    .insert(users)
    .values({ mobile, roles: [role], name: name ?? null })
    .onConflictDoUpdate({
      target: users.mobile,
      set: {
        roles: sql`case when ${role} = any(${users.roles}) then ${users.roles} else array_append(${users.roles}, ${role}) end`,
        name: sql`coalesce(${users.name}, excluded.name)`,
      },
    })
    .returning();
  // A customer's sign-in links their account to their customer record (same mobile), made from their requests.
  if (role === "customer") await linkCustomerAccount(tx, user!.id, mobile);
  return user!;
}

export async function recordSignIn(userId: number, now = new Date()): Promise<void> {
  await getDb().update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
}

/** May this number sign in to the technician portal? Only once it has registered (any status). */
export async function technicianRegistered(mobile: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: technicianProfiles.id })
    .from(technicianProfiles)
    .where(and(eq(technicianProfiles.mobile, mobile), sql`${technicianProfiles.status} <> 'unverified'`));
  return Boolean(row);
}

export function hasRole(user: Pick<User, "roles">, role: Role): boolean {
  return user.roles.includes(role);
}

/** Gives each number the back office's owner role (ADMIN_PHONES at start-up, `npm run admin:add`). */
export async function grantAdmin(mobiles: readonly string[]): Promise<User[]> {
  const granted: User[] = [];
  for (const mobile of mobiles) {
    const user = await upsertUserWithRole(mobile, "admin");
    const [owner] = await getDb().update(users).set({ staffRole: "owner" }).where(eq(users.id, user.id)).returning();
    granted.push(owner ?? user);
  }
  return granted;
}
