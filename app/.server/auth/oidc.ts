import { and, eq, isNull, sql } from "drizzle-orm";
import * as client from "openid-client";
import { redirect } from "react-router";
import { z } from "zod";
import { getServerConfig } from "~/.server/config.ts";
import { effectiveOidc, type OidcSettings } from "~/.server/settings/integrations.ts";
import { getDb } from "~/.server/db/index.ts";
import { sessions, users } from "~/.server/db/schema.ts";
import { isRole, ROLES, safeReturnPath, type Role } from "~/lib/auth/roles.ts";
import { signedCookie } from "./cookies.ts";
import { readSession, revokeSession, startSession, type CurrentSession, type OidcTokens } from "./sessions.ts";
import { hasRole, recordSignIn, type User } from "./users.ts";
import { noStore } from "~/.server/http/cache.ts";
import { originOf } from "~/.server/http/content-security-policy.ts";
import { auditSignIn } from "~/.server/audit/sign-ins.ts";

/**
 * Sign-in through the external OpenID Connect provider (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET):
 * the authorization code flow with PKCE, run entirely on the server with openid-client. The browser only
 * ever holds two signed cookies (the pending sign-in and the return address) and, afterwards, the same
 * session cookie as a one-time-code sign-in; the provider's tokens stay in the sessions table (ADR 010).
 */

/** Spec section 9: "stale sign-in state 900 s". A sign-in not finished by then starts again. */
const STATE_MAX_AGE_SECONDS = 900;
const STATE_COOKIE = "oidc_state";
/** Spec section 2: the "stored return address" the home page goes on to after a provider's return. */
const RETURN_COOKIE = "return_to";
/** Spec section 9: "silent request time-out 10 s"; the same bound for every call to the provider. */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** Discovery is cached, but not forever: a provider's endpoints and keys do move now and then. */
const DISCOVERY_TTL_MS = 60 * 60_000;
const SCOPE = "openid profile email";

export type OidcFailure = "failed" | "no-account" | "denied";

/**
 * The provider's name for the "Sign in with <provider>" button, or undefined when it is not configured.
 * The environment's OIDC_* variables win; otherwise the owner's settings (/admin/settings, Integrations)
 * configure it, so a provider can be added or changed without a restart.
 */
export async function oidcProviderName(): Promise<string | undefined> {
  return (await effectiveOidc())?.providerName;
}

// ---------------------------------------------------------------------------------------------------------
// Discovery


const discovered = new Map<string, { at: number; config: Promise<client.Configuration> }>();

async function requireSettings(): Promise<OidcSettings> {
  const settings = await effectiveOidc();
  if (!settings) throw new OidcError("not-configured", "OIDC_ISSUER is not set");
  return settings;
}

/** The origins of each discovered provider's sign-in and sign-out pages, by issuer, once discovery has answered. */
const endpointOrigins = new Map<string, string[]>();

/**
 * The provider's configuration from its discovery document, once per issuer and client (the test suite
 * switches between providers). openid-client checks that the document's issuer is the one configured.
 */
function providerConfig(settings: OidcSettings, now = Date.now()): Promise<client.Configuration> {
  const key = `${settings.issuer}\n${settings.clientId}\n${settings.clientSecret}`;
  const cached = discovered.get(key);
  if (cached && now - cached.at < DISCOVERY_TTL_MS) return cached.config;
  const issuer = new URL(settings.issuer);
  // Plain http is for a provider on the developer's machine or in the tests only: in production the
  // client refuses it (tokens and the client secret would cross the network in the clear).
  const insecure = issuer.protocol === "http:" && !getServerConfig().production;
  const config = client.discovery(
    issuer,
    settings.clientId,
    undefined,
    // HTTP Basic is the one client authentication every OAuth 2.0 server must support (RFC 6749 2.3.1)
    // and the OpenID Connect default, so it needs no per-provider setting.
    client.ClientSecretBasic(settings.clientSecret),
    { timeout: PROVIDER_TIMEOUT_SECONDS, execute: insecure ? [client.allowInsecureRequests] : [] },
  );
  discovered.set(key, { at: now, config });
  // For the pages' form-action (oidcFormTargets).
  void config.then(
    (c) => endpointOrigins.set(settings.issuer, [c.serverMetadata().authorization_endpoint, c.serverMetadata().end_session_endpoint].map(originOf).filter((o) => o !== undefined)),
    () => undefined,
  );
  // A failed discovery (provider down) is not remembered: the next sign-in tries again.
  config.catch(() => {
    if (discovered.get(key)?.config === config) discovered.delete(key);
  });
  return config;
}

/** Forgets discovered providers (tests). */
export function clearOidcDiscovery(): void {
  discovered.clear();
  endpointOrigins.clear();
}

