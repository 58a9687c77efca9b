import fs from "node:fs";
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { signInAction } from "~/.server/auth/sign-in.ts";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { forgetSmsRegistry } from "~/.server/notifications/sms-registry.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { customers, outbox, users } from "~/.server/db/schema.ts";
import { resetRateLimits } from "~/.server/forms/index.ts";
import { deliverDueMessages } from "~/.server/notifications/index.ts";
import { CODE_MASK } from "~/.server/notifications/sealed.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { loader as activityLoader, middleware as activityMiddleware } from "~/routes/admin/activity/route.tsx";
import { loader as communicationsLoader } from "~/routes/admin/communications/route.tsx";
import { loader as threadLoader } from "~/routes/admin/communications/thread.tsx";
import { loader as customerExportLoader } from "~/routes/admin/customers/export.ts";
import { loader as customerLoader } from "~/routes/admin/customers/customer.tsx";
import { loader as dashboardLoader } from "~/routes/admin/dashboard/route.tsx";
import { loader as emailsLoader, middleware as emailsMiddleware } from "~/routes/admin/emails/route.tsx";
import { loader as notificationsLoader } from "~/routes/admin/notifications/route.tsx";
import { loader as smsLoader, middleware as smsMiddleware } from "~/routes/admin/sms/route.tsx";
import { loader as whatsappLoader } from "~/routes/admin/whatsapp/route.tsx";
import { findInDatabase } from "../support/database-text.ts";
import { codeSentTo, sentSms } from "../support/sms-capture.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, BACK_OFFICE } from "../support/staff-routes.ts";

/**
 * Issue 17 §1: an office user could read the owner's sign-in code on /admin/sms and sign in as the owner.
 * A one-time code is a secret: the office sees that a code was sent, never the code, on any screen, export,
 * live event or notification, and the database never holds it readable (ADR 025).
 */
const SITE = "http://localhost:3000";

