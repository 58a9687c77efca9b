/**
 * Test-only (ADR 014): the end-to-end tests' way to open a session without the sign-in pages.
 *
 * server.ts imports this module only when E2E_FIXTURE_TOKEN is set (playwright.config.ts sets a random one
 * per run; `npm start` never does), and then it answers only `POST /__e2e/session` carrying that token in
 * the `x-e2e-fixture-token` header. Anything else, a wrong or missing token included, falls through to the
 * site's normal 404.
 *
 * Only the server process may open the embedded database, so the tests ask the server to write the user
 * and the session. This module is loaded by plain Node (server.ts is not bundled): it imports nothing from
 * the app itself; the part that does (e2e-fixtures.ts) is loaded on the first authorised request, with the
 * `~/` alias resolved by a module hook. It shares the database handle and the configuration with the
 * bundled app through globalThis (~/.server/db/index.ts, ~/.server/config.ts).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import module from "node:module";
import type { MiddlewareHandler } from "hono";

export const E2E_SESSION_PATH = "/__e2e/session";
export const E2E_TOKEN_HEADER = "x-e2e-fixture-token";

/** Equal tokens, compared in constant time (both hashed first, so lengths never differ). */
function tokenMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

let aliasRegistered = false;

/** Lets plain Node resolve the app's `~/` imports (Vite and Vitest resolve them themselves). */
function registerAppAlias(): void {
  if (aliasRegistered) return;
  aliasRegistered = true;
  const appRoot = new URL("../../", import.meta.url);
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      return nextResolve(specifier.startsWith("~/") ? new URL(specifier.slice(2), appRoot).href : specifier, context);
    },
  });
}

function loadFixtures(): Promise<typeof import("./e2e-fixtures.ts")> {
  registerAppAlias();
  return import("./e2e-fixtures.ts");
}

/**
 * The hook as Hono middleware, for the given token. Without a token (the variable unset or empty) it only
 * passes every request on; with one, it answers the one authorised path and passes on everything else.
 */
export function e2eFixtureHook(token: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    if (!token || c.req.method !== "POST" || c.req.path !== E2E_SESSION_PATH || !tokenMatches(token, c.req.header(E2E_TOKEN_HEADER))) {
      return next();
    }
    const { createFixtureSession, fixtureSessionRequest } = await loadFixtures();
    const parsed = fixtureSessionRequest.safeParse(await c.req.json().catch(() => undefined));
    c.header("Cache-Control", "no-store");
    if (!parsed.success) return c.json({ error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") }, 400);
    return c.json(await createFixtureSession(parsed.data, c.req.raw));
  };
}
