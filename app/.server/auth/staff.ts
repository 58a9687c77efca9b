import { createContext, data, type RouterContextProvider } from "react-router";
import { noStore } from "~/.server/http/cache.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import type { AuditActor } from "~/.server/audit/index.ts";
import { can, PERMISSIONS, STAFF_ROLE_INFO, type Permission, type StaffRole } from "~/lib/auth/permissions.ts";
import { requireRole } from "./guards.ts";

/** The signed-in staff member, checked once by the admin layout's middleware for every screen below it. */
export interface StaffMember {
  userId: number;
  sessionId: number;
  name: string | null;
  mobile: string | null;
  role: StaffRole;
  permissions: readonly Permission[];
  ipAddress: string;
}

export const staffContext = createContext<StaffMember | null>(null);

/**
 * The host gate, then an admin-portal session with a staff role; else the sign-in page (no session) or
 * 403 (a session whose user has no staff role left).
 */
export async function requireStaff(request: Request, url: URL, context: Readonly<RouterContextProvider>): Promise<StaffMember> {
  const session = await requireRole(request, url, "admin");
  const role = session.user.staffRole;
  if (!role) throwForbidden("Your account has no back-office role. Ask the owner to give you one.");
  return {
    userId: session.user.id,
    sessionId: session.id,
    name: session.user.name,
    mobile: session.user.mobile,
    role,
    permissions: STAFF_ROLE_INFO[role].permissions,
    ipAddress: context.get(clientAddressContext),
  };
}

/** The staff member the admin layout checked. Every admin loader and action starts here. */
export function staffOf(context: Readonly<RouterContextProvider>): StaffMember {
  const staff = context.get(staffContext);
  // Only reachable if a route were placed outside the admin layout: fail closed.
  if (!staff) throwForbidden("This page is for back-office staff.");
  return staff;
}

/** For an action inside a screen that needs more than the screen's own permission. */
export function requirePermission(staff: StaffMember, permission: Permission): void {
  if (!can(staff.role, permission)) {
    throwForbidden(`Your role (${STAFF_ROLE_INFO[staff.role].label}) does not include: ${PERMISSIONS[permission]}. Ask the owner if you need it.`);
  }
}

/** A 403 that says why: the admin layout's error boundary shows the reason under "Access Denied". */
export function throwForbidden(reason: string): never {
  throw data({ reason }, { status: 403, headers: noStore() });
}

export function auditActor(staff: StaffMember): AuditActor {
  return { userId: staff.userId, label: staff.name ?? staff.mobile ?? `user ${staff.userId}`, ipAddress: staff.ipAddress };
}
