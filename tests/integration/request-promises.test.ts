import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { clearContentCache, seedContent } from "~/.server/content/index.ts";
import { contracts, customers, outbox, serviceRequests, staffNotifications, users } from "~/.server/db/schema.ts";
import { receiptPath } from "~/.server/forms/index.ts";
import { submitServiceRequest } from "~/.server/requests/index.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { serviceRequestSchema } from "~/lib/forms/service-request.ts";
import { loader as thankYouLoader } from "~/routes/public/thank-you.tsx";
import { deliveriesSettled } from "~/.server/notifications/index.ts";
import { describeEachEngine } from "../support/test-databases.ts";

/** Issue 17 §5 and §6: each message says the promise the request actually has, and the owner's SMS says who to call. */
describeEachEngine("request promises", (database) => {
  const db = () => database().handle.db;

  it("setup", async () => {
    await seedSettings(db(), "http://localhost:3000");
    await seedContent(db());
    clearContentCache();
    clearSettingsCache();
  });

  const form = (urgency: string, mobile: string) =>
    serviceRequestSchema.parse({
      contactName: "Ravi Kumar",
      mobile,
      email: "ravi@example.net",
      siteAddress: "Plot 12, IDA Jeedimetla",
      city: "Hyderabad",
      service: "plc-repair--programming",
      faultDescription: "Drive trips on start",
      urgency,
      consent: "yes",
      idempotencyKey: randomUUID(),
    });

  async function messagesOf(reference: string) {
    return db().select().from(outbox).where(like(outbox.dedupeKey, `request:${reference}:%`));
  }

  async function thankYouText(reference: string): Promise<string> {
    const url = new URL(`http://localhost:3000${receiptPath(reference)}`);
    const data = (await thankYouLoader({ request: new Request(url), url, params: {}, context: new RouterContextProvider() } as never)) as {
      receipt: { within: string | null };
    };
    return `An engineer will call you within ${data.receipt.within}.`;
  }

  it("an emergency is promised 2 hours, a 'within 24 hours' request 4, planned work 9 working hours: on the page, the SMS and the e-mail", async () => {
    const cases = [
      ["emergency", "9848011001", "2 hours"],
      ["within_24h", "9848011002", "4 hours"],
      ["planned", "9848011003", "9 working hours"],
    ] as const;
    for (const [urgency, mobile, within] of cases) {
      const { reference } = await submitServiceRequest(form(urgency, mobile), []);
      const messages = await messagesOf(reference);
      const customerSms = messages.find((m) => m.dedupeKey.endsWith(":customer-sms"))!;
      expect(customerSms.body).toBe(`Deccan Automation Services: we have received your service request ${reference}. Our engineer will call you within ${within}.`);
      const customerEmail = messages.find((m) => m.dedupeKey.endsWith(":customer-email"))!;
      expect(customerEmail.body).toContain(`within ${within}.`);
      expect(customerEmail.body).not.toContain("2-4 hours");
      expect(messages.find((m) => m.dedupeKey.endsWith(":business-email"))!.body).toContain(`will call within ${within}.`);
      expect(await thankYouText(reference)).toBe(`An engineer will call you within ${within}.`);
    }
  });

  it("a contract customer's request is promised the contract's response time, not the site's range", async () => {
    const today = todayInIndia(new Date());
    const [customer] = await db().insert(customers).values({ reference: "CU-2611-9001", mobile: "+919848011009", name: "Sri Balaji Plastics" }).returning();
    await db().insert(contracts).values({
      reference: "AMC-2611-9001",
      customerId: customer!.id,
      plan: "gold",
      startsOn: today,
      endsOn: "2099-12-31",
      visitsPerYear: 12,
      responseHours: 3,
      pricePaise: 48_000_00,
      billing: "advance",
    } as typeof contracts.$inferInsert);
    // Planned work would be 9 working hours; the contract promises 3 hours round the clock.
    const { reference } = await submitServiceRequest(form("planned", "9848011009"), []);
    const [row] = await db().select().from(serviceRequests).where(eq(serviceRequests.reference, reference));
    expect(row!.contractId).not.toBeNull();
    const sms = (await messagesOf(reference)).find((m) => m.dedupeKey.endsWith(":customer-sms"))!;
    expect(sms.body).toContain("Our engineer will call you within 3 hours.");
    expect(await thankYouText(reference)).toBe("An engineer will call you within 3 hours.");
  });

  it("the owner's emergency SMS carries the customer's name and mobile, in a registered template, with no cut words", async () => {
    await db().insert(users).values({ mobile: "+919000000777", name: "Lakshmi Owner", roles: ["admin"], staffRole: "owner" });
    const { reference } = await submitServiceRequest(form("emergency", "9848011010"), []);
    // The staff's alerts are raised by the batch's follow-up, right after its commit (ADR 011).
    await deliveriesSettled();
    const [alert] = await db().select().from(staffNotifications).where(eq(staffNotifications.dedupeKey, `request:${reference}:new`));
    expect(alert).toBeDefined();
    const [ownerSms] = await db().select().from(outbox).where(eq(outbox.dedupeKey, `request:${reference}:new:sms:+919000000777`));
    expect(ownerSms!.body).toContain("Ravi Kumar");
    expect(ownerSms!.body).toContain("+919848011010");
    expect(ownerSms!.body).toContain("Emergency breakdown");
    expect(ownerSms!.body).not.toMatch(/…\.|\.\./);
  });
});
