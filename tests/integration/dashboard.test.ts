import { randomUUID } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { indiaDayStart, indiaWeekStart, loadDashboard, type Dashboard } from "~/.server/dashboard/index.ts";
import { serviceRequests, technicianProfiles } from "~/.server/db/schema.ts";
import { seedSettings } from "~/.server/settings/index.ts";
import { defaultSettings } from "~/.server/settings/defaults.ts";
import { pageTitleOf } from "~/lib/page-title.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { can, STAFF_ROLE_INFO, type Permission, type StaffRole } from "~/lib/auth/permissions.ts";
import AdminDashboard, { handle, loader } from "~/routes/admin/dashboard/route.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs } from "../support/staff-routes.ts";

// Wednesday 18 November 2026, 12:00 India time. Today (IST) runs from 17 Nov 18:30 UTC to 18 Nov 18:30 UTC;
// the week from Monday 16 November 00:00 IST (15 Nov 18:30 UTC).
const NOW = new Date("2026-11-18T06:30:00Z");
const ist = (local: string) => new Date(`${local}+05:30`);
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
const operations = defaultSettings("http://localhost:3000").operations; // escalation 30 min before the due time

const ALL: Permission[] = ["dashboard", "requests", "dispatch"];

describe("India-time day and week", () => {
  it("starts the day at 00:00 IST and the week on Monday 00:00 IST", () => {
    expect(indiaDayStart(NOW).toISOString()).toBe("2026-11-17T18:30:00.000Z");
    // 23:30 IST belongs to that day, 00:00 IST starts the next.
    expect(indiaDayStart(ist("2026-11-18T23:30:00")).toISOString()).toBe("2026-11-17T18:30:00.000Z");
    expect(indiaDayStart(ist("2026-11-19T00:00:00")).toISOString()).toBe("2026-11-18T18:30:00.000Z");
    expect(indiaWeekStart(NOW).toISOString()).toBe("2026-11-15T18:30:00.000Z");
    // A Sunday belongs to the week that started the Monday before; Monday 00:00 starts a new one.
    expect(indiaWeekStart(ist("2026-11-22T23:59:00")).toISOString()).toBe("2026-11-15T18:30:00.000Z");
    expect(indiaWeekStart(ist("2026-11-23T00:00:00")).toISOString()).toBe("2026-11-22T18:30:00.000Z");
  });

  it("is a screen every staff role may open (each panel then asks for its own permission)", () => {
    expect(screenFor("/admin")?.permission).toBe("dashboard");
    for (const role of ["owner", "office", "accounts"] as const) expect(can(role, "dashboard")).toBe(true);
    expect(can("accounts", "requests")).toBe(false);
    expect(can("accounts", "dispatch")).toBe(false);
  });
});