describeEachEngine("one-time codes", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  let office: StaffMember;
  const owner = "+919000000731";
  const customerMobile = "+919812377731";
  const customerReference = "CU-2611-0731";

  beforeAll(async () => {
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40) }));
    await seedSettings(db(), SITE);
    clearSettingsCache();
    forgetSmsRegistry();
    const ownerUser = await upsertUserWithRole(owner, "admin", db(), "Owner Rao");
    await db().update(users).set({ staffRole: "owner" }).where(eq(users.id, ownerUser.id));
    const officeUser = await upsertUserWithRole("+919000000732", "admin", db(), "Asha Office");
    await db().update(users).set({ staffRole: "office" }).where(eq(users.id, officeUser.id));
    office = asStaff("office", { userId: officeUser.id, name: "Asha Office", ipAddress: "203.0.113.7" });
    await db().insert(customers).values({ reference: customerReference, mobile: customerMobile, name: "Meena Rao", email: "meena@example.net" });
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  });

  afterAll(() => {
    vi.mocked(process.stdout.write).mockRestore();
    setServerConfig(previousConfig);
  });

  /** A request from the office user's browser. */
  const asOffice = (path: string, params: Record<string, string> = {}) => routeArgs(path, { staff: office, params, extra: { unstable_pattern: "" } });

  /** What the office's browser receives: a page's data, a download's text. */
  async function read(answer: unknown): Promise<string> {
    if (answer instanceof Response) return answer.text();
    return JSON.stringify(answer);
  }

  const page = () => Promise.resolve(new Response("page"));

  /** Asks for a code on a sign-in page, from a browser that is not the office's. */
  async function askForCode(role: "admin" | "customer", mobile: string): Promise<void> {
    const url = new URL(role === "admin" ? `${BACK_OFFICE}/admin/login` : `${SITE}/customer/login`);
    const request = new Request(url, {
      method: "POST",
      body: new URLSearchParams({ intent: "send", mobile: mobile.slice(3) }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const answer = (await signInAction(request, url, role, "198.51.100.20")) as Response;
    expect(answer.status).toBe(303);
  }

  it("office staff have a code sent to the owner's and to a customer's number, and find neither anywhere they can read or export", async () => {
    await resetRateLimits();
    await askForCode("admin", owner);
    await askForCode("customer", customerMobile);
    const ownerCode = await codeSentTo(owner);
    const customerCode = await codeSentTo(customerMobile);
    // The codes did reach the phones, in full.
    expect((await sentSms()).findLast((m) => m.to === owner)!.body).toMatch(new RegExp(`^${ownerCode} is your .+ verification code`));
    // A retry by the worker changes nothing (nothing is due; the texts stay masked).
    await deliverDueMessages();

    const readable: Record<string, string> = {
      "/admin/sms": await read(await smsLoader(asOffice("/admin/sms"))),
      "/admin/sms CSV": await read(await smsMiddleware[0]!(asOffice("/admin/sms?format=csv") as never, page as never)),
      "/admin/sms searched": await read(await smsLoader(asOffice(`/admin/sms?q=${owner.slice(3)}`))),
      "/admin/emails": await read(await emailsLoader(asOffice("/admin/emails"))),
      "/admin/emails CSV": await read(await emailsMiddleware[0]!(asOffice("/admin/emails?format=csv") as never, page as never)),
      "/admin/communications": await read(await communicationsLoader(asOffice("/admin/communications"))),
      [`/admin/communications/${customerReference}`]: await read(await threadLoader(asOffice(`/admin/communications/${customerReference}`, { customerReference }))),
      [`/admin/customers/${customerReference}`]: await read(await customerLoader(asOffice(`/admin/customers/${customerReference}`, { reference: customerReference }))),
      "personal-data export (JSON)": await read(await customerExportLoader(asOffice(`/admin/customers/${customerReference}/export?format=json`, { reference: customerReference }))),
      "personal-data export (CSV)": await read(await customerExportLoader(asOffice(`/admin/customers/${customerReference}/export?format=csv`, { reference: customerReference }))),
      "/admin/whatsapp": await read(await whatsappLoader(asOffice("/admin/whatsapp"))),
      "/admin/notifications": await read(await notificationsLoader(asOffice("/admin/notifications"))),
      "/admin (dashboard)": await read(await dashboardLoader(asOffice("/admin"))),
    };
    // The activity log is the owner's screen; read it too, in case the office is ever given it.
    readable["/admin/activity"] = await read(await activityLoader(asOffice("/admin/activity")));
    readable["/admin/activity CSV"] = await read(await activityMiddleware.at(-1)!(asOffice("/admin/activity?format=csv") as never, page as never));

    for (const [where, text] of Object.entries(readable)) {
      expect(text, where).not.toContain(ownerCode);
      expect(text, where).not.toContain(customerCode);
    }
    // The log still says that a code was sent, to whom.
    expect(readable["/admin/sms"]).toContain(`${CODE_MASK} is your`);
    expect(readable["/admin/sms CSV"]).toContain(`${CODE_MASK} is your`);
    expect(readable[`/admin/communications/${customerReference}`]).toContain(`${CODE_MASK} is your`);

    // Nor is either code readable anywhere in the database (live events and staff notifications included).
    expect(await findInDatabase(db(), [ownerCode, customerCode])).toEqual([]);
    // Once sent, the sealed text is gone too.
    const rows = await db().select({ sealed: outbox.sealed, status: outbox.status }).from(outbox).where(eq(outbox.recipient, owner));
    expect(rows).toEqual([{ sealed: null, status: "sent" }]);
  });

  it("the upgrade masks the codes a deployed database already holds, and gives up the unsent ones", async () => {
    const migration = fs.readdirSync("drizzle").find((f) => f.endsWith("_security.sql"))!;
    const custom = fs.readFileSync(`drizzle/${migration}`, "utf8").split("-- custom SQL (security)")[1]!;
    const old = (n: number, status: "sent" | "pending" | "failed", lastError: string | null = null) => ({
      channel: "sms" as const,
      recipient: owner,
      body: `48213${n} is your Deccan Automation Services verification code. It is valid for 5 minutes. Do not share it with anyone.`,
      template: "1007000000000000006",
      variables: { code: `48213${n}`, business: "Deccan Automation Services" },
      status,
      lastError,
      dedupeKey: `old-otp:${n}`,
    });
    await db()
      .insert(outbox)
      .values([old(1, "sent"), old(2, "pending"), old(3, "failed", `SMS provider answered 400: bad text 48213${3}`)]);
    await db().execute(sql.raw(custom));
    const rows = await db().select().from(outbox).where(like(outbox.dedupeKey, "old-otp:%")).orderBy(outbox.dedupeKey);
    expect(rows.map((r) => [r.body.slice(0, 14), (r.variables as { code: string }).code, r.status])).toEqual([
      [`${CODE_MASK} is your`, CODE_MASK, "sent"],
      [`${CODE_MASK} is your`, CODE_MASK, "failed"],
      [`${CODE_MASK} is your`, CODE_MASK, "failed"],
    ]);
    expect(rows[2]!.lastError).toBe(`SMS provider answered 400: bad text ${CODE_MASK}`);
    expect(await findInDatabase(db(), ["482131", "482132", "482133"])).toEqual([]);
  });
});
