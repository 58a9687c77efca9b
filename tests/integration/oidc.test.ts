import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import Provider, { interactionPolicy, type Configuration } from "oidc-provider";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { completeOidcSignIn, clearOidcDiscovery, oidcFormTargets, startOidcSignIn, takeStoredReturn } from "~/.server/auth/oidc.ts";
import { readSession } from "~/.server/auth/sessions.ts";
import { readConfig, setServerConfig } from "~/.server/config.ts";
import { setDatabase } from "~/.server/db/index.ts";
import { sessions, siteSettings, users } from "~/.server/db/schema.ts";
import { resetRateLimits } from "~/.server/forms/index.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { saveSettingsGroup, seedSettings } from "~/.server/settings/index.ts";
import { loader as callbackLoader } from "~/routes/auth/auth-callback.ts";
import { action as startAction } from "~/routes/auth/oidc-start.ts";
import { action as signOutAction } from "~/routes/auth/sign-out.ts";
import { createTestDatabase, engines, type TestDatabase } from "../support/test-databases.ts";

/**
 * Issue 5: sign-in through an external OpenID Connect provider, against a real one (oidc-provider, in
 * this process, on a random port). The "browser" is fetch with two cookie jars: one for the provider
 * (driven through its development login and consent pages) and one for the app, whose routes are called
 * with real Request objects at APP.
 */

const APP = "http://127.0.0.1:3999";
const CLIENT_ID = "deccan-web";
const CLIENT_SECRET = "a-client-secret-for-the-tests-only";
const SECRET = "test-session-secret-of-at-least-32-characters";

interface Person {
  name: string;
  email: string;
  email_verified: boolean;
}

const PEOPLE: Record<string, Person> = {
  ravi: { name: "Ravi Kumar", email: "ravi@example.com", email_verified: true },
  asha: { name: "Asha Rao", email: "Asha@Example.com", email_verified: true },
  kiran: { name: "Kiran", email: "kiran@example.com", email_verified: false },
  mallory: { name: "Mallory", email: "mallory@example.com", email_verified: true },
};

interface TestProvider {
  issuer: string;
  provider: Provider;
  /** How often the provider was asked for account selection (prompt=select_account). */
  selectAccountPrompts: number;
  /** Every token the revocation endpoint was asked to revoke. */
  revoked: string[];
  close(): Promise<void>;
}

/**
 * A real OpenID provider. `advertisedHost` lets it claim another issuer than the address it is reached
 * at (the "wrong issuer" case).
 */
async function startProvider(options: { advertisedHost?: string } = {}): Promise<TestProvider> {
  let handler: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${options.advertisedHost ?? "127.0.0.1"}:${port}`;

  // oidc-provider does not offer prompt=select_account unless the policy has it; a real provider does.
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: "select_account", requestable: true }), 1);

  const configuration: Configuration = {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${APP}/auth/callback`],
        post_logout_redirect_uris: [`${APP}/`],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    cookies: { keys: ["provider-cookie-key-for-tests"] },
    claims: { openid: ["sub"], profile: ["name"], email: ["email", "email_verified"] },
    features: {
      devInteractions: { enabled: true },
      revocation: { enabled: true },
      introspection: { enabled: true },
      rpInitiatedLogout: { enabled: true },
    },
    pkce: { required: () => true },
    interactions: { policy },
    // A refresh token without offline_access, so that sign-out has two tokens to revoke...
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    // ...and revoking one does not take the other with it: each must be revoked by the app.
    revokeGrantPolicy: () => false,
    async findAccount(ctx, id) {
      const person = PEOPLE[id];
      if (!person) return undefined;
      // mallory's user-info answer is about somebody else: the app must notice (spec section 5).
      const accountId = id === "mallory" && ctx.oidc.route === "userinfo" ? "somebody-else" : id;
      return { accountId, claims: () => ({ sub: accountId, ...person }) };
    },
  };
  const provider = new Provider(issuer, configuration);
  // This provider revokes a grant's every token when one is revoked; the test wants to know that the app
  // asked for each itself (another provider may not cascade).
  provider.use(async (ctx, next) => {
    await next();
    const token = ctx.oidc?.params?.token;
    if (ctx.oidc?.route === "revocation" && typeof token === "string") result.revoked.push(token);
  });
  const callback = provider.callback();
  const result: TestProvider = {
    issuer,
    provider,
    selectAccountPrompts: 0,
    revoked: [],
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  handler = async (req, res) => {
    // The development interactions have no account chooser: answer the select_account step here
    // ("this account"), and let login and consent go through the provider's own pages.
    if (req.method === "GET" && /^\/interaction\/[^/]+$/.test(req.url ?? "")) {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === "select_account") {
        result.selectAccountPrompts += 1;
        await provider.interactionFinished(req, res, { select_account: {} }, { mergeWithLastSubmission: true });
        return;
      }
    }
    callback(req, res);
  };
  return result;
}

