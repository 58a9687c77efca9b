import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import { readSession } from "~/.server/auth/sessions.ts";
import { customerIdOf } from "~/.server/customers/portal.ts";
import { getDb } from "~/.server/db/index.ts";
import { sessions, technicianProfiles, users } from "~/.server/db/schema.ts";
import { isStaffRole, STAFF_ROLE_INFO, type Permission } from "~/lib/auth/permissions.ts";
import type { Role } from "~/lib/auth/roles.ts";
import { verifyLiveGrant } from "./grants.ts";
import type { LiveAudience } from "./publish.ts";

/**
 * Who is listening, and what they may read. A principal comes from the stream's session (one portal per
 * session: a staff member with their role's permissions, a customer with their record, a technician with
 * their profile; each also their own "user:<id>"), plus the grants a loader issued for a signed link.
 * Every event is checked against it (mayRead) before it is written to the stream, and the session is
 * re-read every minute (refreshPrincipals): a sign-out, an expiry or a role taken away ends the stream.
 */
export interface LivePrincipal {
  sessionId?: number | undefined;
  userId?: number | undefined;
  role?: Role | undefined;
  sessionExpiresAt?: Date | undefined;
  /** Staff only: the permissions of their role, now. */
  permissions: readonly Permission[];
  customerId?: number | undefined;
  technicianId?: number | undefined;
  /** Audiences admitted by a verified grant, with the grant's expiry. */
  grants: Map<LiveAudience, Date>;
}

/** Audiences for staff only: read only on the back office's host. */
function staffOnly(audience: LiveAudience): boolean {
  return audience.startsWith("staff:");
}

/**
 * The principal of a stream's request: its session (if any) and the grants it presents (bad ones ignored).
 * `backOffice`: whether the stream was asked for on a host where the back office is served (the admin host
 * rule, ~/.server/auth/guards.ts). Elsewhere (the public site's host) a staff session and a grant for a staff
 * audience count for nothing, as the back office's pages would not be served there (issue 17 §1).
 */
export async function principalFor(
  request: Request,
  grantTokens: readonly string[],
  now = new Date(),
  options: { backOffice?: boolean } = {},
): Promise<LivePrincipal> {
  const backOffice = options.backOffice ?? true;
  const principal: LivePrincipal = { permissions: [], grants: new Map() };
  for (const token of grantTokens.slice(0, 8)) {
    const check = verifyLiveGrant(token, now);
    if (check.ok && (backOffice || !staffOnly(check.audience))) principal.grants.set(check.audience, check.expiresAt);
  }
  const session = await readSession(request);
  if (!session || (session.role === "admin" && !backOffice)) return principal;
  const [row] = await getDb().select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, session.id));
  principal.sessionId = session.id;
  principal.userId = session.user.id;
  principal.role = session.role;
  principal.sessionExpiresAt = row?.expiresAt;
  if (session.role === "admin") {
    principal.permissions = isStaffRole(session.user.staffRole) ? STAFF_ROLE_INFO[session.user.staffRole].permissions : [];
  } else if (session.role === "customer") {
    principal.customerId = await customerIdOf(session.user);
  } else if (session.role === "technician") {
    const [profile] = await getDb().select({ id: technicianProfiles.id }).from(technicianProfiles).where(eq(technicianProfiles.userId, session.user.id));
    principal.technicianId = profile?.id;
  }
  return principal;
}

/** Every audience the principal may read now: what a catch-up query selects and the hub subscribes to. */
export function audiencesOf(principal: LivePrincipal, now = new Date()): LiveAudience[] {
  const list: LiveAudience[] = ["public"];
  if (principal.userId !== undefined) list.push(`user:${principal.userId}`);
  for (const permission of principal.permissions) list.push(`staff:${permission}`);
  if (principal.customerId !== undefined) list.push(`customer:${principal.customerId}`);
  if (principal.technicianId !== undefined) list.push(`technician:${principal.technicianId}`);
  for (const [audience, until] of principal.grants) if (until > now && !list.includes(audience)) list.push(audience);
  return list;
}

/** Whether the principal may read an event for `audience`, now. Checked for every event delivered. */
export function mayRead(principal: LivePrincipal, audience: string, now = new Date()): boolean {
  if (principal.sessionExpiresAt && principal.sessionExpiresAt <= now) return false;
  if (audience === "public") return true;
  const grant = principal.grants.get(audience as LiveAudience);
  if (grant && grant > now) return true;
  const colon = audience.indexOf(":");
  const scope = audience.slice(0, colon);
  const rest = audience.slice(colon + 1);
  switch (scope) {
    case "staff":
      return principal.role === "admin" && (principal.permissions as readonly string[]).includes(rest);
    case "user":
      return principal.userId !== undefined && String(principal.userId) === rest;
    case "customer":
      return principal.role === "customer" && principal.customerId !== undefined && String(principal.customerId) === rest;
    case "technician":
      return principal.role === "technician" && principal.technicianId !== undefined && String(principal.technicianId) === rest;
    default:
      // ticket:<id>, video:<id>: only through a grant (the page that checked the link or the staff screen issues it).
      return false;
  }
}

/** Whether the principal's session has ended (expired) or every grant it came with has. */
export function principalEnded(principal: LivePrincipal, now = new Date()): boolean {
  if (principal.sessionId !== undefined) return !principal.sessionExpiresAt || principal.sessionExpiresAt <= now;
  if (principal.grants.size === 0) return false;
  for (const until of principal.grants.values()) if (until > now) return false;
  return true;
}

/**
 * Re-reads the sessions of many principals in one query (the hub does this every minute): a revoked or
 * expired session, or a portal role taken away, ends its principal's session (sessionExpiresAt in the past);
 * a staff role changed changes the permissions at once.
 */
export async function refreshPrincipals(principals: Iterable<LivePrincipal>, now = new Date()): Promise<void> {
  const bySession = new Map<number, LivePrincipal[]>();
  for (const p of principals) {
    if (p.sessionId === undefined) continue;
    const list = bySession.get(p.sessionId);
    if (list) list.push(p);
    else bySession.set(p.sessionId, [p]);
  }
  if (bySession.size === 0) return;
  const ids = [...bySession.keys()];
  const rows = [];
  for (let i = 0; i < ids.length; i += 1000) {
    rows.push(
      ...(await getDb()
        .select({ id: sessions.id, role: sessions.role, expiresAt: sessions.expiresAt, roles: users.roles, staffRole: users.staffRole })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(inArray(sessions.id, ids.slice(i, i + 1000)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))),
    );
  }
  const alive = new Map(rows.map((r) => [r.id, r]));
  for (const [id, list] of bySession) {
    const row = alive.get(id);
    for (const p of list) {
      if (!row || !row.roles.includes(row.role)) {
        p.sessionExpiresAt = new Date(0);
        continue;
      }
      p.sessionExpiresAt = row.expiresAt;
      if (row.role === "admin") p.permissions = isStaffRole(row.staffRole) ? STAFF_ROLE_INFO[row.staffRole].permissions : [];
    }
  }
}
