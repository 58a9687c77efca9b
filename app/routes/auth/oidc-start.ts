import { redirect } from "react-router";
import { requireAdminHost } from "~/.server/auth/index.ts";
import { oidcProviderName, startOidcSignIn } from "~/.server/auth/oidc.ts";
import { clientAddress, readForm, takeToken, type Limit } from "~/.server/forms/index.ts";
import { isRole, ROLES } from "~/lib/auth/roles.ts";
import type { Route } from "./+types/oidc-start";
import { noStore } from "~/.server/http/cache.ts";
import { privateNotFound } from "~/.server/http/errors.ts";

/**
 * POST /auth/oidc/start: the sign-in pages' "Sign in with <provider>" button. Sends the browser to the
 * provider with a fresh state, nonce and PKCE challenge (app/.server/auth/oidc.ts).
 */

/** Each start is a discovery fetch and a provider round trip: generous for people, tight for scripts. */
const START_LIMIT: Limit = { max: 20, windowMs: 10 * 60_000 };

export async function action({ request, url, context }: Route.ActionArgs) {
  if (!(await oidcProviderName())) return privateNotFound();
  const form = await readForm(request);
  const role = form.get("role");
  if (!isRole(role)) return new Response("Bad request", { status: 400, headers: noStore() });
  // The back office signs in only on its own host (spec section 2, admin gate), through the provider too.
  if (role === "admin") await requireAdminHost(url);
  const wait = await takeToken(`oidc-start:${clientAddress(context)}`, START_LIMIT);
  if (wait) {
    return new Response("Too many sign-in attempts. Please wait and try again.", {
      status: 429,
      headers: { ...noStore(), "Retry-After": String(wait) },
    });
  }
  const returnTo = form.get("returnTo");
  const started = await startOidcSignIn({ role, returnTo: typeof returnTo === "string" ? returnTo : undefined, url });
  const headers = new Headers(noStore());
  for (const cookie of started.setCookie) headers.append("Set-Cookie", cookie);
  return redirect(started.location, { status: 303, headers });
}

/** Only the button's POST starts a sign-in (a link or a crawler must not); a GET goes to the sign-in page. */
export async function loader({ url }: Route.LoaderArgs) {
  if (!(await oidcProviderName())) return privateNotFound();
  const role = url.searchParams.get("role");
  return redirect(ROLES[isRole(role) ? role : "customer"].signInPath, { status: 303, headers: noStore() });
}
