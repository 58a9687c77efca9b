import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { auditLog, outbox, users } from "~/.server/db/schema.ts";
import { deliveryProblems, MAX_ATTEMPTS, retryDelivery } from "~/.server/notifications/problems.ts";
import { seedSettings } from "~/.server/settings/index.ts";
import { type StaffRole } from "~/lib/auth/permissions.ts";
import AdminDashboard, { action, loader } from "~/routes/admin/dashboard/route.tsx";
import { readConfig, setServerConfig } from "~/.server/config.ts";
import { clearSettingsCache, saveSettingsGroup } from "~/.server/settings/index.ts";
import { deliveryWarnings } from "~/.server/startup.ts";
import { siteSettings } from "~/.server/db/schema.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, statusOf } from "../support/staff-routes.ts";

/**
 * What failed to go out (SMS, e-mail, scheduled jobs) shows on the owner's dashboard, and can be sent again
 * from there: nobody reads the server's log.
 */
describeEachEngine("delivery problems on the dashboard", (database) => {
  const actor = { userId: null, label: "Test Owner", ipAddress: "203.0.113.9" };

  let ownerId = 0;
  const staffOf = (role: StaffRole): StaffMember => asStaff(role, { userId: ownerId, sessionId: 1, name: "Test", ipAddress: "203.0.113.9" });

  async function page(role: StaffRole) {
    const loaderData = await loader(routeArgs("http://127.0.0.1/admin", { staff: staffOf(role), address: null }));
    // In a data router, as on the site: the panels' live status (LiveStatus) reads React Router's revalidator.
    const Stub = createRoutesStub([{ id: "dashboard", path: "/admin", Component: () => createElement(AdminDashboard, { loaderData } as never) }]);
    return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/admin"], hydrationData: { loaderData: { dashboard: loaderData } } }));
  }

  async function post(role: StaffRole, fields: Record<string, string>) {
    try {
      return await action(routeArgs("http://127.0.0.1/admin", { staff: staffOf(role), body: fields, address: null }));
    } catch (thrown) {
      return thrown;
    }
  }

  it("lists failed and retried items for the owner only, and sends a failed one again once", async () => {
    const { db } = database().handle;
    await seedSettings(db, "http://localhost:3000");
    const [ownerUser] = await db.insert(users).values({ mobile: "+919000000299", name: "Test Owner", roles: ["admin"], staffRole: "owner" }).returning();
    ownerId = ownerUser!.id;
    const [failed] = await db
      .insert(outbox)
      .values({
        channel: "sms",
        recipient: "+919848012345",
        body: "Deccan Automation Services: we have received your service request SR-2611-0001.",
        template: "1107000000000000001",
        status: "failed",
        attempts: MAX_ATTEMPTS,
        lastError: "SMS provider answered 401: invalid API key",
        dedupeKey: "test-failed-1",
      })
      .returning();
    await db.insert(outbox).values({
      channel: "email",
      recipient: "owner@example.com",
      subject: "Response promise about to be missed: SR-2611-0002",
      body: "…",
      template: "responseEscalation",
      status: "pending",
      attempts: 2,
      lastError: "connect ECONNREFUSED 127.0.0.1:587",
      dedupeKey: "test-retrying-1",
    });
    await db.insert(outbox).values({ channel: "sms", recipient: "+919848099999", body: "sent", template: "1", status: "sent", attempts: 1, dedupeKey: "test-sent-1" });

    const problems = await deliveryProblems();
    expect(problems).toMatchObject({ failed: 1, retrying: 1 });
    expect(problems.items.map((i) => [i.state, i.channel, i.recipient])).toEqual([
      ["failed", "SMS", "+919848012345"],
      ["retrying", "E-mail", "owner@example.com"],
    ]);

    const owner = await page("owner");
    expect(owner).toContain("Messages and scheduled work in trouble");
    expect(owner).toContain("SMS provider answered 401: invalid API key");
    expect(owner).toContain("Retry now");
    // The office works requests, not the integrations: no panel, and the action is refused.
    expect(await page("office")).not.toContain("in trouble");
    const refused = await post("office", { intent: "retry-delivery", id: String(failed!.id) });
    expect(statusOf(refused)).toBe(403);

    const retried = (await post("owner", { intent: "retry-delivery", id: String(failed!.id) })) as Response;
    expect(retried.status).toBe(303);
    const [row] = await db.select().from(outbox).where(eq(outbox.id, failed!.id));
    expect(row).toMatchObject({ status: "pending", attempts: 0 });
    const entries = await db.select().from(auditLog).where(eq(auditLog.action, "outbox.retry"));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entityLabel: "SMS to +919848012345", after: { status: "pending" } });

    // A second click (or a reload of the post) finds nothing failed: nothing more is queued or logged.
    expect(await retryDelivery(actor, failed!.id)).toEqual({ ok: false, message: "That item is no longer failed: it was sent or retried meanwhile." });
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "outbox.retry"))).toHaveLength(1);
    const bad = (await post("owner", { intent: "retry-delivery", id: "x" })) as { init?: { status?: number }; data?: { errors: Record<string, string> } };
    expect(bad.init?.status).toBe(400);
    expect(bad.data?.errors.id).toBe("Choose the item to send again.");
  });

  it("start-up warns that SMS and e-mail are not sent only while neither the environment nor the settings set a provider", async () => {
    const { db } = database().handle;
    const production = readConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), DATA_DIR: "/tmp/unused" });
    setServerConfig(production);
    try {
      clearSettingsCache();
      expect(await deliveryWarnings(production)).toEqual([
        "No SMS provider is set (SMS_PROVIDER, or Integrations in the settings): SMS are printed on stdout, not sent.",
        "No SMTP server is set (SMTP_URL, or Integrations in the settings): e-mail is logged and kept in the outbox, not sent.",
      ]);
      const version = (await db.select().from(siteSettings).where(eq(siteSettings.key, "integrations")))[0]?.updatedAt.toISOString() ?? "";
      const saved = await saveSettingsGroup({
        group: "integrations",
        expectedVersion: version,
        next: (current) => ({ ...current, smtpUrl: "smtp://mail.example.com:587", mailFrom: "office@example.com" }),
        actor,
      });
      expect(saved).toMatchObject({ ok: true });
      expect(await deliveryWarnings(production)).toEqual([
        "No SMS provider is set (SMS_PROVIDER, or Integrations in the settings): SMS are printed on stdout, not sent.",
      ]);
      expect(await deliveryWarnings(readConfig({ NODE_ENV: "test" }))).toEqual([]);
    } finally {
      setServerConfig(readConfig({}));
    }
  });
});
