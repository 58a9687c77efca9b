import { test as base, type BrowserContext } from "@playwright/test";
import { backOfficeUrl } from "./accounts.ts";

/**
 * `signedInAs(role)`: a signed-in browser without the sign-in pages (ADR 014). The test server answers
 * POST /__e2e/session (only with E2E_FIXTURE_TOKEN, which playwright.config.ts sets per run) by making the
 * account and opening a session with the app's own startSession; the fixture puts the session cookie in
 * the test's browser context, on the host the portal is served on: 127.0.0.1 for staff (the back office,
 * see backOfficeUrl), localhost for customers and technicians.
 *
 *   import { expect, test } from "./support/fixtures.ts";
 *   test("...", async ({ page, signedInAs }) => {
 *     await signedInAs("office");
 *     await page.goto(backOfficeUrl("/admin"));
 *   });
 *
 * Sessions are shared: each role signs in once per worker, and later tests in that worker reuse the
 * account and its cookie. A test that signs out, revokes sessions, or needs an account of its own (its own
 * requests, its own profile) asks for `{ fresh: true }`, or for `{ mobile }` (always a new session).
 */
export type FixtureRole = "owner" | "office" | "accounts" | "technician" | "customer";

export interface SignedIn {
  role: FixtureRole;
  portal: "admin" | "technician" | "customer";
  userId: number;
  /** +91 and ten digits, as stored. */
  mobile: string;
  cookie: { name: string; value: string; expires: number };
}

export interface SignInOptions {
  /** The account's number (ten digits, or +91 and ten digits); made if new. Implies a session of its own. */
  mobile?: string;
  /** The account's name, when it is made. */
  name?: string;
  /** A new account and session, not the worker's shared one. */
  fresh?: boolean;
}

export const STAFF_ROLES: readonly FixtureRole[] = ["owner", "office", "accounts"];

/** The origin a role's portal is served on in the tests. */
export function originFor(role: FixtureRole): string {
  return STAFF_ROLES.includes(role) ? new URL(backOfficeUrl("/")).origin : `http://localhost:${process.env.E2E_PORT}`;
}

/** Asks the test server for an account and a session (no browser involved). */
export async function createSession(role: FixtureRole, options: Omit<SignInOptions, "fresh"> = {}): Promise<SignedIn> {
  const token = process.env.E2E_FIXTURE_TOKEN;
  if (!token) throw new Error("E2E_FIXTURE_TOKEN is not set: run the tests through playwright.config.ts");
  const response = await fetch(`http://127.0.0.1:${process.env.E2E_PORT}/__e2e/session`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-e2e-fixture-token": token },
    body: JSON.stringify({ role, mobile: options.mobile, name: options.name }),
  });
  if (!response.ok) throw new Error(`POST /__e2e/session (${role}): ${response.status} ${await response.text()}`);
  return (await response.json()) as SignedIn;
}

/** Puts session's cookie in context, for the host its portal is served on. */
export async function addSessionCookie(context: BrowserContext, session: SignedIn): Promise<void> {
  await context.addCookies([
    {
      name: session.cookie.name,
      value: session.cookie.value,
      url: originFor(session.role),
      httpOnly: true,
      sameSite: "Lax",
      secure: false,
      expires: session.cookie.expires,
    },
  ]);
}

export const test = base.extend<
  { signedInAs: (role: FixtureRole, options?: SignInOptions) => Promise<SignedIn> },
  { workerSessions: Map<FixtureRole, Promise<SignedIn>> }
>({
  // One session per role and worker, made when a test first asks for it.
  workerSessions: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
    async ({}, provide) => {
      await provide(new Map());
    },
    { scope: "worker" },
  ],
  // (Playwright's `use` callback is named `provide` here: the React hooks lint rule takes `use` for React's.)
  signedInAs: async ({ context, workerSessions }, provide) => {
    await provide(async (role, options = {}) => {
      let session: SignedIn;
      if (options.fresh || options.mobile) {
        session = await createSession(role, options);
      } else {
        let shared = workerSessions.get(role);
        if (!shared) {
          shared = createSession(role, options);
          workerSessions.set(role, shared);
          // A failed sign-in is not remembered: the next test tries again.
          shared.catch(() => workerSessions.delete(role));
        }
        session = await shared;
      }
      await addSessionCookie(context, session);
      return session;
    });
  },
});

export { expect } from "@playwright/test";