describeEachEngine("dashboard", (database) => {
  let sequence = 0;
  async function request(values: Partial<typeof serviceRequests.$inferInsert> & { urgency: "emergency" | "within_24h" | "planned" }) {
    sequence += 1;
    const [row] = await database()
      .handle.db.insert(serviceRequests)
      .values({
        reference: `SR-2611-${String(sequence).padStart(4, "0")}`,
        kind: "full",
        contactName: `Customer ${sequence}`,
        mobile: `+9198480${String(sequence).padStart(5, "0")}`,
        faultDescription: "Drive trips on overcurrent at start.",
        consentVersion: "test",
        consentAt: NOW,
        idempotencyKey: randomUUID(),
        city: "Hyderabad",
        serviceName: "VFD repair",
        ...values,
      })
      .returning();
    return row!;
  }
  async function technician(name: string) {
    sequence += 1;
    const [row] = await database()
      .handle.db.insert(technicianProfiles)
      .values({
        reference: `TA-2611-${String(sequence).padStart(4, "0")}`,
        mobile: `+9170000${String(sequence).padStart(5, "0")}`,
        name,
        city: "Hyderabad",
        skills: ["vfd"],
        yearsExperience: 5,
        availability: "full_time",
        idProofType: "aadhaar",
        idProofPath: "x",
        idProofName: "x.pdf",
        consentVersion: "test",
        consentAt: NOW,
        status: "approved",
      })
      .returning();
    return row!;
  }

  const refs: Record<string, string> = {};

  beforeAll(async () => {
    await seedSettings(database().handle.db, "http://localhost:3000");
    // Made first, so that the other names sort after it; a second "Arjun" would still be a group of its own.
    const bhavana = await technician("Bhavana Iyer");
    const arjun = await technician("Arjun Rao");
    const made = {
      // Waiting for a first call (status new, no contact).
      A: { urgency: "planned", contactName: "Anil", createdAt: minutes(-60), responseDueAt: minutes(300) },
      B: { urgency: "emergency", contactName: "Bala", company: "Bala Castings", createdAt: minutes(-30), responseDueAt: minutes(90) },
      C: { urgency: "within_24h", contactName: "Chitra", city: "Medchal", createdAt: minutes(-260), responseDueAt: minutes(-20) },
      D: { urgency: "emergency", contactName: "Deepak", createdAt: minutes(-110), responseDueAt: minutes(10) },
      E: { urgency: "planned", kind: "quick", serviceName: null, contactName: "Esha", createdAt: minutes(-5), responseDueAt: null },
      // Scheduled without a logged call, long overdue; Arjun's visit 10:00-12:00 today.
      F: {
        urgency: "emergency",
        status: "scheduled",
        contactName: "Farhan",
        createdAt: ist("2026-11-17T10:00:00"),
        responseDueAt: ist("2026-11-17T12:00:00"),
        assignedTechnicianId: arjun.id,
        visitStart: ist("2026-11-18T10:00:00"),
        visitEnd: ist("2026-11-18T12:00:00"),
      },
      // Called in time, no technician: received at the very start of the week.
      G: {
        urgency: "within_24h",
        status: "contacted",
        contactName: "Gita",
        createdAt: ist("2026-11-16T00:00:00"),
        responseDueAt: ist("2026-11-16T04:00:00"),
        firstContactAt: ist("2026-11-16T01:00:00"),
      },
      // Called late; Bhavana's visit at 23:30 today, ending after midnight.
      H: {
        urgency: "within_24h",
        status: "in_progress",
        contactName: "Harish",
        createdAt: ist("2026-11-16T12:00:00"),
        responseDueAt: ist("2026-11-16T16:00:00"),
        firstContactAt: ist("2026-11-16T17:00:00"),
        assignedTechnicianId: bhavana.id,
        visitStart: ist("2026-11-18T23:30:00"),
        visitEnd: ist("2026-11-19T00:30:00"),
      },
      // Completed this morning by Arjun.
      I: {
        urgency: "planned",
        status: "completed",
        contactName: "Imran",
        createdAt: ist("2026-11-16T13:00:00"),
        responseDueAt: ist("2026-11-16T18:00:00"),
        firstContactAt: ist("2026-11-16T14:00:00"),
        completedAt: ist("2026-11-18T10:00:00"),
        assignedTechnicianId: arjun.id,
        visitStart: ist("2026-11-18T09:00:00"),
        visitEnd: ist("2026-11-18T10:00:00"),
      },
      // Cancelled, with a visit today that will not happen.
      J: {
        urgency: "planned",
        status: "cancelled",
        contactName: "Jaya",
        createdAt: ist("2026-11-17T09:00:00"),
        responseDueAt: ist("2026-11-17T18:00:00"),
        assignedTechnicianId: arjun.id,
        visitStart: ist("2026-11-18T11:00:00"),
      },
      // Last week (Sunday 23:59), visit yesterday at 23:30.
      K: {
        urgency: "planned",
        status: "scheduled",
        contactName: "Kiran",
        createdAt: ist("2026-11-15T23:59:00"),
        responseDueAt: ist("2026-11-16T12:00:00"),
        firstContactAt: ist("2026-11-16T10:00:00"),
        assignedTechnicianId: arjun.id,
        visitStart: ist("2026-11-17T23:30:00"),
        visitEnd: ist("2026-11-18T00:30:00"),
      },
      // Visit at 00:00 tomorrow.
      L: {
        urgency: "planned",
        status: "scheduled",
        contactName: "Lakshmi",
        createdAt: ist("2026-11-17T15:00:00"),
        responseDueAt: ist("2026-11-18T15:00:00"),
        firstContactAt: ist("2026-11-17T16:00:00"),
        assignedTechnicianId: bhavana.id,
        visitStart: ist("2026-11-19T00:00:00"),
      },
      // A visit at 00:00 today with no technician yet.
      M: {
        urgency: "within_24h",
        status: "scheduled",
        contactName: "Meena",
        createdAt: ist("2026-11-16T09:00:00"),
        responseDueAt: ist("2026-11-16T13:00:00"),
        firstContactAt: ist("2026-11-16T10:00:00"),
        visitStart: ist("2026-11-18T00:00:00"),
        visitEnd: ist("2026-11-18T01:00:00"),
      },
    } as const;
    for (const [key, values] of Object.entries(made)) refs[key] = (await request({ ...values })).reference;
  });

  const load = (permissions: Permission[]) => loadDashboard({ permissions, now: NOW, operations });
  const names = (items: Array<{ customer: string }>) => items.map((i) => i.customer);

  it("lists requests waiting for a first call, whatever their status: emergencies first, then by response due, with the clock", async () => {
    const { waiting } = await load(ALL);
    // Farhan's request was scheduled without a call logged (issue 17 §5): it stays in sight until one is.
    expect(waiting?.count).toBe(6);
    expect(names(waiting!.items)).toEqual(["Farhan", "Deepak", "Bala", "Chitra", "Anil", "Esha"]);
    const [farhan, deepak, bala, chitra, , esha] = waiting!.items;
    expect(farhan).toMatchObject({ statusLabel: "Visit scheduled" });
    expect(farhan!.clock).toMatchObject({ state: "breached", overdue: true });
    expect(deepak).toMatchObject({ emergency: true, urgencyLabel: "Emergency breakdown", href: `/admin/service-requests/${refs.D}` });
    expect(deepak!.clock).toMatchObject({ state: "due_soon", label: "Due in 10 min", overdue: false });
    expect(bala).toMatchObject({ company: "Bala Castings", city: "Hyderabad", service: "VFD repair" });
    expect(bala!.clock).toMatchObject({ state: "on_track", label: "Due in 1 h 30 min", due: "18 Nov 2026, 1:30 pm" });
    expect(chitra!.clock).toMatchObject({ state: "breached", label: "Overdue by 20 min", overdue: true });
    expect(esha).toMatchObject({ emergency: false, service: "Quick request (no service chosen)" });
    expect(esha!.clock).toMatchObject({ label: "No response target", due: null });
    expect(waiting!.href).toBe("/admin/service-requests?sla=awaiting");
  });

  it("lists what is overdue or due within the escalation lead, most overdue first, with both counts", async () => {
    const { promise } = await load(ALL);
    expect(names(promise!.items)).toEqual(["Farhan", "Chitra", "Deepak"]);
    expect(promise).toMatchObject({ count: 3, breached: 2, dueSoon: 1, escalateBeforeMinutes: 30 });
    expect(promise!.items[0]!.clock.label).toBe("Overdue by 1 d 0 h");
    expect(promise!.items[0]!.statusLabel).toBe("Visit scheduled");
    expect(promise!.breachedHref).toBe("/admin/service-requests?sla=breached");
    expect(promise!.dueSoonHref).toBe("/admin/service-requests?sla=due_soon");
  });

  it("lists open requests without a technician, oldest first", async () => {
    const { unassigned } = await load(ALL);
    expect(unassigned?.count).toBe(7);
    expect(names(unassigned!.items)).toEqual(["Gita", "Meena", "Chitra", "Deepak", "Anil", "Bala", "Esha"]);
    expect(unassigned!.href).toBe("/admin/service-requests?status=open&technician=unassigned");
  });

  it("groups today's visits (India time) by technician, by start time, without cancelled ones", async () => {
    const { visits } = await load(ALL);
    expect(visits?.count).toBe(4);
    expect(visits!.day).toBe("Wednesday, 18 November");
    expect(visits!.groups.map((g) => [g.technician, g.visits.map((v) => v.customer)])).toEqual([
      ["Arjun Rao", ["Imran", "Farhan"]],
      ["Bhavana Iyer", ["Harish"]],
      ["No technician assigned", ["Meena"]],
    ]);
    const [arjun, bhavana, none] = visits!.groups;
    expect(arjun!.visits.map((v) => [v.window, v.statusLabel])).toEqual([
      ["9:00 am – 10:00 am", "Completed"],
      ["10:00 am – 12:00 pm", "Visit scheduled"],
    ]);
    expect(arjun!.visits[1]!.emergency).toBe(true);
    // 23:30 IST is today; a window past midnight says its end's date.
    expect(bhavana!.visits[0]!.window).toBe("11:30 pm – 19 Nov 2026, 12:30 am");
    expect(none!.visits[0]!.window).toBe("12:00 am – 1:00 am");
    expect(none!.href).toBe("/admin/service-requests?status=open&technician=unassigned");
    expect(arjun!.href).toMatch(/^\/admin\/service-requests\?status=open&technician=\d+$/);
  });

  it("counts the week from Monday 00:00 India time, and open requests by status", async () => {
    const { week } = await load(ALL);
    expect(week).toMatchObject({ since: "Monday, 16 November", received: 12, onTime: 4, late: 1, waiting: 6, completed: 1, cancelled: 1 });
    expect(week!.links.late).toBe("/admin/service-requests?status=all&sla=missed&from=2026-11-16&to=2026-11-18");
    expect(week!.open.total).toBe(11);
    expect(Object.fromEntries(week!.open.byStatus.map((s) => [s.status, s.count]))).toEqual({
      new: 5,
      contacted: 1,
      scheduled: 4,
      // "Engineer on the way" is a status of its own (issue 17 §5).
      on_the_way: 0,
      in_progress: 1,
      awaiting_parts: 0,
      awaiting_customer: 0,
    });
    expect(week!.open.byStatus[2]).toMatchObject({ label: "Visit scheduled", href: "/admin/service-requests?status=scheduled" });
  });

  it("shows each panel only to staff with its permission", async () => {
    const requestsOnly = await load(["dashboard", "requests"]);
    expect(Object.keys(requestsOnly).filter((k) => !k.startsWith("asOf")).sort()).toEqual(["promise", "waiting", "week"]);
    const dispatchOnly = await load(["dashboard", "dispatch"]);
    expect(Object.keys(dispatchOnly).filter((k) => !k.startsWith("asOf")).sort()).toEqual(["unassigned", "visits"]);
    const accounts = await load([...STAFF_ROLE_INFO.accounts.permissions]);
    expect(Object.keys(accounts).sort()).toEqual(["asOf", "asOfAt"]);
  });

  it("the page: every panel for the office, a plain line and no panel for accounts", async () => {
    const office = await render("office");
    expect(office.headings).toEqual([
      "h1 Dashboard",
      "h2 Waiting for a first call (6)",
      // The loader reads the real clock: by now every seeded response target has passed.
      expect.stringMatching(/^h2 Response promise: overdue or due soon \(\d+\)$/),
      "h2 Today's visits (0)",
      "h2 Open requests without a technician (7)",
      expect.stringMatching(/^h2 Received this week \(\d+\)$/),
      "h2 Help desk (0)",
      "h2 Open requests by status (11)",
    ]);
    // Today (the real one) holds none of the seeded visits.
    expect(office.html).toContain("No visit is booked for today.");
    // The admin layout titles the page from the route's handle: "Dashboard: Back Office | <business>".
    expect(office.title).toBe("Dashboard");

    const accounts = await render("accounts");
    expect(accounts.headings).toEqual(["h1 Dashboard"]);
    expect(accounts.html).toContain("Your role (Accounts: Quotes, invoices, payments and customers) has no panel here yet.");
    expect(accounts.html).not.toContain("service-requests");
  });

  async function render(role: StaffRole) {
    const loaderData = await loader(routeArgs("http://127.0.0.1/admin", { staff: asStaff(role, { sessionId: 1 }), address: null }));
    // In a data router, as on the site: the panels' live status (LiveStatus) reads React Router's revalidator.
    const Stub = createRoutesStub([{ id: "dashboard", path: "/admin", Component: () => createElement(AdminDashboard, { loaderData } as never) }]);
    const html = renderToStaticMarkup(createElement(Stub, { initialEntries: ["/admin"], hydrationData: { loaderData: { dashboard: loaderData } } }));
    const headings = [...html.matchAll(/<(h[1-6])[^>]*>(.*?)<\/h[1-6]>/g)].map(([, tag, inner]) => `${tag} ${inner!.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'")}`);
    return { html, title: pageTitleOf(handle, loaderData), headings, dashboard: loaderData.dashboard as Dashboard };
  }
});
