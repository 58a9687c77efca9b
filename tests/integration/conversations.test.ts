import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { logCall } from "~/.server/communications/replies.ts";
import { forgetSmsRegistry } from "~/.server/communications/sms-registry.ts";
import { listThreads, resolveThread, threadEntries, type ThreadRef } from "~/.server/communications/thread.ts";
import { customers, serviceRequests, tickets, users } from "~/.server/db/schema.ts";
import { submitEnquiry } from "~/.server/enquiries/index.ts";
import { appendCustomerMessage, createTicket } from "~/.server/helpdesk/index.ts";
import { replyToTicket } from "~/.server/helpdesk/office.ts";
import { deliveriesSettled, queueMessages } from "~/.server/notifications/index.ts";
import { DLT_TEMPLATES, sms } from "~/.server/notifications/templates.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { STAFF_ROLE_INFO } from "~/lib/auth/permissions.ts";
import { describeEachEngine } from "../support/test-databases.ts";

const APP = "http://localhost:3000";
const tick = () => new Promise((resolve) => setTimeout(resolve, 15));

describeEachEngine("conversations as the office sees them", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  let office: StaffMember;
  let customer: { id: number; reference: string; mobile: string };
  let thread: ThreadRef;

  beforeAll(async () => {
    setServerConfig(readConfig({}));
    await seedSettings(db(), APP);
    clearSettingsCache();
    forgetSmsRegistry();
    const a = await upsertUserWithRole("+919000000601", "admin", db(), "Ravi Office");
    await db().update(users).set({ staffRole: "office" }).where(eq(users.id, a.id));
    office = { userId: a.id, sessionId: 0, name: "Ravi Office", mobile: null, role: "office", permissions: STAFF_ROLE_INFO.office.permissions, ipAddress: "203.0.113.7" };
    const [c] = await db()
      .insert(customers)
      .values({ reference: "CU-2611-0951", mobile: "+919812300051", name: "Sunita Reddy", company: "Reddy Polymers", email: "sunita@reddy.example" })
      .returning();
    customer = { id: c!.id, reference: c!.reference, mobile: c!.mobile! };
    thread = (await resolveThread(customer.reference)) as ThreadRef;
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  });

  afterAll(() => {
    vi.mocked(process.stdout.write).mockRestore();
    setServerConfig(previousConfig);
  });

  const listed = async () => (await listThreads({ show: "awaiting" }, undefined)).rows.find((r) => r.key === customer.reference);

  it("a contact form, a help-desk ticket and a service request are in the customer's thread, and await a reply despite their acknowledgements", async () => {
    await submitEnquiry("contact", {
      name: "Sunita Reddy",
      mobile: "+919812300051",
      email: "sunita@reddy.example",
      subject: "Extruder drive",
      message: "The extruder's ACS880 trips with 2310 on start.",
      idempotencyKey: randomUUID(),
    });
    await db().transaction((tx) => createTicket(tx, { source: "portal", subject: "Second line", body: "The second line's drive shows F0002 too.", customerId: customer.id }));
    const [request] = await db()
      .insert(serviceRequests)
      .values({
        reference: "SR-2611-0951",
        kind: "full",
        contactName: "Sunita Reddy",
        mobile: customer.mobile,
        customerId: customer.id,
        serviceName: "VFD repair",
        faultDescription: "Cooling-tower fan VFD shows overvoltage.",
        urgency: "within_24h",
        consentVersion: "v1",
        consentAt: new Date(),
        idempotencyKey: randomUUID(),
      })
      .returning();
    await queueMessages(db(), [sms(DLT_TEMPLATES.requestAcknowledgement, customer.mobile, { business: "Deccan", reference: "SR-2611-0951", hours: "4" }, "test:conv:ack")]);
    await deliveriesSettled();

    const { entries } = await threadEntries(thread);
    // The automatic acknowledgements are there: SMS and e-mail.
    expect(entries.filter((e) => e.source === "outbox").length).toBeGreaterThanOrEqual(3);
    expect(entries.find((e) => e.source === "service-request")).toMatchObject({
      direction: "in",
      body: "Cooling-tower fan VFD shows overvoltage.",
      href: `/admin/service-requests/${request!.reference}`,
    });
    const helpdesk = entries.filter((e) => e.source === "ticket");
    expect(helpdesk.map((e) => e.body)).toEqual(expect.arrayContaining(["The extruder's ACS880 trips with 2310 on start.", "The second line's drive shows F0002 too."]));
    expect(helpdesk.every((e) => e.direction === "in" && e.href?.startsWith("/admin/help-desk/TK-"))).toBe(true);

    const page = await listThreads({ show: "awaiting" }, undefined);
    expect(page.counts.awaiting).toBeGreaterThanOrEqual(1);
    expect(await listed()).toMatchObject({ awaiting: true, name: "Sunita Reddy" });
  });

  it("a help-desk reply answers the thread; the customer writing again puts it back; a logged call answers it", async () => {
    const [ticket] = await db().select().from(tickets).where(eq(tickets.customerId, customer.id)).orderBy(tickets.id).limit(1);
    await tick();
    expect(await replyToTicket(office, ticket!.reference, { intent: "reply", body: "We will call you at 3 pm today.", then: undefined, idempotencyKey: randomUUID() })).toMatchObject({ ok: true });
    await deliveriesSettled();
    expect(await listed()).toBeUndefined();
    const all = (await listThreads({ show: "all" }, undefined)).rows.find((r) => r.key === customer.reference);
    expect(all).toMatchObject({ awaiting: false });
    const { entries } = await threadEntries(thread);
    expect(entries.find((e) => e.source === "ticket" && e.direction === "out")).toMatchObject({ body: "We will call you at 3 pm today.", staff: "Ravi Office" });

    await tick();
    await db().transaction((tx) => appendCustomerMessage(tx, ticket!, "3 pm is fine, the plant is open."));
    expect(await listed()).toMatchObject({ awaiting: true });

    await tick();
    expect(await logCall(office, thread, { direction: "out", minutes: 3, note: "Booked Thursday's visit", idempotencyKey: randomUUID() })).toMatchObject({ ok: true });
    expect(await listed()).toBeUndefined();
  });
});
