import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { sessions, users } from "~/.server/db/schema.ts";
import { ROLES, type Role, type Viewer } from "~/lib/auth/roles.ts";
import { secureCookies } from "./cookies.ts";
import type { User } from "./users.ts";

/**
 * Server-side sessions. The cookie holds 32 random bytes; the table holds their SHA-256. Sign-out (or
 * an admin) revokes the row, and the cookie is worthless from that moment.
 */

export const SESSION_COOKIE = "sid";
/**
 * Where cookies are Secure (production, not a loopback host), the session cookie is `__Host-sid`: the browser
 * then accepts it only from this exact host over HTTPS, with Path=/ and no Domain, so a sibling subdomain
 * cannot plant or overwrite it (session fixation). The plain name is read only where cookies are not Secure.
 */
export const SECURE_SESSION_COOKIE = "__Host-sid";

function sessionCookieName(url: URL): string {
  return secureCookies(url) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** How long a session lasts from sign-in: a field phone stays signed in; the back office does not. */
export const SESSION_LIFETIME_SECONDS: Record<Role, number> = {
  customer: 30 * 24 * 3600,
  technician: 30 * 24 * 3600,
  admin: 12 * 3600,
};

/** lastSeenAt is written at most this often, so that reading pages does not write on every request. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

export interface OidcTokens {
  idToken?: string;
  accessToken?: string;
  refreshToken?: string;
}

export interface CurrentSession {
  id: number;
  role: Role;
  method: "otp" | "oidc";
  user: Pick<User, "id" | "name" | "mobile" | "email" | "emailVerified" | "roles" | "staffRole">;
  oidcTokens: OidcTokens | null;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

function sessionCookie(token: string, url: URL, maxAge: number): string {
  const parts = [`${sessionCookieName(url)}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAge}`];
  if (secureCookies(url)) parts.push("Secure");
  return parts.join("; ");
}

/** The Set-Cookie value that removes the session cookie. */
export function clearSessionCookie(url: URL): string {
  return sessionCookie("", url, 0);
}

function tokenFrom(request: Request): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  const wanted = sessionCookieName(new URL(request.url));
  for (const part of header.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === wanted) {
      const token = value.join("=");
      return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
    }
  }
  return undefined;
}

/**
 * Opens a session for user in role's portal; returns the Set-Cookie header value. Signing in always rotates:
 * a new random token, and the session the browser came with (another portal's, or one planted in it) is
 * ended on the server, so no token known before the sign-in is worth anything after it.
 */
export async function startSession(input: {
  userId: number;
  role: Role;
  method: "otp" | "oidc";
  request: Request;
  url: URL;
  address: string;
  oidcTokens?: OidcTokens;
  now?: Date;
}): Promise<string> {
  const { userId, role, method, request, url, address, oidcTokens, now = new Date() } = input;
  const token = randomBytes(32).toString("base64url");
  const lifetime = SESSION_LIFETIME_SECONDS[role];
  const previous = tokenFrom(request);
  if (previous) {
    await getDb().update(sessions).set({ revokedAt: now }).where(and(eq(sessions.tokenHash, hashToken(previous)), isNull(sessions.revokedAt)));
  }
  await getDb()
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      role,
      method,
      userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? null,
      ipAddress: address,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + lifetime * 1000),
      oidcTokens: oidcTokens ?? null,
    });
  return sessionCookie(token, url, lifetime);
}

// One lookup per request, however many loaders ask.
const lookups = new WeakMap<Request, Promise<CurrentSession | null>>();

/** The request's live session (not expired, not revoked), or null. */
export function readSession(request: Request): Promise<CurrentSession | null> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = findSession(request);
    lookups.set(request, lookup);
  }
  return lookup;
}

async function findSession(request: Request, now = new Date()): Promise<CurrentSession | null> {
  const token = tokenFrom(request);
  if (!token) return null;
  const [row] = await getDb()
    .select({
      id: sessions.id,
      role: sessions.role,
      method: sessions.method,
      lastSeenAt: sessions.lastSeenAt,
      oidcTokens: sessions.oidcTokens,
      user: {
        id: users.id,
        name: users.name,
        mobile: users.mobile,
        email: users.email,
        emailVerified: users.emailVerified,
        roles: users.roles,
        staffRole: users.staffRole,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  if (!row) return null;
  // A role taken away (an admin demoted) ends the portal's sessions at once.
  if (!row.user.roles.includes(row.role)) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await getDb().update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
  }
  const { lastSeenAt: _seen, ...session } = row;
  return { ...session, oidcTokens: (session.oidcTokens as OidcTokens | null) ?? null };
}

/** Ends one session on the server. */
export async function revokeSession(sessionId: number, now = new Date()): Promise<void> {
  await getDb().update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, except `keep` (the one asking, for "sign out other devices"). */
export async function revokeUserSessions(userId: number, keep?: number, now = new Date()): Promise<number> {
  const rows = await getDb()
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id });
  return rows.length;
}

/** The user's live sessions, newest first: "signed in on these devices". */
export async function listSessions(userId: number, now = new Date()) {
  return getDb()
    .select({
      id: sessions.id,
      role: sessions.role,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(sessions.createdAt);
}

/** What the page header shows of the signed-in person: who, and the way to their portal. */
export function viewerOf(session: CurrentSession): Viewer {
  return {
    role: session.role,
    name: session.user.name ?? undefined,
    dashboardPath: ROLES[session.role].landingPath,
    dashboardLabel: ROLES[session.role].dashboardLabel,
  };
}
