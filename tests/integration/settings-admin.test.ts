import { and, desc, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSession } from "~/.server/auth/sessions.ts";
import { staffContext, type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { contentVersion } from "~/.server/content/version.ts";
import { auditLog, siteSettings, users } from "~/.server/db/schema.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { getSmsProvider } from "~/.server/notifications/sms.ts";
import { clearSettingsCache, getPaymentSettings, getSiteSettings, seedSettings, STALE_SETTINGS } from "~/.server/settings/index.ts";
import { effectiveMail, effectiveOidc, effectiveSms } from "~/.server/settings/integrations.ts";
import { sampleSettingsHref } from "~/.server/settings/samples.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { can } from "~/lib/auth/permissions.ts";
import { action, loader } from "~/routes/admin/settings/route.tsx";
import { middleware } from "~/routes/admin/layout.tsx";
import { describeEachEngine } from "../support/test-databases.ts";

const BACK_OFFICE = "http://127.0.0.1:3000";
const SMTP_SECRET = "smtps://office:Sup3r-Secret-Pa55@mail.example.in:465";
const SMS_SECRET = "sms-token-never-shown-7f3a";
const OIDC_SECRET = "oidc-client-secret-never-shown-91c2";

type Refusal = { data: { errors: Record<string, string>; values: Record<string, string> }; init: { status: number } };

describe("settings screen registry", () => {
  it("is the owner's: office and accounts staff are refused by the layout's permission check", () => {
    const screen = screenFor("/admin/settings");
    expect(screen).toMatchObject({ path: "/admin/settings", permission: "settings", built: true });
    expect(can("owner", screen!.permission)).toBe(true);
    expect(can("office", screen!.permission)).toBe(false);
    expect(can("accounts", screen!.permission)).toBe(false);
  });
});

describeEachEngine("settings admin", (database) => {
  const previousConfig = getServerConfig();
  let owner: StaffMember;
  let officeCookie: string;

  beforeAll(async () => {
    setServerConfig(readConfig({ NODE_ENV: "test", SESSION_SECRET: "s".repeat(40) }));
    clearSettingsCache();
    await seedSettings(database().handle.db, "http://localhost:3000");
    const ownerUser = await upsertUserWithRole("+919000000150", "admin");
    await database().handle.db.update(users).set({ staffRole: "owner", name: "Ramesh Owner" }).where(eq(users.id, ownerUser.id));
    owner = { userId: ownerUser.id, sessionId: 0, name: "Ramesh Owner", mobile: "+919000000150", role: "owner", permissions: [], ipAddress: "203.0.113.5" };
    const office = await upsertUserWithRole("+919000000151", "admin");
    await database().handle.db.update(users).set({ staffRole: "office" }).where(eq(users.id, office.id));
    const url = new URL(BACK_OFFICE);
    officeCookie = (await startSession({ userId: office.id, role: "admin", method: "otp", request: new Request(url), url, address: "198.51.100.7" })).split(";")[0]!;
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    clearSettingsCache();
  });
  beforeEach(() => setServerConfig(readConfig({ NODE_ENV: "test", SESSION_SECRET: "s".repeat(40) })));

  const db = () => database().handle.db;

  function context(staff: StaffMember = owner) {
    const c = new RouterContextProvider();
    c.set(clientAddressContext, staff.ipAddress);
    c.set(staffContext, staff);
    return c;
  }

  async function load(group: string) {
    const url = new URL(`/admin/settings?group=${group}`, BACK_OFFICE);
    return loader({ request: new Request(url), url, params: {}, context: context() } as never);
  }

  /** Posts the group's form as the browser would; a redirect (303) or the refusal's data. */
  async function post(
    group: string,
    fields: Record<string, string | string[]>,
    version?: string,
  ): Promise<{ status: number | undefined; location: string | null; errors: Record<string, string>; values: Record<string, string> }> {
    const form = new URLSearchParams();
    form.set("intent", group);
    form.set("version", version ?? (await load(group)).version);
    for (const [key, value] of Object.entries(fields)) {
      for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
    }
    const url = new URL(`/admin/settings?group=${group}`, BACK_OFFICE);
    const request = new Request(url, { method: "POST", body: form, headers: { "content-type": "application/x-www-form-urlencoded" } });
    const result = (await action({ request, url, params: {}, context: context() } as never)) as Response | Refusal;
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), errors: {}, values: {} };
    return { status: result.init.status, location: null, errors: result.data.errors, values: result.data.values };
  }

  const lastEntry = async (group: string) =>
    (
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, "settings"), eq(auditLog.entityId, group)))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];

  const identityForm = async (overrides: Record<string, string> = {}) => {
    const v = (await load("identity")).identity!;
    return {
      wordmarkPrimary: v.wordmarkPrimary,
      wordmarkSecondary: v.wordmarkSecondary,
      legalName: v.legalName,
      tagline: v.tagline,
      supportPhone: v.supportPhone,
      whatsappNumber: v.whatsappNumber,
      supportEmail: v.supportEmail,
      ...v.address,
      siteUrl: v.siteUrl,
      ...overrides,
    };
  };

  it("refuses office staff at the layout, before the loader or action runs", async () => {
    const request = new Request(new URL("/admin/settings", BACK_OFFICE), { headers: { cookie: officeCookie } });
    const c = new RouterContextProvider();
    c.set(clientAddressContext, "198.51.100.7");
    const refused = await Promise.resolve(middleware[0]!({ request, url: new URL(request.url), params: {}, context: c } as never, async () => new Response("ok"))).then(
      () => ({ status: 200 }),
      (e: { init?: { status?: number }; data?: { reason?: string } }) => ({ status: e.init?.status, reason: e.data?.reason }),
    );
    expect(refused).toMatchObject({ status: 403, reason: expect.stringContaining("Business settings and integrations") as unknown });
  });

  it("saves the business's contact details: the public settings change at once, the page cache is invalidated, the log has only what changed", async () => {
    const before = contentVersion();
    await getSiteSettings(); // cached
    const saved = await post("identity", await identityForm({ supportPhone: "040 2345 6789", whatsappNumber: "98480 12345", supportEmail: "Office@Deccan.example.in" }));
    expect(saved).toMatchObject({ status: 303, location: "/admin/settings?group=identity" });
    const site = await getSiteSettings();
    expect(site.identity).toMatchObject({ supportPhone: "+914023456789", whatsappNumber: "+919848012345", supportEmail: "office@deccan.example.in" });
    expect(contentVersion()).toBeGreaterThan(before);
    const entry = await lastEntry("identity");
    expect(entry).toMatchObject({
      action: "settings.update",
      entityType: "settings",
      entityId: "identity",
      actorUserId: owner.userId,
      actorLabel: "Ramesh Owner",
      ipAddress: "203.0.113.5",
      before: { supportPhone: "+919000000001", whatsappNumber: "+919000000001", supportEmail: "support@example.com" },
      after: { supportPhone: "+914023456789", whatsappNumber: "+919848012345", supportEmail: "office@deccan.example.in" },
    });
    // No sample contact details left: the banner's link goes on to the GSTIN.
    expect(sampleSettingsHref(site)).toBe("/admin/settings?group=business");
    // The same form again: nothing changed, nothing logged, the cache not invalidated.
    const version = contentVersion();
    expect((await post("identity", await identityForm())).status).toBe(303);
    expect((await lastEntry("identity"))!.id).toBe(entry!.id);
    expect(contentVersion()).toBe(version);
  });

  it("refuses invalid contact details with a message per field and keeps what was typed", async () => {
    const refused = await post("identity", await identityForm({ supportPhone: "12345", supportEmail: "not-an-address", postalCode: "5000", legalName: "" }));
    expect(refused.status).toBe(400);
    expect(refused.errors).toMatchObject({
      supportPhone: expect.stringMatching(/10-digit Indian number/) as unknown,
      supportEmail: expect.stringMatching(/valid e-mail/) as unknown,
      postalCode: "A PIN code has six digits",
      legalName: expect.stringMatching(/legal name/) as unknown,
    });
    expect(refused.values).toMatchObject({ supportPhone: "12345", supportEmail: "not-an-address" });
    expect((await getSiteSettings()).identity.supportPhone).toBe("+914023456789");
  });

  it("checks the GSTIN's check character and that the state is the GSTIN's", async () => {
    const business = { stateCode: "36", openingHours: "Mon-Sat 9:00-18:00, emergencies 24x7", open24x7: "yes" };
    const badCheck = await post("business", { ...business, gstin: "36AAAAA0000A1Z4" });
    expect(badCheck).toMatchObject({ status: 400, errors: { gstin: "This GSTIN's check character is wrong" } });
    const badShape = await post("business", { ...business, gstin: "36AAAAA0000" });
    expect(badShape.errors.gstin).toMatch(/15 characters/);
    // A valid Maharashtra GSTIN with Telangana chosen.
    const mismatch = await post("business", { ...business, gstin: "27aapfu0939f1zv" });
    expect(mismatch.status).toBe(400);
    expect(mismatch.errors.stateCode).toMatch(/GSTIN's first two digits \(27, Maharashtra\)/);
    expect(mismatch.values.gstin).toBe("27aapfu0939f1zv");

    const saved = await post("business", { ...business, gstin: "27aapfu0939f1zv", stateCode: "27" });
    expect(saved.status).toBe(303);
    expect((await getSiteSettings()).business).toEqual({
      gstin: "27AAPFU0939F1ZV",
      stateCode: "27",
      state: "Maharashtra",
      openingHours: "Mon-Sat 9:00-18:00, emergencies 24x7",
      open24x7: true,
    });
    expect(sampleSettingsHref(await getSiteSettings())).toBeUndefined();
    expect((await lastEntry("business"))).toMatchObject({
      before: { gstin: "36AAAAA0000A1Z3", stateCode: "36", state: "Telangana", openingHours: "Open 24/7 for emergencies" },
      after: { gstin: "27AAPFU0939F1ZV", stateCode: "27", state: "Maharashtra", openingHours: "Mon-Sat 9:00-18:00, emergencies 24x7" },
    });
    // Unticked: not open round the clock.
    expect((await post("business", { ...business, gstin: "27AAPFU0939F1ZV", stateCode: "27", open24x7: [] })).status).toBe(303);
    expect((await getSiteSettings()).business.open24x7).toBe(false);
  });

  it("refuses a stale save: someone else saved the group meanwhile", async () => {
    const drawn = (await load("claims")).version;
    const claims = (await load("claims")).claims!;
    const form = Object.fromEntries(Object.entries(claims).map(([k, v]) => [k, String(v)]));
    expect((await post("claims", { ...form, happyClients: "650" }, drawn)).status).toBe(303);
    const stale = await post("claims", { ...form, yearsExperience: "16" }, drawn);
    expect(stale).toMatchObject({ status: 400, errors: { form: STALE_SETTINGS } });
    expect(stale.values.yearsExperience).toBe("16");
    expect((await getSiteSettings()).claims).toMatchObject({ happyClients: 650, yearsExperience: 15 });
    // Two saves from the same page at once: one wins, the other is refused.
    const version = (await load("claims")).version;
    const both = await Promise.all([post("claims", { ...form, happyClients: "700" }, version), post("claims", { ...form, happyClients: "710" }, version)]);
    expect(both.map((r) => r.status).sort()).toEqual([303, 400]);
  });

  it("saves the claims, promises, charges and operations, refusing what does not add up", async () => {
    const claims = Object.fromEntries(Object.entries((await load("claims")).claims!).map(([k, v]) => [k, String(v)]));
    expect((await post("claims", { ...claims, ratingValue: "5.5" })).errors.ratingValue).toBe("The rating is at most 5");
    expect((await post("claims", { ...claims, ratingValue: "4.9", servicesOffered: "42" })).status).toBe(303);
    expect((await getSiteSettings()).claims).toMatchObject({ ratingValue: 4.9, servicesOffered: 42 });

    const promises = Object.fromEntries(Object.entries((await load("promises")).promises!).map(([k, v]) => [k, String(v)]));
    expect((await post("promises", { ...promises, repairHoursMax: "12" })).errors.repairHoursMax).toMatch(/shortest repair/);
    expect((await post("promises", { ...promises, warrantyMonths: "12" })).status).toBe(303);
    expect((await getSiteSettings()).promises.warrantyMonths).toBe(12);
    expect(await lastEntry("promises")).toMatchObject({ before: { warrantyMonths: 6 }, after: { warrantyMonths: 12 } });

    const charges = Object.fromEntries((await load("charges")).charges!.flatMap((c) => [[`${c.category}-min`, String(c.minRupees)], [`${c.category}-max`, String(c.maxRupees)]]));
    expect((await post("charges", { ...charges, "Utility-max": "100" })).errors["Utility-max"]).toMatch(/upper bound/);
    expect((await post("charges", { ...charges, "Emergency-min": "6000", "Emergency-max": "60000" })).status).toBe(303);
    expect((await getSiteSettings()).charges.find((c) => c.category === "Emergency")).toEqual({ category: "Emergency", minRupees: 6000, maxRupees: 60000 });
    expect(await lastEntry("charges")).toMatchObject({
      before: { Emergency: { minRupees: 5000, maxRupees: 50000 } },
      after: { Emergency: { minRupees: 6000, maxRupees: 60000 } },
    });

    const o = (await load("operations")).operations!;
    const operations = {
      ...Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)])),
      workingDays: o.workingDays.map(String),
    };
    const noDays = await post("operations", { ...operations, workingDays: [], workingHoursClose: "08:00" });
    expect(noDays.errors).toMatchObject({ workingDays: "Choose at least one working day", workingHoursClose: "Closing time must be after opening time" });
    expect((await post("operations", { ...operations, workingDays: ["1", "2", "3", "4", "5"], escalateBeforeMinutes: "45", quoteValidityDays: "30" })).status).toBe(303);
    expect((await getSiteSettings()).operations).toMatchObject({ workingDays: [1, 2, 3, 4, 5], escalateBeforeMinutes: 45, quoteValidityDays: 30 });
  });

  it("payments start unset (no invented account), refuse a malformed UPI ID or IFSC and a half bank account", async () => {
    expect(await getPaymentSettings()).toEqual({});
    expect((await load("payments")).payments).toEqual({});
    const empty = { upiId: "", payeeName: "", bankName: "", accountName: "", accountNumber: "", ifsc: "" };
    const bad = await post("payments", { ...empty, upiId: "deccan at bank", ifsc: "SBIN1234567", accountNumber: "12ab" });
    expect(bad.errors).toMatchObject({ upiId: expect.stringMatching(/name@bank/) as unknown, ifsc: expect.stringMatching(/11 characters/) as unknown, accountNumber: expect.stringMatching(/9 to 18 digits/) as unknown });
    const half = await post("payments", { ...empty, bankName: "State Bank of India, Balanagar" });
    expect(half.errors).toMatchObject({ accountName: expect.stringMatching(/Needed/) as unknown, accountNumber: expect.stringMatching(/Needed/) as unknown });
    expect((await post("payments", { ...empty, upiId: "deccan@okhdfcbank", payeeName: "Deccan Automation" })).status).toBe(303);
    expect(await getPaymentSettings()).toEqual({ upiId: "deccan@okhdfcbank", payeeName: "Deccan Automation" });
    const full = { upiId: "deccan@okhdfcbank", payeeName: "Deccan Automation", bankName: "SBI Balanagar", accountName: "Deccan Automation Services", accountNumber: "3012 3456 7890", ifsc: "sbin0001234" };
    expect((await post("payments", full)).status).toBe(303);
    expect(await getPaymentSettings()).toMatchObject({ accountNumber: "301234567890", ifsc: "SBIN0001234" });
    // Emptied again: unset.
    expect((await post("payments", { ...empty })).status).toBe(303);
    expect(await getPaymentSettings()).toEqual({});
  });

  it("integrations: secrets are write-only (never in the loader data or the log), a blank field keeps them, the environment wins", async () => {
    const blank = { smtpUrl: "", mailFrom: "", smsProvider: "", smsHttpUrl: "", smsHttpToken: "", smsSenderId: "", oidcIssuer: "", oidcClientId: "", oidcClientSecret: "", oidcProviderName: "" };
    expect(await effectiveMail()).toEqual({ smtpUrl: undefined, mailFrom: undefined });
    const saved = await post("integrations", {
      ...blank,
      smtpUrl: SMTP_SECRET,
      mailFrom: "Deccan Automation <office@deccan.example.in>",
      smsProvider: "http",
      smsHttpUrl: "https://sms.example.in/send",
      smsHttpToken: SMS_SECRET,
      smsSenderId: "dcnaut",
      oidcIssuer: "https://login.example.in",
      oidcClientId: "deccan-office",
      oidcClientSecret: OIDC_SECRET,
      oidcProviderName: "Deccan Google account",
    });
    expect(saved.status).toBe(303);
    const data = await load("integrations");
    const json = JSON.stringify(data);
    for (const secret of [SMTP_SECRET, "Sup3r-Secret-Pa55", SMS_SECRET, OIDC_SECRET]) expect(json).not.toContain(secret);
    expect(data.integrations).toMatchObject({
      secrets: { smtpUrl: true, smsHttpToken: true, oidcClientSecret: true },
      smtpServer: "smtps://mail.example.in:465",
      values: { mailFrom: "Deccan Automation <office@deccan.example.in>", smsProvider: "http", smsSenderId: "DCNAUT", oidcClientId: "deccan-office" },
    });
    const entry = await lastEntry("integrations");
    const logged = JSON.stringify(entry);
    for (const secret of [SMTP_SECRET, "Sup3r-Secret-Pa55", SMS_SECRET, OIDC_SECRET]) expect(logged).not.toContain(secret);
    expect(entry).toMatchObject({
      before: { smtpUrl: "not set", smsHttpToken: "not set", oidcClientSecret: "not set" },
      after: { smtpUrl: "secret replaced", smsHttpToken: "secret replaced", oidcClientSecret: "secret replaced", smsSenderId: "DCNAUT" },
    });
    // In effect where mail, SMS and sign-in read their configuration.
    expect(await effectiveMail()).toEqual({ smtpUrl: SMTP_SECRET, mailFrom: "Deccan Automation <office@deccan.example.in>" });
    expect(await effectiveSms()).toEqual({ provider: "http", url: "https://sms.example.in/send", token: SMS_SECRET, senderId: "DCNAUT" });
    expect(await effectiveOidc()).toEqual({ issuer: "https://login.example.in", clientId: "deccan-office", clientSecret: OIDC_SECRET, providerName: "Deccan Google account" });
    expect(await getSmsProvider()).not.toBeNull();

    // Saved again with the secret fields blank: kept. A refusal never sends a typed secret back.
    const values = data.integrations!.values;
    const again = { ...blank, mailFrom: values.mailFrom!, smsProvider: "http", smsHttpUrl: values.smsHttpUrl!, smsSenderId: "DCNAUT", oidcIssuer: values.oidcIssuer!, oidcClientId: values.oidcClientId!, oidcProviderName: "Deccan SSO" };
    expect((await post("integrations", again)).status).toBe(303);
    expect((await effectiveSms()).token).toBe(SMS_SECRET);
    expect((await effectiveOidc())?.providerName).toBe("Deccan SSO");
    const refused = await post("integrations", { ...again, smtpUrl: "mail.example.in", smsHttpToken: "typed-token-xyz" });
    expect(refused.errors.smtpUrl).toMatch(/smtp:\/\//);
    expect(JSON.stringify(refused)).not.toContain("typed-token-xyz");
    // Removing the client secret without the issuer and client ID is refused by the all-or-none rule.
    const removed = await post("integrations", { ...again, oidcIssuer: "", oidcClientId: "", removeOidcClientSecret: "yes", removeSmtpUrl: "yes" });
    expect(removed.status).toBe(303);
    expect(await effectiveOidc()).toBeUndefined();
    expect((await effectiveMail()).smtpUrl).toBeUndefined();
    expect((await lastEntry("integrations"))!.after).toMatchObject({ smtpUrl: "secret removed", oidcClientSecret: "secret removed" });
    const partial = await post("integrations", { ...again, oidcClientSecret: "" });
    expect(partial.errors.oidcClientSecret).toMatch(/set together/);

    // The environment wins, and the screen says so; the stored values stay as they were.
    setServerConfig(readConfig({ NODE_ENV: "test", SESSION_SECRET: "s".repeat(40), SMTP_URL: "smtp://127.0.0.1:2525", SMS_PROVIDER: "log" }));
    expect(await effectiveMail()).toMatchObject({ smtpUrl: "smtp://127.0.0.1:2525" });
    expect(await effectiveSms()).toMatchObject({ provider: "log" });
    const env = (await load("integrations")).integrations!;
    expect(env.fromEnvironment).toMatchObject({ smtpUrl: true, smsProvider: true, oidcIssuer: false });
    const [row] = await db().select().from(siteSettings).where(eq(siteSettings.key, "integrations"));
    expect(row!.value).toMatchObject({ smsProvider: "http", smsHttpToken: SMS_SECRET });
  });

  it("answers 404 for a group that does not exist", async () => {
    await expect(load("bank")).rejects.toMatchObject({ init: { status: 404 } });
  });
});
