import { completeOidcSignIn, oidcProviderName } from "~/.server/auth/oidc.ts";
import { clientAddress } from "~/.server/forms/index.ts";
import type { Route } from "./+types/auth-callback";
import { privateNotFound } from "~/.server/http/errors.ts";

/**
 * GET /auth/callback: where the OpenID provider sends the browser back (spec section 2). Every check and
 * the session itself are in app/.server/auth/oidc.ts; this answers with a redirect either way.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  if (!(await oidcProviderName())) return privateNotFound();
  return completeOidcSignIn({ request, url, address: clientAddress(context) });
}