/** A cookie jar: name to value, which is all these tests need. */
class Jar {
  readonly cookies = new Map<string, string>();
  readonly received: string[] = [];

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      this.received.push(line);
      const [pair, ...attributes] = line.split(";").map((p) => p.trim());
      const [name, ...value] = pair!.split("=");
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now()));
      if (expired || value.join("=") === "") this.cookies.delete(name!);
      else this.cookies.set(name!, value.join("="));
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

function redirectOf(response: Response): string {
  expect([302, 303]).toContain(response.status);
  return new URL(response.headers.get("location")!, APP).href;
}

/**
 * Through the provider's pages as `account`, from the authorization address to the address it sends the
 * browser back to (the app's callback), which is returned without being followed.
 */
async function throughProvider(authorization: string, account: string, jar = new Jar(), options: { cancel?: boolean } = {}): Promise<string> {
  let next = authorization;
  for (let step = 0; step < 20; step++) {
    if (next.startsWith(APP)) return next;
    const response = await fetch(next, { redirect: "manual", headers: { cookie: jar.header() } });
    jar.take(response);
    if (response.status >= 300 && response.status < 400) {
      next = new URL(response.headers.get("location")!, next).href;
      continue;
    }
    const page = await response.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (response.status !== 200 || !prompt) throw new Error(`provider answered ${response.status} at ${next}: ${page.slice(0, 500)}`);
    if (options.cancel) {
      next = `${next}/abort`;
      continue;
    }
    const fields: Record<string, string> = prompt === "login" ? { prompt, login: account, password: "any" } : { prompt };
    const submitted = await fetch(next, { method: "POST", redirect: "manual", headers: { cookie: jar.header() }, body: new URLSearchParams(fields) });
    jar.take(submitted);
    next = new URL(submitted.headers.get("location")!, next).href;
  }
  throw new Error("the provider never sent the browser back");
}

function routeArgs(request: Request) {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, "203.0.113.7");
  // The shape React Router gives a loader or an action; the routes read request, url and context.
  return { request, url: new URL(request.url), params: {}, context } as never;
}

function get(path: string, jar: Jar): Request {
  return new Request(new URL(path, APP), { headers: { cookie: jar.header(), "user-agent": "vitest" } });
}

