import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSession } from "~/.server/auth/sessions.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { users } from "~/.server/db/schema.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { ADMIN_SCREENS, screenFor } from "~/lib/admin/screens.ts";
import { can, STAFF_ROLE_INFO, STAFF_ROLES, type StaffRole } from "~/lib/auth/permissions.ts";
import { middleware } from "~/routes/admin/layout.tsx";
import { screenUrls } from "../support/admin-screen-urls.ts";
import { BACK_OFFICE } from "../support/staff-routes.ts";
import { describeEachEngine } from "../support/test-databases.ts";

/**
 * Every built back-office screen, its pages and its files (every URL routes.ts serves: tests/support/admin-screen-urls.ts), through the
 * admin layout's guard as React Router runs it before any loader or action: a role without the screen's
 * permission is refused with 403 and the reason, on the public site's host nobody gets in (403), without a
 * session the sign-in page comes first, and a screen that is not built answers 404.
 */
const PUBLIC_SITE = "http://localhost:3000";

type Outcome = { status: number; reason?: string; location?: string | null };

async function throughLayout(url: string, cookie: string | null, method: "GET" | "POST"): Promise<Outcome> {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, "198.51.100.7");
  const headers = cookie ? { cookie } : undefined;
  const request = new Request(url, method === "POST" ? { method, headers, body: new URLSearchParams({ intent: "x" }) } : { headers });
  try {
    await middleware[0]!({ request, url: new URL(request.url), params: {}, context, unstable_pattern: new URL(url).pathname } as never, async () => new Response("ok"));
    return { status: 200 };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("location") };
    const e = error as { init?: { status?: number }; data?: { reason?: string } };
    return { status: e.init?.status ?? 0, reason: e.data?.reason };
  }
}

describeEachEngine("back-office refusals, screen by screen", (database) => {
  const previousConfig = getServerConfig();
  const cookies = {} as Record<StaffRole, string>;

  beforeAll(async () => {
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40) }));
    clearSettingsCache();
    await seedSettings(database().handle.db, PUBLIC_SITE);
    for (const [i, role] of STAFF_ROLES.entries()) {
      const user = await upsertUserWithRole(`+9190000003${String(i).padStart(2, "0")}`, "admin", database().handle.db, `Staff ${role}`);
      await database().handle.db.update(users).set({ staffRole: role }).where(eq(users.id, user.id));
      const url = new URL(BACK_OFFICE);
      cookies[role] = (await startSession({ userId: user.id, role: "admin", method: "otp", request: new Request(url), url, address: "198.51.100.7" })).split(";")[0]!;
    }
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    clearSettingsCache();
  });

  it("refuses each role every screen its permissions do not include, and lets it into the rest", async () => {
    for (const screen of ADMIN_SCREENS.filter((s) => s.built)) {
      for (const path of screenUrls(screen.path)) {
        expect(screenFor(path), path).toBe(screen);
        for (const role of STAFF_ROLES) {
          for (const method of ["GET", "POST"] as const) {
            const outcome = await throughLayout(new URL(path, BACK_OFFICE).toString(), cookies[role], method);
            const where = `${method} ${path} as ${STAFF_ROLE_INFO[role].label}`;
            if (can(role, screen.permission)) expect(outcome, where).toEqual({ status: 200 });
            else expect(outcome, where).toEqual({ status: 403, reason: expect.stringContaining(`${screen.label} needs the permission`) as unknown });
          }
        }
      }
    }
  });

  it("serves no screen on the public site's host, and sends a visitor without a session to the sign-in page", async () => {
    for (const screen of ADMIN_SCREENS.filter((s) => s.built)) {
      for (const path of screenUrls(screen.path)) {
        for (const method of ["GET", "POST"] as const) {
          expect((await throughLayout(new URL(path, PUBLIC_SITE).toString(), cookies.owner, method)).status, `${method} ${path} on the public host`).toBe(403);
          const anonymous = await throughLayout(new URL(path, BACK_OFFICE).toString(), null, method);
          expect(anonymous.status, `${method} ${path} without a session`).toBe(302);
          expect(anonymous.location, `${method} ${path} without a session`).toMatch(/^\/admin\/login(\?|$)/);
        }
      }
    }
  });

  it("answers 404 for a screen that is not built, and for an address no screen has, even to the owner", async () => {
    // Every screen of the spec is built now; a screen marked built: false again, or a made-up address, is the 404 page.
    const paths = [...ADMIN_SCREENS.filter((s) => !s.built).map((s) => s.path), "/admin/no-such-screen"];
    for (const screen of paths) {
      for (const path of [screen, `${screen}/1`]) {
        for (const method of ["GET", "POST"] as const) {
          expect((await throughLayout(new URL(path, BACK_OFFICE).toString(), cookies.owner, method)).status, `${method} ${path}`).toBe(404);
        }
      }
    }
  });
});
