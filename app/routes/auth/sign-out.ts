import { redirect } from "react-router";
import { clearSessionCookie, readSession, revokeSession, revokeUserSessions } from "~/.server/auth/index.ts";
import { oidcSignOut } from "~/.server/auth/oidc.ts";
import { auditSignOut } from "~/.server/audit/sign-ins.ts";
import { clientAddress, readForm } from "~/.server/forms/index.ts";
import type { Route } from "./+types/sign-out";

/**
 * POST /auth/sign-out: ends the session on the server (or, with `everywhere`, every session of the account:
 * a lost phone), clears the cookie and goes to the home page. A session opened through the OpenID provider
 * also ends there: its tokens are revoked and the browser passes through the provider's end-session page.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const session = await readSession(request);
  const headers = { "Set-Cookie": clearSessionCookie(url), "Cache-Control": "private, no-store" };
  if (!session) return redirect("/", { status: 303, headers });
  const form = await readForm(request);
  const everywhere = form.get("everywhere") === "yes";
  if (everywhere) await revokeUserSessions(session.user.id);
  else await revokeSession(session.id);
  await auditSignOut(session, clientAddress(context), everywhere);
  const providerLogout = session.method === "oidc" ? await oidcSignOut(session, url) : undefined;
  return redirect(providerLogout ?? "/", { status: 303, headers });
}

/** A GET (a typed address, a crawler) signs nobody out: that needs the form's POST. */
export function loader() {
  return redirect("/", 303);
}
