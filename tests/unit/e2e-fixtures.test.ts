import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { readSession } from "~/.server/auth/sessions.ts";
import { readConfig, setServerConfig } from "~/.server/config.ts";
import { technicianProfiles, users } from "~/.server/db/schema.ts";
import { E2E_SESSION_PATH, E2E_TOKEN_HEADER, e2eFixtureHook } from "~/.server/testing/e2e-hook.ts";
import type { FixtureSession } from "~/.server/testing/e2e-fixtures.ts";
import { findProfileForUser } from "~/.server/technicians/index.ts";
import { describeEachEngine } from "../support/test-databases.ts";

const TOKEN = "a-random-token-of-this-run";

/** The server as server.ts builds it around the hook: the hook, then the site's own 404 for anything left. */
function server(token: string | undefined): Hono {
  const app = new Hono();
  app.use(e2eFixtureHook(token));
  app.all("*", (c) => c.text("Oops! Page Not Found", 404));
  return app;
}

function post(app: Hono, headers: Record<string, string>, body: unknown = { role: "owner" }, path = E2E_SESSION_PATH) {
  return app.request(`http://127.0.0.1${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

describe("the e2e session hook refuses", () => {
  it("everything when E2E_FIXTURE_TOKEN is unset or empty: the path is the site's 404", async () => {
    for (const token of [undefined, ""]) {
      const refused: Array<Record<string, string>> = [{}, { [E2E_TOKEN_HEADER]: "" }, { [E2E_TOKEN_HEADER]: "anything" }];
      for (const headers of refused) {
        const response = await post(server(token), headers);
        expect(response.status).toBe(404);
        expect(await response.text()).toBe("Oops! Page Not Found");
      }
    }
  });

  it("a missing or wrong token, another method or another path, with the site's 404", async () => {
    const app = server(TOKEN);
    const refused: Array<Record<string, string>> = [{}, { [E2E_TOKEN_HEADER]: "" }, { [E2E_TOKEN_HEADER]: "wrong" }, { [E2E_TOKEN_HEADER]: `${TOKEN}x` }];
    for (const headers of refused) {
      const response = await post(app, headers);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Oops! Page Not Found");
    }
    const get = await app.request(`http://127.0.0.1${E2E_SESSION_PATH}`, { headers: { [E2E_TOKEN_HEADER]: TOKEN } });
    expect(get.status).toBe(404);
    expect((await post(app, { [E2E_TOKEN_HEADER]: TOKEN }, { role: "owner" }, "/__e2e/other")).status).toBe(404);
  });

  it("a request it cannot read, with 400, once the token is right", async () => {
    const response = await post(server(TOKEN), { [E2E_TOKEN_HEADER]: TOKEN }, { role: "superuser" });
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

describeEachEngine("the e2e session hook", (database) => {
  beforeAll(() => setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) })));

  async function signIn(body: Record<string, unknown>, host = "localhost"): Promise<{ session: FixtureSession; request: Request }> {
    const response = await post(server(TOKEN), { [E2E_TOKEN_HEADER]: TOKEN }, body);
    expect(response.status).toBe(200);
    const session = (await response.json()) as FixtureSession;
    const request = new Request(`http://${host}/`, { headers: { cookie: `${session.cookie.name}=${session.cookie.value}` } });
    return { session, request };
  }

  it("opens a staff session in the admin portal with the staff role", async () => {
    for (const role of ["owner", "office", "accounts"] as const) {
      const { session, request } = await signIn({ role }, "127.0.0.1");
      expect(session).toMatchObject({ role, portal: "admin", mobile: expect.stringMatching(/^\+91[6-9]\d{9}$/) });
      const current = await readSession(request);
      expect(current).toMatchObject({ role: "admin", user: { id: session.userId, roles: ["admin"], staffRole: role } });
    }
  });

  it("opens a technician session with an approved application", async () => {
    const { session, request } = await signIn({ role: "technician", name: "Ravi Kumar" });
    const current = await readSession(request);
    expect(current).toMatchObject({ role: "technician", user: { roles: ["technician"], name: "Ravi Kumar" } });
    const profile = await findProfileForUser(current!.user);
    expect(profile).toMatchObject({ status: "approved", userId: session.userId, mobile: session.mobile, name: "Ravi Kumar" });
    expect(profile!.reference).toMatch(/^TA-\d{4}-\d{4}$/);
  });

  it("reuses the account of a given number, adding the role, and opens a new session each time", async () => {
    const first = await signIn({ role: "customer", mobile: "9848011111" });
    const second = await signIn({ role: "customer", mobile: "+919848011111" });
    expect(second.session.userId).toBe(first.session.userId);
    expect(second.session.cookie.value).not.toBe(first.session.cookie.value);
    expect((await readSession(first.request))?.role).toBe("customer");

    const technician = await signIn({ role: "technician", mobile: "9848011111" });
    expect(technician.session.userId).toBe(first.session.userId);
    await signIn({ role: "technician", mobile: "9848011111" });
    const db = database().handle.db;
    const [user] = await db.select().from(users).where(eq(users.id, first.session.userId));
    expect(user!.roles.toSorted()).toEqual(["customer", "technician"]);
    expect(await db.select().from(technicianProfiles).where(eq(technicianProfiles.mobile, "+919848011111"))).toHaveLength(1);
  });
});
