/**
 * Staff sign-ins and sign-outs in the audit log ("auth.sign-in", "auth.sign-out", entity "user"), with the
 * address they came from. Only the back office's (admin portal) sessions: customers and technicians sign
 * in far more often, and their sign-ins are not staff actions.
 */
import type { Role } from "~/lib/auth/roles.ts";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import { auditNow } from "./index.ts";

interface Person {
  id: number;
  name: string | null;
  mobile: string | null;
}

function labelOf(user: Person): string {
  return user.name ?? (user.mobile ? formatIndianPhone(user.mobile) : `user ${user.id}`);
}

/** After a session has been opened for user in role's portal (by code or through the OpenID provider). */
export async function auditSignIn(role: Role, user: Person, address: string, method: "otp" | "oidc"): Promise<void> {
  if (role !== "admin") return;
  const label = labelOf(user);
  await auditNow(
    { userId: user.id, label, ipAddress: address },
    { action: "auth.sign-in", entityType: "user", entityId: user.id, entityLabel: label, after: { method } },
  );
}

/** After a session has been ended at the person's request (everywhere: "Sign out on all devices"). */
export async function auditSignOut(session: { role: Role; user: Person }, address: string, everywhere: boolean): Promise<void> {
  if (session.role !== "admin") return;
  const label = labelOf(session.user);
  await auditNow(
    { userId: session.user.id, label, ipAddress: address },
    { action: "auth.sign-out", entityType: "user", entityId: session.user.id, entityLabel: label, after: everywhere ? { everywhere: true } : null },
  );
}
