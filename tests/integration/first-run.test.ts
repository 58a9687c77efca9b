import { afterEach, expect, it, vi } from "vitest";
import { readConfig } from "~/.server/config.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { addAdmins, firstOwnerHint, startServices } from "~/.server/startup.ts";
import { describeEachEngine } from "../support/test-databases.ts";

/**
 * Issue 17 §7, what a new user trips on at the first start: the site URL an earlier run on the same data
 * directory stored (`npm run seed:demo` or `admin:add`, which know nothing of the port `npm start` is given
 * later) follows PORT and SITE_URL, and `npm start` says how to become the back office's owner while no staff
 * account exists.
 */
describeEachEngine("first run", { empty: true }, (database) => {
  afterEach(() => vi.restoreAllMocks());

  /** One start of the server's services with these variables, as `npm start` does; returns the stored site URL. */
  async function start(env: Record<string, string>): Promise<{ siteUrl: string; hint: string | undefined; log: string }> {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const services = await startServices(readConfig({ NODE_ENV: "production", ...database().env, ...env }));
    try {
      return { siteUrl: (await getSiteSettings()).identity.siteUrl, hint: await firstOwnerHint(), log: log.mock.calls.flat().join("\n") };
    } finally {
      await services.stop();
      vi.restoreAllMocks();
    }
  }

  it("a site URL stored by an earlier run on this machine follows PORT, then SITE_URL; an address on a real host is kept", async () => {
    // The first run on a fresh data directory, without PORT (seed:demo, admin:add): the default port.
    expect((await start({})).siteUrl).toBe("http://localhost:3000");
    // `PORT=4123 npm start` afterwards: the links (SMS, the bench label's QR code) must point at 4123.
    const moved = await start({ PORT: "4123" });
    expect(moved.siteUrl).toBe("http://localhost:4123");
    expect(moved.log).toContain("Site URL setting: http://localhost:4123 (was http://localhost:3000");
    // A start whose address is unchanged leaves it, and says nothing.
    const again = await start({ PORT: "4123" });
    expect(again.siteUrl).toBe("http://localhost:4123");
    expect(again.log).not.toContain("Site URL setting");
    expect((await start({ PORT: "4123", SITE_URL: "https://www.example.in/" })).siteUrl).toBe("https://www.example.in");
    // The business's real address (the owner's, or SITE_URL's) is never replaced by a start on another port.
    expect((await start({ PORT: "5000" })).siteUrl).toBe("https://www.example.in");
  });

  it("npm start says how to become the owner (ADMIN_PHONES or npm run admin:add) until a staff account exists", async () => {
    const first = await start({});
    expect(first.hint).toMatch(/No staff account yet/);
    expect(first.hint).toContain("ADMIN_PHONES=");
    expect(first.hint).toContain("npm run admin:add -- --phone");
    const config = readConfig({ NODE_ENV: "production", ...database().env });
    await addAdmins(config, ["+919848012345"]);
    expect((await start({})).hint).toBeUndefined();
  });
});