/**
 * Where the sign-in button's and the sign-out button's posts are sent on to (a 303 to the provider): the pages'
 * Content-Security-Policy must name them in form-action, which browsers check on every redirect of a form's
 * post. The issuer's origin, and the authorization and end-session endpoints' origins once discovered (they are
 * on the issuer's origin at the common providers); none when no provider is configured.
 */
export async function oidcFormTargets(): Promise<string[]> {
  const settings = await effectiveOidc();
  if (!settings) return [];
  const issuer = originOf(settings.issuer);
  return [...new Set([issuer, ...(endpointOrigins.get(settings.issuer) ?? [])].filter((o): o is string => o !== undefined))];
}

// ---------------------------------------------------------------------------------------------------------
// The pending sign-in and the return address (signed cookies, never tokens)

const pendingSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  verifier: z.string().min(43),
  role: z.string().refine(isRole),
  returnTo: z.string().optional(),
  redirectUri: z.url(),
  issuer: z.string(),
});

type PendingOidcSignIn = z.infer<typeof pendingSchema> & { role: Role };

function stateCookie(url: URL) {
  return signedCookie(STATE_COOKIE, url, STATE_MAX_AGE_SECONDS);
}

function returnCookie(url: URL) {
  return signedCookie(RETURN_COOKIE, url, STATE_MAX_AGE_SECONDS);
}

async function readPending(request: Request, url: URL): Promise<PendingOidcSignIn | undefined> {
  const value: unknown = await stateCookie(url).parse(request.headers.get("cookie"));
  const parsed = pendingSchema.safeParse(value);
  if (!parsed.success) return undefined;
  return { ...parsed.data, role: parsed.data.role as Role, returnTo: safeReturnPath(parsed.data.returnTo) };
}

function clearCookies(url: URL): Promise<string[]> {
  return Promise.all([stateCookie(url).serialize("", { maxAge: 0 }), returnCookie(url).serialize("", { maxAge: 0 })]);
}

/**
 * Spec section 2, home page: the stored return address, read once. clearCookie removes it and goes out
 * with whatever response uses the path.
 */
export async function takeStoredReturn(request: Request, url: URL): Promise<{ path: string | undefined; clearCookie: string }> {
  const cookie = returnCookie(url);
  const value: unknown = await cookie.parse(request.headers.get("cookie"));
  return { path: safeReturnPath(value), clearCookie: await cookie.serialize("", { maxAge: 0 }) };
}

// ---------------------------------------------------------------------------------------------------------
// Failures

type Reason =
  | "not-configured"
  | "state-missing"
  | "state-mismatch"
  | "issuer-mismatch"
  | "nonce-mismatch"
  | "subject-mismatch"
  | "denied"
  | "provider-error"
  | "no-account"
  | "network"
  | "other";

