import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { replyChoices } from "~/.server/communications/reply-templates.ts";
import { logCall, replyBySms } from "~/.server/communications/replies.ts";
import { forgetSmsRegistry } from "~/.server/notifications/sms-registry.ts";
import { listThreads, resolveThread, threadEntries, type ThreadRef } from "~/.server/communications/thread.ts";
import { customers, outbox, serviceRequests, technicianProfiles, tickets, users } from "~/.server/db/schema.ts";
import { submitEnquiry } from "~/.server/enquiries/index.ts";
import { appendCustomerMessage, createTicket } from "~/.server/helpdesk/index.ts";
import { replyToTicket } from "~/.server/helpdesk/office.ts";
import { deliveriesSettled, queueMessages } from "~/.server/notifications/index.ts";
import { DLT_TEMPLATES, sms } from "~/.server/notifications/templates.ts";
import { loader as threadLoader } from "~/routes/admin/communications/thread.tsx";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs } from "../support/staff-routes.ts";

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
    office = asStaff("office", { userId: a.id, name: "Ravi Office", ipAddress: "203.0.113.7" });
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

  it("replying by SMS offers only the customer's templates by plain name, fills them from the request, and refuses what is not true yet", async () => {
    const choices = await replyChoices();
    const names = choices.map((c) => c.name);
    for (const staffOnly of ["lowRatingAlert", "technicianApproved", "requestAlert", "staffAlert", "contractRenewalAlert", "signInCode", "marketingOffer"]) expect(names).not.toContain(staffOnly);
    expect(choices.find((c) => c.name === "requestScheduled")).toMatchObject({ label: "Visit booked: date, time and engineer", typed: [] });

    // The request is still "new": "your visit is booked" would be untrue.
    const refused = await replyBySms(office, thread, { template: "requestScheduled", request: "SR-2611-0951", values: {}, idempotencyKey: randomUUID() });
    expect(refused).toEqual({ ok: false, errors: { template: expect.stringMatching(/SR-2611-0951 is "Received": no visit is booked/) } });
    expect(await replyBySms(office, thread, { template: "lowRatingAlert", request: "SR-2611-0951", values: {} })).toMatchObject({ ok: false, errors: { template: expect.stringMatching(/not one the office sends a customer/) } });
    expect(await replyBySms(office, thread, { template: "requestScheduled", request: "SR-2611-9999", values: {} })).toMatchObject({ ok: false, errors: { request: expect.any(String) } });
    const url = new URL(`/admin/communications/${customer.reference}?template=requestScheduled&request=SR-2611-0951`, APP);
    const page = await threadLoader(routeArgs(url.href, { staff: office, params: { customerReference: customer.reference } }));
    expect(page.templates.map((t) => t.label)).toContain("Visit booked: date, time and engineer");
    expect(page.preview).toEqual({ refusal: expect.stringMatching(/no visit is booked/) });

    // Booked: the SMS says when and who, with the business's name, none of it typed by the office.
    const [tech] = await db()
      .insert(technicianProfiles)
      .values({
        reference: "TA-2611-0951",
        mobile: "+919812300099",
        name: "Imran Khan",
        city: "Hyderabad",
        skills: ["vfd"],
        yearsExperience: 8,
        availability: "full_time",
        idProofType: "aadhaar",
        idProofPath: "x",
        idProofName: "x.pdf",
        status: "approved",
        consentVersion: "v1",
        consentAt: new Date(),
      })
      .returning();
    await db()
      .update(serviceRequests)
      .set({ status: "scheduled", assignedTechnicianId: tech!.id, visitStart: new Date("2026-12-01T04:30:00Z"), visitEnd: new Date("2026-12-01T07:30:00Z") })
      .where(eq(serviceRequests.reference, "SR-2611-0951"));
    const shown = await threadLoader(routeArgs(url.href, { staff: office, params: { customerReference: customer.reference } }));
    expect(shown.preview).toEqual({ text: expect.stringContaining("Engineer: Imran Khan") });
    expect(await replyBySms(office, thread, { template: "requestScheduled", request: "SR-2611-0951", values: { business: "typed", engineer: "typed" }, idempotencyKey: randomUUID() })).toMatchObject({ ok: true });
    await deliveriesSettled();
    const [sent] = await db().select().from(outbox).where(eq(outbox.template, DLT_TEMPLATES.requestScheduled.id));
    expect(sent!.body).toBe("Deccan Automation Services: the visit for your service request SR-2611-0951 is booked for Tue, 1 Dec 2026, 10:00 am - 1:00 pm. Engineer: Imran Khan.");
  });
});
