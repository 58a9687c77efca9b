import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSession } from "~/.server/auth/sessions.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { handleDeliveryReport } from "~/.server/communications/delivery.ts";
import { handleInboundSms } from "~/.server/communications/inbound-sms.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { customers, users } from "~/.server/db/schema.ts";
import { audiencesOf } from "~/.server/live/access.ts";
import { streamPrincipal } from "~/.server/live/endpoint.ts";
import { issueLiveGrant } from "~/.server/live/grants.ts";
import { handleGatewayWebhook } from "~/.server/payments/gateway/webhook.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { handleWhatsAppWebhook } from "~/.server/whatsapp/webhook.ts";
import { action as marketingConsentAction, loader as marketingConsentLoader } from "~/routes/admin/customers/marketing-consent.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, thrownStatus, BACK_OFFICE } from "../support/staff-routes.ts";

/** Issue 17 §1: the smaller security fixes, each as the person it affects would notice it. */
describeEachEngine("security fixes", (database) => {
  const previousConfig = getServerConfig();
  const previousSecret = process.env.SMS_WEBHOOK_SECRET;

  beforeAll(async () => {
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "w".repeat(40) }));
    delete process.env.SMS_WEBHOOK_SECRET;
    await seedSettings(database().handle.db, "http://localhost:3000");
    clearSettingsCache();
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    if (previousSecret !== undefined) process.env.SMS_WEBHOOK_SECRET = previousSecret;
  });

  // A webhook nothing is configured for answered 503, which providers retry for days: 404, nothing listens here.
  it("webhooks that are not configured answer 404, not 503 (which a provider retries for days)", async () => {
    const rawBody = JSON.stringify({ id: "x" });
    expect(await handleDeliveryReport({ rawBody, signature: "sig", ipAddress: "203.0.113.1" })).toMatchObject({ status: 404, outcome: "refused" });
    expect(await handleInboundSms({ rawBody, signature: "sig", ipAddress: "203.0.113.1" })).toMatchObject({ status: 404, outcome: "refused" });
    expect(await handleWhatsAppWebhook({ rawBody, signature: "sha256=00" })).toMatchObject({ status: 404, outcome: "refused" });
    expect(await handleGatewayWebhook({ rawBody, signature: "sig", eventIdHeader: "evt_1", ipAddress: "203.0.113.1" })).toMatchObject({ status: 404, outcome: "refused" });
  });

  it("GET /admin/customers/<ref>/marketing-consent goes to the customer page (it answered 500)", () => {
    const answer = marketingConsentLoader({ params: { reference: "CU-2611-0001" } } as never);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/admin/customers/CU-2611-0001");
  });

  it("accounts staff may not change a customer's marketing consent (marketing is the communications permission)", async () => {
    const db = database().handle.db;
    await db.insert(customers).values({ reference: "CU-2611-0751", mobile: "+919812377751", name: "Kiran Rao" });
    const staffUser = await upsertUserWithRole("+919000000752", "admin", db, "Staff");
    const post = (role: "accounts" | "office") =>
      marketingConsentAction(
        routeArgs("/admin/customers/CU-2611-0751/marketing-consent", {
          staff: asStaff(role, { userId: staffUser.id, name: "Staff" }),
          params: { reference: "CU-2611-0751" },
          body: { consent: "given", version: "1" },
          origin: BACK_OFFICE,
        }),
      );
    expect(await thrownStatus(post("accounts"))).toBe(403);
    const [row] = await db.select({ consentAt: customers.marketingConsentAt }).from(customers).where(eq(customers.reference, "CU-2611-0751"));
    expect(row!.consentAt).toBeNull();
    const done = (await post("office")) as Response;
    expect(done.status).toBe(303);
  });

  it("the live event stream applies the back office's host rule: on the public host a staff session or grant reads no staff event", async () => {
    const db = database().handle.db;
    const user = await upsertUserWithRole("+919000000741", "admin", db, "Asha Office");
    await db.update(users).set({ staffRole: "office" }).where(eq(users.id, user.id));
    const at = new URL("http://127.0.0.1:3000/admin");
    const cookie = (await startSession({ userId: user.id, role: "admin", method: "otp", request: new Request(at), url: at, address: "203.0.113.9" })).split(";")[0]!;
    const grant = issueLiveGrant("staff:requests");
    const stream = (host: string) => streamPrincipal({ url: `/live/events?grant=${grant}`, headers: { host, cookie } });

    const office = audiencesOf(await stream("127.0.0.1:3000"));
    expect(office).toEqual(expect.arrayContaining(["staff:requests", `user:${user.id}`]));
    for (const publicHost of ["localhost:3000", "www.localhost:3000"]) {
      const audiences = audiencesOf(await stream(publicHost));
      expect(audiences.filter((a) => a.startsWith("staff:") || a.startsWith("user:"))).toEqual([]);
    }
  });
});