class OidcError extends Error {
  readonly reason: Reason;
  constructor(reason: Reason, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** Every message down an error's cause chain, so the log line says what exactly did not match. */
function messages(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    parts.push(e.message);
    // The provider's own error code (access_denied, invalid_grant...), never the tokens or parameters.
    const { error: code, error_description: description } = e as { error?: unknown; error_description?: unknown };
    if (typeof code === "string") parts.push(typeof description === "string" ? `${code} (${description})` : code);
  }
  return parts.join(": ") || String(error);
}

/** Which check failed, from openid-client's (oauth4webapi's) errors. */
function reasonOf(error: unknown): Reason {
  if (error instanceof OidcError) return error.reason;
  if (error instanceof client.AuthorizationResponseError) return error.error === "access_denied" ? "denied" : "provider-error";
  const text = messages(error);
  if (/"state"/.test(text)) return "state-mismatch";
  if (/"iss"|issuer/i.test(text)) return "issuer-mismatch";
  if (/"nonce"/.test(text)) return "nonce-mismatch";
  if (/"sub"/.test(text)) return "subject-mismatch";
  if (error instanceof client.ResponseBodyError || error instanceof client.WWWAuthenticateChallengeError) return "provider-error";
  if (/fetch failed|timed? ?out|abort|ECONNREFUSED|ENOTFOUND|ECONNRESET/i.test(text)) return "network";
  return "other";
}

function logFailure(error: unknown, stage: "start" | "callback" | "sign-out"): Reason {
  const reason = reasonOf(error);
  console.warn(JSON.stringify({ type: "oidc_error", stage, reason, message: messages(error).slice(0, 500) }));
  return reason;
}

function failureCode(reason: Reason): OidcFailure {
  if (reason === "no-account") return "no-account";
  if (reason === "denied") return "denied";
  return "failed";
}

/** Back to the portal's sign-in page, which shows "Sign-in failed" (spec section 8) for oidcError. */
function signInPageWithError(role: Role, code: OidcFailure, returnTo?: string): string {
  const query = new URLSearchParams({ oidcError: code });
  if (returnTo) query.set("returnTo", returnTo);
  return `${ROLES[role].signInPath}?${query}`;
}

// ---------------------------------------------------------------------------------------------------------
// Step 1: off to the provider

/**
 * The address of the provider's sign-in page (PKCE S256, state, nonce, prompt=select_account) and the
 * cookies that remember this sign-in. When the provider cannot be reached, the portal's sign-in page with
 * oidcError instead.
 */
export async function startOidcSignIn(input: {
  role: Role;
  returnTo?: string;
  url: URL;
}): Promise<{ location: string; setCookie: string[] }> {
  const { role, url } = input;
  const returnTo = safeReturnPath(input.returnTo);
  try {
    const settings = await requireSettings();
    const config = await providerConfig(settings);
    const verifier = client.randomPKCECodeVerifier();
    const pending: PendingOidcSignIn = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier,
      role,
      returnTo,
      redirectUri: `${url.origin}/auth/callback`,
      issuer: settings.issuer,
    };
    const location = client.buildAuthorizationUrl(config, {
      redirect_uri: pending.redirectUri,
      scope: SCOPE,
      prompt: "select_account",
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    });
    const setCookie = [
      await stateCookie(url).serialize(pending),
      returnTo ? await returnCookie(url).serialize(returnTo) : await returnCookie(url).serialize("", { maxAge: 0 }),
    ];
    return { location: location.href, setCookie };
  } catch (error) {
    const reason = logFailure(error, "start");
    return { location: signInPageWithError(role, failureCode(reason), returnTo), setCookie: [] };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Step 2: back from the provider

interface Claims {
  sub: string;
  name?: string;
  email?: string;
  emailVerified: boolean;
}

function text(value: unknown, max: number): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim().slice(0, max) : undefined;
}

function claimsFrom(idToken: client.IDToken, userInfo: client.UserInfoResponse): Claims {
  const all: Record<string, unknown> = { ...idToken, ...userInfo };
  const name = text(all.name, 200) ?? text([all.given_name, all.family_name].filter((p) => typeof p === "string").join(" "), 200);
  const email = text(all.email, 254);
  return { sub: userInfo.sub, name, email, emailVerified: Boolean(email) && all.email_verified === true };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { cause?: { code?: string } })?.cause?.code === "23505";
}

/** The provider's view of the person kept up to date: their name (if we had none) and e-mail address. */
async function refreshProfile(user: User, claims: Claims, addRole?: Role): Promise<User> {
  const [updated] = await getDb()
    .update(users)
    .set({
      name: user.name ?? claims.name ?? null,
      ...(claims.email ? { email: claims.email, emailVerified: claims.emailVerified } : {}),
      ...(addRole && !hasRole(user, addRole)
        ? { roles: sql`case when ${addRole} = any(${users.roles}) then ${users.roles} else array_append(${users.roles}, ${addRole}) end` }
        : {}),
    })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
}

/**
 * The account this provider identity signs in to for role, or undefined.
 * - Known identity (issuer and sub): that account, if it has the role; anyone may also be a customer.
 * - New identity, customer portal: a new customer account.
 * - New identity, technician or admin portal: only an existing account with that role and the same
 *   e-mail address, which the provider says is verified; the identity is then linked to it. Whoever
 *   controls that address is that person; nobody gets staff access by signing up at the provider.
 */