function post(path: string, jar: Jar, fields: Record<string, string>): Request {
  return new Request(new URL(path, APP), {
    method: "POST",
    headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

/** The value of every cookie the app set, as sent and as decoded (React Router's signed cookies are base64 JSON). */
function cookieContents(jar: Jar): string {
  return jar.received
    .map((line) => {
      const value = decodeURIComponent(line.split(";")[0]!.split("=").slice(1).join("="));
      let decoded = "";
      try {
        decoded = Buffer.from(value.split(".")[0]!, "base64").toString("utf8");
      } catch {
        // not base64: the raw value is checked anyway
      }
      return `${line}\n${decoded}`;
    })
    .join("\n");
}

interface Warning {
  type: string;
  reason: string;
  message: string;
}

describe.each(engines)("sign-in through an OpenID provider on %s", (engine) => {
  let testDb: TestDatabase;
  let op: TestProvider;
  let warnings: Warning[];

  const configure = (issuer: string) => {
    setServerConfig(
      readConfig({ NODE_ENV: "test", SESSION_SECRET: SECRET, OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET }),
    );
    clearOidcDiscovery();
  };

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    setDatabase(testDb.handle);
    // The public site is elsewhere: the app at APP is then allowed to serve the back office (admin gate).
    await seedSettings(testDb.handle.db, "https://www.example.com");
    op = await startProvider();
  });
  afterAll(async () => {
    setServerConfig(readConfig({}));
    await op?.close();
    await testDb?.destroy();
    setDatabase(undefined);
  });
  beforeEach(async () => {
    configure(op.issuer);
    await resetRateLimits();
    warnings = [];
    vi.spyOn(console, "warn").mockImplementation((line: unknown) => {
      try {
        const parsed = JSON.parse(String(line)) as Warning;
        if (parsed.type === "oidc_error") warnings.push(parsed);
      } catch {
        // another module's warning
      }
    });
  });
  afterEach(() => vi.restoreAllMocks());

  /** The start button's POST, through the provider as account, up to (not into) the callback. */
  async function startAndSignIn(account: string, role = "customer", returnTo?: string) {
    const app = new Jar();
    const started = await startAction(routeArgs(post("/auth/oidc/start", app, { role, ...(returnTo ? { returnTo } : {}) })));
    app.take(started);
    const authorization = redirectOf(started);
    const callback = await throughProvider(authorization, account);
    return { app, authorization, callback };
  }

  async function sessionRows() {
    return testDb.handle.db.select().from(sessions);
  }

  it("the start button sends the browser to the provider: code flow, PKCE S256, state, nonce, select_account", async () => {
    const app = new Jar();
    const started = await startAction(routeArgs(post("/auth/oidc/start", app, { role: "customer", returnTo: "/customer/request/7" })));
    expect(started.status).toBe(303);
    expect(started.headers.get("cache-control")).toBe("private, no-store");
    const location = new URL(started.headers.get("location")!);
    expect(location.origin).toBe(op.issuer);
    const q = location.searchParams;
    expect(q.get("response_type")).toBe("code");
    expect(q.get("client_id")).toBe(CLIENT_ID);
    expect(q.get("redirect_uri")).toBe(`${APP}/auth/callback`);
    expect(q.get("scope")).toBe("openid profile email");
    expect(q.get("prompt")).toBe("select_account");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(q.get("state")).toMatch(/^[\w-]{20,}$/);
    expect(q.get("nonce")).toMatch(/^[\w-]{20,}$/);
    app.take(started);
    expect([...app.cookies.keys()].sort()).toEqual(["oidc_state", "return_to"]);
    for (const line of app.received) expect(line).toMatch(/HttpOnly/i);
    // The stored return address is what the home page goes on to (spec section 2).
    const stored = await takeStoredReturn(get("/?code=x", app), new URL(APP));
    expect(stored.path).toBe("/customer/request/7");
    expect(stored.clearCookie).toMatch(/^return_to=;.*Max-Age=0/);
  });

  it("the pages' Content-Security-Policy lets the sign-in and sign-out posts go on to the provider, and nowhere else (ADR 061)", async () => {
    // Browsers check form-action on each redirect of a form's post: the start button's 303 goes to the provider.
    expect(await oidcFormTargets()).toEqual([new URL(op.issuer).origin]);
    const app = new Jar();
    const started = await startAction(routeArgs(post("/auth/oidc/start", app, { role: "customer" })));
    const targets = await oidcFormTargets();
    expect(targets).toContain(new URL(started.headers.get("location")!).origin);
    expect(targets.every((t) => t === new URL(op.issuer).origin)).toBe(true);
    // No provider: the forms post to this site only.
    setServerConfig(readConfig({ NODE_ENV: "test", SESSION_SECRET: SECRET }));
    expect(await oidcFormTargets()).toEqual([]);
  });

  it("sign-in creates the customer and a session; the tokens stay on the server", async () => {
    const selected = op.selectAccountPrompts;
    const { app, callback } = await startAndSignIn("ravi", "customer", "/customer/request/12");
    expect(op.selectAccountPrompts).toBe(selected + 1);
    const url = new URL(callback);
    expect(url.pathname).toBe("/auth/callback");
    expect(url.searchParams.get("iss")).toBe(op.issuer);

    const done = await callbackLoader(routeArgs(get(callback, app)));
    expect(redirectOf(done)).toBe(`${APP}/customer/request/12`);
    expect(done.headers.get("cache-control")).toBe("private, no-store");
    app.take(done);
    expect(app.cookies.has("sid")).toBe(true);
    expect(app.cookies.has("oidc_state")).toBe(false);
    expect(warnings).toEqual([]);

    const [user] = await testDb.handle.db.select().from(users).where(eq(users.oidcSubject, "ravi"));
    expect(user).toMatchObject({
      roles: ["customer"],
      name: "Ravi Kumar",
      email: "ravi@example.com",
      emailVerified: true,
      oidcIssuer: op.issuer,
      mobile: null,
    });
    const session = await readSession(get("/customer/mobile", app));
    expect(session).toMatchObject({ role: "customer", method: "oidc", user: { id: user!.id } });
    const tokens = session!.oidcTokens!;
    expect(tokens.idToken).toMatch(/^ey/);
    expect(tokens.accessToken).toBeTruthy();
    expect(tokens.refreshToken).toBeTruthy();
    const [row] = (await sessionRows()).filter((s) => s.userId === user!.id);
    expect(row!.oidcTokens).toEqual(tokens);

    // Nothing the browser was given holds a token, encoded or not.
    const sent = `${cookieContents(app)}\n${done.headers.get("location")}`;
    for (const token of [tokens.idToken!, tokens.accessToken!, tokens.refreshToken!]) expect(sent).not.toContain(token);

    // A second sign-in as the same person is the same account; the browser's old session ends.
    const again = await startAndSignIn("ravi");
    const before = await readSession(get("/", app));
    for (const [name, value] of app.cookies) if (name === "sid") again.app.cookies.set(name, value);
    const second = await callbackLoader(routeArgs(get(again.callback, again.app)));
    expect(redirectOf(second)).toBe(`${APP}/customer/mobile`);
    expect(await testDb.handle.db.select().from(users).where(eq(users.oidcSubject, "ravi"))).toHaveLength(1);
    const [old] = (await sessionRows()).filter((s) => s.id === before!.id);
    expect(old!.revokedAt).not.toBeNull();
  });

  it("the home page, back from the provider and signed in, goes on to the stored return address once", async () => {
    const { loader: homeLoader } = await import("~/routes/public/home.tsx");
    const { app, callback } = await startAndSignIn("ravi", "customer", "/customer/request/3");
    const returnCookie = app.cookies.get("return_to")!;
    app.take(await callbackLoader(routeArgs(get(callback, app))));
    // The provider was configured to come back to the home page instead: the stored value still counts.
    app.cookies.set("return_to", returnCookie);
    const thrown: unknown = await homeLoader(routeArgs(get("/?code=abc&state=xyz", app))).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(redirectOf(response)).toBe(`${APP}/customer/request/3`);
    app.take(response);
    expect(app.cookies.has("return_to")).toBe(false);
    const next: unknown = await homeLoader(routeArgs(get("/?state=xyz", app))).catch((e: unknown) => e);
    expect(redirectOf(next as Response)).toBe(`${APP}/customer/mobile`);
  });

  it("sign-out revokes the session and the provider's tokens, and goes through the end-session endpoint", async () => {
    const { app, callback } = await startAndSignIn("ravi");
    app.take(await callbackLoader(routeArgs(get(callback, app))));
    const session = (await readSession(get("/customer/mobile", app)))!;
    const { accessToken, refreshToken, idToken } = session.oidcTokens!;
    const metadata = (await (await fetch(`${op.issuer}/.well-known/openid-configuration`)).json()) as Record<string, string>;
    const userinfo = () => fetch(metadata.userinfo_endpoint!, { headers: { authorization: `Bearer ${accessToken}` } });
    const introspect = async (token: string) => {
      const response = await fetch(metadata.introspection_endpoint!, {
        method: "POST",
        headers: { authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}` },
        body: new URLSearchParams({ token }),
      });
      return ((await response.json()) as { active: boolean }).active;
    };
    expect((await userinfo()).status).toBe(200);
    expect(await introspect(accessToken!)).toBe(true);
    expect(await introspect(refreshToken!)).toBe(true);

    const out = await signOutAction(routeArgs(post("/auth/sign-out", app, {})));
    const endSession = new URL(redirectOf(out));
    expect(`${endSession.origin}${endSession.pathname}`).toBe(metadata.end_session_endpoint);
    expect(endSession.searchParams.get("id_token_hint")).toBe(idToken);
    expect(endSession.searchParams.get("post_logout_redirect_uri")).toBe(`${APP}/`);
    expect(endSession.searchParams.get("client_id")).toBe(CLIENT_ID);
    app.take(out);
    expect(app.cookies.has("sid")).toBe(false);

    const [row] = (await sessionRows()).filter((s) => s.id === session.id);
    expect(row!.revokedAt).not.toBeNull();
    expect(row!.oidcTokens).toBeNull();
    expect(await readSession(get("/customer/mobile", app))).toBeNull();
    expect(op.revoked).toEqual(expect.arrayContaining([accessToken, refreshToken]));
    expect((await userinfo()).status).toBe(401);
    expect(await introspect(accessToken!)).toBe(false);
    expect(await introspect(refreshToken!)).toBe(false);
    expect(warnings).toEqual([]);

    // The provider accepts the end-session request (the hint and the return address are its client's)
    // and, once confirmed, sends the browser back to the site's home page.
    const page = await fetch(endSession, { redirect: "manual" });
    const html = await page.text();
    expect(page.status).toBe(200);
    const form = /action="([^"]+)"[\s\S]*?name="xsrf" value="([^"]+)"/.exec(html);
    expect(form).not.toBeNull();
    const confirmed = await fetch(new URL(form![1]!, op.issuer), {
      method: "POST",
      redirect: "manual",
      headers: { cookie: page.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") },
      body: new URLSearchParams({ xsrf: form![2]!, logout: "yes" }),
    });
    expect(confirmed.headers.get("location")).toBe(`${APP}/`);
  });

  async function expectRejected(response: Response, app: Jar, reason: string, code = "failed", role = "customer") {
    const location = new URL(redirectOf(response));
    expect(location.pathname).toBe(role === "customer" ? "/customer/login" : `/${role}/login`);
    expect(location.searchParams.get("oidcError")).toBe(code);
    app.take(response);
    expect(app.cookies.has("sid")).toBe(false);
    expect(app.cookies.has("oidc_state")).toBe(false);
    expect(warnings.map((w) => w.reason), JSON.stringify(warnings)).toEqual([reason]);
  }

  it("rejects an answer whose state does not match the sign-in's", async () => {
    const before = (await sessionRows()).length;
    const { app, callback } = await startAndSignIn("ravi");
    const tampered = new URL(callback);
    tampered.searchParams.set("state", "state-from-someone-elses-sign-in");
    await expectRejected(await callbackLoader(routeArgs(get(tampered.href, app))), app, "state-mismatch");
    // Without the sign-in's cookie (another browser, or expired), the genuine answer is no good either.
    const { callback: genuine } = await startAndSignIn("ravi");
    warnings = [];
    await expectRejected(await callbackLoader(routeArgs(get(genuine, new Jar()))), new Jar(), "state-missing");
    expect((await sessionRows()).length).toBe(before);
  });

  it("rejects an answer from another issuer (mix-up), and a provider that claims another issuer", async () => {
    const before = (await sessionRows()).length;
    const other = await startProvider();
    try {
      // The browser's sign-in request taken to another provider (same client id): its answer carries
      // that provider's iss and code.
      const { app, authorization } = await startAndSignIn("ravi");
      const elsewhere = new URL(authorization);
      const redirected = new URL(`${other.issuer}${elsewhere.pathname}${elsewhere.search}`);
      const callback = await throughProvider(redirected.href, "ravi");
      expect(new URL(callback).searchParams.get("iss")).toBe(other.issuer);
      await expectRejected(await callbackLoader(routeArgs(get(callback, app))), app, "issuer-mismatch");
    } finally {
      await other.close();
    }

    // A provider at OIDC_ISSUER whose discovery document names another issuer is not used at all.
    const impostor = await startProvider({ advertisedHost: "localhost" });
    try {
      configure(impostor.issuer.replace("localhost", "127.0.0.1"));
      warnings = [];
      const app = new Jar();
      const started = await startAction(routeArgs(post("/auth/oidc/start", app, { role: "customer" })));
      await expectRejected(started, app, "issuer-mismatch");
    } finally {
      await impostor.close();
    }
    expect((await sessionRows()).length).toBe(before);
  });

  it("rejects a user-info answer about another subject than the ID token's", async () => {
    const before = (await sessionRows()).length;
    const { app, callback } = await startAndSignIn("mallory");
    await expectRejected(await callbackLoader(routeArgs(get(callback, app))), app, "subject-mismatch");
    expect((await sessionRows()).length).toBe(before);
    expect(await testDb.handle.db.select().from(users).where(eq(users.email, "mallory@example.com"))).toEqual([]);
  });

  it("a cancelled sign-in at the provider comes back as denied", async () => {
    const app = new Jar();
    const started = await startAction(routeArgs(post("/auth/oidc/start", app, { role: "customer", returnTo: "/customer/request/5" })));
    app.take(started);
    const callback = await throughProvider(redirectOf(started), "ravi", new Jar(), { cancel: true });
    expect(new URL(callback).searchParams.get("error")).toBe("access_denied");
    const response = await callbackLoader(routeArgs(get(callback, app)));
    expect(new URL(redirectOf(response)).searchParams.get("returnTo")).toBe("/customer/request/5");
    await expectRejected(response, app, "denied", "denied");
  });

  it("staff portals: only an existing account with the role and the provider-verified e-mail address", async () => {
    const [admin] = await testDb.handle.db
      .insert(users)
      .values({ mobile: "+919000000101", roles: ["admin"], name: "Asha", email: "asha@example.com" })
      .returning();
    await testDb.handle.db.insert(users).values({ mobile: "+919000000102", roles: ["technician"], email: "kiran@example.com" });

    // The e-mail address matches but the provider has not verified it: no.
    const kiran = await startAndSignIn("kiran", "technician");
    await expectRejected(await callbackLoader(routeArgs(get(kiran.callback, kiran.app))), kiran.app, "no-account", "no-account", "technician");
    // A customer of the provider's with no technician account: no.
    warnings = [];
    const ravi = await startAndSignIn("ravi", "technician");
    await expectRejected(await callbackLoader(routeArgs(get(ravi.callback, ravi.app))), ravi.app, "no-account", "no-account", "technician");

    // The admin's verified address (in another case): linked, and signed in to the back office.
    warnings = [];
    const asha = await startAndSignIn("asha", "admin");
    const done = await callbackLoader(routeArgs(get(asha.callback, asha.app)));
    expect(redirectOf(done)).toBe(`${APP}/admin`);
    asha.app.take(done);
    expect(await readSession(get("/admin", asha.app))).toMatchObject({ role: "admin", method: "oidc", user: { id: admin!.id } });
    const [linked] = await testDb.handle.db.select().from(users).where(eq(users.id, admin!.id));
    expect(linked).toMatchObject({ oidcIssuer: op.issuer, oidcSubject: "asha", emailVerified: true, roles: ["admin"] });
  });

  it("the start route: POST only, a known role, and a rate limit per address; 404 without a provider", async () => {
    const app = new Jar();
    expect((await startAction(routeArgs(post("/auth/oidc/start", app, { role: "owner" })))).status).toBe(400);
    let last: Response | undefined;
    for (let i = 0; i < 21; i++) last = await startAction(routeArgs(post("/auth/oidc/start", app, { role: "customer" })));
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);

    setServerConfig(readConfig({ NODE_ENV: "test", SESSION_SECRET: SECRET }));
    expect((await startAction(routeArgs(post("/auth/oidc/start", app, { role: "customer" })))).status).toBe(404);
    expect((await callbackLoader(routeArgs(get("/auth/callback?code=x&state=y", app)))).status).toBe(404);
  });

  it("without OIDC_* variables, the provider the owner set in the settings signs people in, with no restart", async () => {
    setServerConfig(readConfig({ NODE_ENV: "test", SESSION_SECRET: SECRET }));
    clearOidcDiscovery();
    const app = new Jar();
    expect((await startAction(routeArgs(post("/auth/oidc/start", app, { role: "customer" })))).status).toBe(404);
    const integrationsVersion = async () =>
      (await testDb.handle.db.select().from(siteSettings).where(eq(siteSettings.key, "integrations")))[0]?.updatedAt.toISOString() ?? "";
    const saved = await saveSettingsGroup({
      group: "integrations",
      expectedVersion: await integrationsVersion(),
      next: (current) => ({ ...current, oidcIssuer: op.issuer, oidcClientId: CLIENT_ID, oidcClientSecret: CLIENT_SECRET, oidcProviderName: "Deccan Google" }),
      actor: { userId: null, label: "Test Owner", ipAddress: null },
    });
    expect(saved).toEqual({ ok: true, changed: true });
    try {
      const { app: signedIn, authorization, callback } = await startAndSignIn("ravi", "customer", "/customer/request/12");
      expect(authorization.startsWith(op.issuer)).toBe(true);
      const done = await callbackLoader(routeArgs(get(callback, signedIn)));
      expect(redirectOf(done)).toBe(`${APP}/customer/request/12`);
      signedIn.take(done);
      expect(signedIn.cookies.has("sid")).toBe(true);
    } finally {
      await saveSettingsGroup({
        group: "integrations",
        expectedVersion: await integrationsVersion(),
        next: (current) => ({ ...current, oidcIssuer: undefined, oidcClientId: undefined, oidcClientSecret: undefined, oidcProviderName: undefined }),
        actor: { userId: null, label: "Test Owner", ipAddress: null },
      });
    }
  });
});

// The domain functions directly, for what the routes hide: an unreachable provider.
describe("an unreachable provider", () => {
  afterAll(() => setServerConfig(readConfig({})));
  it("sends the visitor back to the sign-in page and logs why", async () => {
    setServerConfig(readConfig({ NODE_ENV: "test", SESSION_SECRET: SECRET, OIDC_ISSUER: "http://127.0.0.1:9", OIDC_CLIENT_ID: "x", OIDC_CLIENT_SECRET: "y" }));
    clearOidcDiscovery();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const started = await startOidcSignIn({ role: "technician", returnTo: "/technician/job/4", url: new URL(APP) });
    expect(started).toEqual({ location: "/technician/login?oidcError=failed&returnTo=%2Ftechnician%2Fjob%2F4", setCookie: [] });
    expect(JSON.parse(String(warn.mock.calls[0]![0]))).toMatchObject({ type: "oidc_error", reason: "network" });
    const back = await completeOidcSignIn({ request: new Request(`${APP}/auth/callback?code=x&state=y`), url: new URL(`${APP}/auth/callback?code=x&state=y`), address: "x" });
    expect(back.headers.get("location")).toBe("/customer/login?oidcError=failed");
    warn.mockRestore();
  });
});
