import { backOfficeUrl } from "./support/accounts.ts";
import { createSession, expect, test, type FixtureRole } from "./support/fixtures.ts";

/** signedInAs (ADR 014): each kind of person lands signed in, without the sign-in pages. */
test.describe("signedInAs", () => {
  for (const role of ["owner", "office", "accounts"] as const satisfies FixtureRole[]) {
    test(`a staff member (${role}) opens the back office`, async ({ page, signedInAs }) => {
      const me = await signedInAs(role);
      expect(me.portal).toBe("admin");
      const response = await page.goto(backOfficeUrl("/admin"));
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/admin$/);
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/Access Denied|Sign in/i);
      // On the public host, the back office stays locked whoever asks.
      await page.goto("/admin");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Access Denied");
    });
  }

  test("a technician lands on an approved technician's dashboard", async ({ page, signedInAs }) => {
    const me = await signedInAs("technician");
    await page.goto("/technician/dashboard");
    await expect(page).toHaveURL(/\/technician\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Jobs");
    await expect(page.getByRole("heading", { name: /^Application TA-\d{4}-\d{4}: Approved$/ })).toBeVisible();
    await expect(page.getByText(`signed in with`)).toContainText(me.mobile.slice(-4));
  });

  test("a customer lands on My Requests", async ({ page, signedInAs }) => {
    await signedInAs("customer");
    await page.goto("/customer/mobile");
    await expect(page).toHaveURL(/\/customer\/mobile$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Requests");
  });

  test("each role signs in once per worker; fresh and own-number sessions are new", { tag: "@desktop" }, async ({ signedInAs }) => {
    const first = await signedInAs("customer");
    const again = await signedInAs("customer");
    expect(again).toEqual(first);
    const fresh = await signedInAs("customer", { fresh: true });
    expect(fresh.userId).not.toBe(first.userId);
    const mine = await signedInAs("customer", { mobile: first.mobile.slice(-10) });
    expect(mine.userId).toBe(first.userId);
    expect(mine.cookie.value).not.toBe(first.cookie.value);
  });

  test("a session is for its own portal only", async ({ page, signedInAs }) => {
    await signedInAs("customer", { fresh: true });
    await page.goto("/technician/dashboard");
    await expect(page).toHaveURL(/\/technician\/login$/);
  });

  test("without the browser, each session's cookie opens its portal's landing page", { tag: "@desktop" }, async ({ request }) => {
    const landings: Record<FixtureRole, { url: string; text: string }> = {
      owner: { url: backOfficeUrl("/admin"), text: "<h1" },
      office: { url: backOfficeUrl("/admin"), text: "<h1" },
      accounts: { url: backOfficeUrl("/admin"), text: "<h1" },
      technician: { url: "/technician/dashboard", text: "My profile</h2>" },
      customer: { url: "/customer/mobile", text: "My Requests</h1>" },
    };
    for (const [role, landing] of Object.entries(landings) as Array<[FixtureRole, (typeof landings)[FixtureRole]]>) {
      const session = await createSession(role);
      const response = await request.get(landing.url, {
        headers: { cookie: `${session.cookie.name}=${session.cookie.value}` },
        maxRedirects: 0,
      });
      expect(response.status(), role).toBe(200);
      const html = await response.text();
      expect(html.includes(landing.text), `${role}: ${landing.text}`).toBe(true);
      expect(html.includes("Access Denied"), `${role}: not Access Denied`).toBe(false);
    }
  });

  test("the hook answers a wrong or missing token as the site answers any unknown path", { tag: "@desktop" }, async ({ request }) => {
    // What the site answers without the hook: /__e2e/nothing is never the hook's. (A POST to an unknown
    // two-segment path is React Router's 405, as the /:city/:service route has no action; a GET is the 404.)
    const post = await request.post("/__e2e/nothing", { data: { role: "owner" } });
    const get = await request.get("/__e2e/nothing");
    expect(post.status()).toBeGreaterThanOrEqual(400);
    expect(get.status()).toBe(404);
    const refused: Array<Record<string, string>> = [{}, { "x-e2e-fixture-token": "" }, { "x-e2e-fixture-token": "wrong" }];
    for (const headers of refused) {
      const response = await request.post("/__e2e/session", { headers, data: { role: "owner" } });
      expect(response.status()).toBe(post.status());
      expect(await response.text()).not.toContain('"cookie"');
    }
    const token = { "x-e2e-fixture-token": process.env.E2E_FIXTURE_TOKEN! };
    expect((await request.get("/__e2e/session", { headers: token })).status()).toBe(404);
    // The right token works, from outside the browser too (what the fixture does).
    expect((await createSession("owner")).portal).toBe("admin");
  });
});