async function accountFor(role: Role, issuer: string, claims: Claims, retry = true): Promise<User | undefined> {
  const db = getDb();
  const [linked] = await db
    .select()
    .from(users)
    .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, claims.sub)));
  if (linked) {
    if (hasRole(linked, role)) return refreshProfile(linked, claims);
    return role === "customer" ? refreshProfile(linked, claims, "customer") : undefined;
  }
  try {
    if (role === "customer") {
      const [created] = await db
        .insert(users)
        .values({
          roles: ["customer"],
          name: claims.name ?? null,
          email: claims.email ?? null,
          emailVerified: claims.emailVerified,
          oidcIssuer: issuer,
          oidcSubject: claims.sub,
        })
        .returning();
      return created;
    }
    if (!claims.email || !claims.emailVerified) return undefined;
    const candidates = await db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${claims.email.toLowerCase()}`, sql`${role} = any(${users.roles})`, isNull(users.oidcSubject)));
    // Two staff accounts with one address: which one is meant cannot be told, so neither is linked.
    if (candidates.length !== 1) return undefined;
    const [candidate] = candidates;
    const [updated] = await db
      .update(users)
      .set({ oidcIssuer: issuer, oidcSubject: claims.sub, emailVerified: true, name: candidate!.name ?? claims.name ?? null })
      .where(and(eq(users.id, candidate!.id), isNull(users.oidcSubject)))
      .returning();
    return updated;
  } catch (error) {
    // The same identity's first sign-in in two tabs at once: the other one made the account; use it.
    if (retry && isUniqueViolation(error)) return accountFor(role, issuer, claims, false);
    throw error;
  }
}

/**
 * GET /auth/callback: checks the provider's answer (state, issuer, PKCE, nonce, the ID token, and that
 * the user-info sub is the ID token's), finds or makes the account, opens the session and goes on to the
 * return address. Any failure goes back to the sign-in page with oidcError, and is logged.
 */
export async function completeOidcSignIn(input: { request: Request; url: URL; address: string }): Promise<Response> {
  const { request, url, address } = input;
  const pending = await readPending(request, url);
  const role = pending?.role ?? "customer";
  const headers = new Headers(noStore());
  for (const cookie of await clearCookies(url)) headers.append("Set-Cookie", cookie);
  try {
    if (!pending) throw new OidcError("state-missing", "no pending sign-in (state cookie missing, expired or altered)");
    const settings = await requireSettings();
    if (pending.issuer !== settings.issuer) throw new OidcError("issuer-mismatch", `sign-in started at ${pending.issuer}, now ${settings.issuer}`);
    const config = await providerConfig(settings);
    // The answer is checked against the redirect_uri this sign-in was started with, not against however
    // the request reached us: the token endpoint wants exactly the address the browser was sent to.
    const answer = new URL(pending.redirectUri);
    answer.search = url.search;
    const tokens = await client.authorizationCodeGrant(config, answer, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new OidcError("other", "the provider returned no ID token");
    // expectedSubject: a user-info answer about anyone but the ID token's subject is refused.
    const userInfo = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    const claims = claimsFrom(idClaims, userInfo);
    const user = await accountFor(role, settings.issuer, claims);
    if (!user) throw new OidcError("no-account", `no ${role} account for this identity`);

    // A new sign-in replaces whatever session this browser had (no session fixation, one portal at a time).
    const previous = await readSession(request);
    if (previous) {
      await revokeSession(previous.id);
      if (previous.method === "oidc") await revokeProviderTokens(previous, config);
    }
    const oidcTokens: OidcTokens = {
      idToken: tokens.id_token,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
    };
    headers.append("Set-Cookie", await startSession({ userId: user.id, role, method: "oidc", request, url, address, oidcTokens }));
    await recordSignIn(user.id);
    await auditSignIn(role, user, address, "oidc");
    return redirect(pending.returnTo ?? ROLES[role].landingPath, { status: 303, headers });
  } catch (error) {
    const reason = logFailure(error, "callback");
    return redirect(signInPageWithError(role, failureCode(reason), pending?.returnTo), { status: 303, headers });
  }
}

// ---------------------------------------------------------------------------------------------------------
// Sign-out

/** Revokes the session's refresh and access tokens at the provider; a failure is logged, never fatal. */
async function revokeProviderTokens(session: Pick<CurrentSession, "id" | "oidcTokens">, config: client.Configuration): Promise<void> {
  const tokens = session.oidcTokens;
  if (!tokens || !config.serverMetadata().revocation_endpoint) return;
  const revocations: Promise<void>[] = [];
  if (tokens.refreshToken) revocations.push(client.tokenRevocation(config, tokens.refreshToken, { token_type_hint: "refresh_token" }));
  if (tokens.accessToken) revocations.push(client.tokenRevocation(config, tokens.accessToken, { token_type_hint: "access_token" }));
  for (const result of await Promise.allSettled(revocations)) {
    if (result.status === "rejected") logFailure(result.reason, "sign-out");
  }
  // Revoked tokens are worth nothing, but the ID token still names the person: it is not kept either.
  await getDb().update(sessions).set({ oidcTokens: null }).where(eq(sessions.id, session.id));
}

/**
 * For the sign-out route, after it has ended the session here: revokes the provider's tokens and gives the
 * provider's end-session address (back to this site's home page afterwards), or undefined when the
 * provider has none (or cannot be reached: signing out here must work regardless).
 */
export async function oidcSignOut(session: CurrentSession, url: URL): Promise<string | undefined> {
  const settings = await effectiveOidc();
  if (!settings) return undefined;
  let config: client.Configuration;
  try {
    config = await providerConfig(settings);
  } catch (error) {
    logFailure(error, "sign-out");
    return undefined;
  }
  await revokeProviderTokens(session, config);
  if (!config.serverMetadata().end_session_endpoint) return undefined;
  const parameters: Record<string, string> = { post_logout_redirect_uri: `${url.origin}/`, client_id: settings.clientId };
  if (session.oidcTokens?.idToken) parameters.id_token_hint = session.oidcTokens.idToken;
  return client.buildEndSessionUrl(config, parameters).href;
}
