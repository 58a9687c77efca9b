import { specimenPdf } from "./specimen-pdf.ts";
import { randomUUID } from "node:crypto";
import { seedDemoBench, type DemoBenchSummary } from "~/.server/bench/demo.ts";
import { seedDemoCustomers, type DemoCustomersSummary } from "~/.server/customers/demo.ts";
import { seedDemoProducts } from "~/.server/products/demo.ts";
import { eq, sql } from "drizzle-orm";
import { bulkInsert, getDb } from "~/.server/db/index.ts";
import { nextReferences, yearMonthInIndia } from "~/.server/db/references.ts";
import { auditLog, jobParts, jobSignoffs, requestEvents, serviceRequests, technicianProfiles, users } from "~/.server/db/schema.ts";
import { listServices } from "~/.server/content/index.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { newStoredPath, writeStored } from "~/.server/uploads/storage.ts";
import { responseDueAt } from "~/lib/requests/sla.ts";
import type { RequestStatus } from "~/lib/requests/status.ts";
import type { StaffRole } from "~/lib/auth/permissions.ts";
import { seedDemoWhatsApp } from "./whatsapp.ts";
import { seedDemoMoney, type DemoMoneySummary } from "./money.ts";
import { seedDemoHelpDesk } from "./helpdesk.ts";
import { seedDemoPurchasing, type DemoPurchasingSummary } from "./purchasing.ts";
import { seedDemoNotifications } from "./notifications.ts";
import { generator } from "./random.ts";

/**
 * `npm run seed:demo`: a believable month of work in the back office, so that it can be tried at once:
 * staff in each role, technicians (approved and applying), and about ninety service requests from plants
 * around Hyderabad in every state, with calls, notes, assignments, visits, parts, sign-offs and the audit
 * log. Every name, number and company is invented for the demo; the mobile numbers are in the 90000
 * sample range. Never run in production (the script refuses), and only once per database.
 */


const STAFF: Array<{ name: string; mobile: string; role: StaffRole }> = [
  { name: "Srinivas Reddy", mobile: "+919000000200", role: "owner" },
  { name: "Priya Sharma", mobile: "+919000000201", role: "office" },
  { name: "Kiran Kumar", mobile: "+919000000202", role: "office" },
  { name: "Lakshmi Narayana", mobile: "+919000000203", role: "accounts" },
];

const TECHNICIANS = [
  { name: "Mahesh Goud", city: "Hyderabad", skills: ["vfd-ac-drives", "dc-drives", "industrial-electronics"], years: 11, availability: "full_time" },
  { name: "Venkatesh Rao", city: "Hyderabad", skills: ["plc", "hmi-scada", "control-panels"], years: 8, availability: "full_time" },
  { name: "Abdul Rahman", city: "Secunderabad", skills: ["servo-drives", "cnc-vmc", "vfd-ac-drives"], years: 9, availability: "full_time" },
  { name: "Suresh Babu", city: "Hyderabad", skills: ["electrical-maintenance", "transformers-dg", "apfc-power-quality"], years: 14, availability: "full_time" },
  { name: "Naveen Chary", city: "Sangareddy", skills: ["motor-rewinding", "electrical-maintenance"], years: 6, availability: "on_call" },
  { name: "Ramesh Yadav", city: "Visakhapatnam", skills: ["plc", "instrumentation", "vfd-ac-drives"], years: 7, availability: "part_time" },
] as const;

const APPLICANTS = [
  { name: "Sai Krishna", city: "Warangal", skills: ["vfd-ac-drives", "control-panels"], years: 3, availability: "weekends" },
  { name: "Imran Khan", city: "Hyderabad", skills: ["hmi-scada", "plc"], years: 4, availability: "full_time" },
] as const;

/**
 * The demo's customers: each plant is one customer, a person at a company, with their own mobile number (the
 * customer record is keyed by it), so a plant's repeat requests are that customer's history. No two share a
 * name or a company (issue 17: several records with one name and company looked like a broken product).
 */
const PLANTS = [
  { company: "Sri Balaji Polymers", area: "IDA Jeedimetla", city: "Hyderabad", contact: "Ravi Shankar" },
  { company: "Deccan Castings Pvt Ltd", area: "IDA Balanagar", city: "Hyderabad", contact: "Anil Kumar" },
  { company: "Aurobindo Packaging", area: "IDA Pashamylaram", city: "Sangareddy", contact: "Sunitha Reddy" },
  { company: "Godavari Steel Rolling", area: "IDA Cherlapally", city: "Hyderabad", contact: "Prakash Rao" },
  { company: "Medchal Agro Foods", area: "Medchal Industrial Park", city: "Medchal", contact: "Harish Varma" },
  { company: "Patancheru Pharma Chem", area: "IDA Patancheru", city: "Sangareddy", contact: "Dr. Kavitha M" },
  { company: "Vizag Marine Fabricators", area: "Autonagar", city: "Visakhapatnam", contact: "Satya Murthy" },
  { company: "Kakatiya Textiles", area: "Industrial Estate, Mulugu Road", city: "Warangal", contact: "Raju Patel" },
  { company: "Shamshabad Cold Chain", area: "Hardware Park Road", city: "Hyderabad", contact: "Farhan Ali" },
  { company: "Nacharam Plastics", area: "IDA Nacharam", city: "Hyderabad", contact: "Geetha Rani" },
  { company: "Bollaram Bulk Drugs", area: "IDA Bollaram", city: "Sangareddy", contact: "Venu Gopal" },
  { company: "Kukatpally Engineering Works", area: "IE Kukatpally", city: "Hyderabad", contact: "Mohan Das" },
  { company: "Jeedimetla Wire Products", area: "IDA Jeedimetla", city: "Hyderabad", contact: "Naresh Agarwal" },
  { company: "Balanagar Precision Tools", area: "IDA Balanagar", city: "Hyderabad", contact: "Syed Mustafa" },
  { company: "Pashamylaram PET Films", area: "IDA Pashamylaram", city: "Sangareddy", contact: "Lavanya Kondapalli" },
  { company: "Cherlapally Paints and Coatings", area: "IDA Cherlapally", city: "Hyderabad", contact: "Vijay Bhaskar" },
  { company: "Medchal Dairy Products", area: "Medchal Industrial Park", city: "Medchal", contact: "Padma Latha" },
  { company: "Patancheru Life Sciences", area: "IDA Patancheru", city: "Sangareddy", contact: "Rajesh Nair" },
  { company: "Andhra Ship Spares", area: "Autonagar", city: "Visakhapatnam", contact: "Appala Naidu" },
  { company: "Warangal Cotton Mills", area: "Industrial Estate, Mulugu Road", city: "Warangal", contact: "Srikanth Goud" },
  { company: "Skyline Cargo Logistics", area: "Hardware Park Road", city: "Hyderabad", contact: "Zoya Fatima" },
  { company: "Nacharam Rubber Products", area: "IDA Nacharam", city: "Hyderabad", contact: "Chandrasekhar Pillai" },
  { company: "Bollaram Specialty Chemicals", area: "IDA Bollaram", city: "Sangareddy", contact: "Madhavi Latha" },
  { company: "Kukatpally Sheet Metal", area: "IE Kukatpally", city: "Hyderabad", contact: "Ganesh Shetty" },
];

/** Fault reports as plant engineers write them, with the equipment they name. */
const FAULTS = [
  { match: /vfd|drive/, brand: "ABB", model: "ACS580-01-046A-4", rating: "22 kW", code: "2310", text: "Drive trips on 2310 overcurrent a few seconds after start, conveyor loaded. Happens every morning since the monsoon." },
  { match: /vfd|drive/, brand: "Siemens", model: "SINAMICS G120 PM240-2", rating: "15 kW", code: "F0001", text: "F0001 overcurrent on ramp-up. Motor megger is fine. Line is stopped." },
  { match: /vfd|drive/, brand: "Yaskawa", model: "A1000 CIMR-AC4A0060", rating: "30 kW", code: "oC", text: "oC fault when the extruder screw starts. Drive fan noisy and heatsink very hot." },
  { match: /vfd|drive/, brand: "Delta", model: "VFD-E 7.5 kW", rating: "7.5 kW", code: "ocA", text: "ocA during acceleration on the cooling tower fan. Reset works for an hour, then trips again." },
  { match: /servo/, brand: "Mitsubishi", model: "MR-J4-200A", rating: "2 kW", code: "AL.16", text: "Servo amplifier shows AL.16 encoder error on the Y axis after a power cut." },
  { match: /plc/, brand: "Siemens", model: "S7-300 CPU 315-2 DP", rating: "", code: "SF", text: "CPU in STOP with SF LED on. Packing line down. Program backup is from 2019." },
  { match: /plc/, brand: "Allen-Bradley", model: "MicroLogix 1400", rating: "", code: "", text: "PLC lost its program after a UPS failure. Need the program reloaded and I/O checked." },
  { match: /hmi|scada/, brand: "Delta", model: "DOP-107EV", rating: "", code: "", text: "HMI touch not responding in the lower half; screen flickers. Operators cannot change recipes." },
  { match: /cnc|vmc/, brand: "Fanuc", model: "0i-MF, VMC 850", rating: "", code: "SV0401", text: "SV0401 V-ready off alarm on the VMC. Spindle drive shows no fault." },
  { match: /motor/, brand: "Crompton", model: "ND 160L", rating: "15 kW, 1460 rpm", code: "", text: "Motor running hot and drawing 20% more current. Bearing noise on the drive end." },
  { match: /panel|apfc|electrical|energy|power/, brand: "L&T", model: "APFC panel 300 kVAr", rating: "300 kVAr", code: "", text: "Power factor dropping to 0.86 at peak load; two capacitor steps not switching." },
  { match: /vfd|drive/, brand: "Schneider", model: "Altivar ATV320", rating: "5.5 kW", code: "OCF", text: "OCF fault on the mixer drive after the motor was replaced." },
];

const CALL_NOTES = [
  "Spoke to the maintenance engineer; fault history noted, photos asked for on WhatsApp.",
  "Called back; the line is down and they want someone today.",
  "Discussed the fault; the unit can be sent to our workshop if the site check does not fix it.",
  "Customer confirmed the site contact and gate pass details for the visit.",
];

const PARTS = [
  { description: "DC bus capacitor 450 V 4700 uF", unit: "nos", quantity: 2 },
  { description: "IGBT module 1200 V 100 A", unit: "nos", quantity: 1 },
  { description: "Cooling fan 24 V DC 120 mm", unit: "nos", quantity: 1 },
  { description: "Bearing 6309 ZZ", unit: "nos", quantity: 2 },
  { description: "Control cable 4 core 1.5 sq mm", unit: "m", quantity: 15 },
];


export interface DemoSummary {
  staff: Array<{ name: string; mobile: string; role: StaffRole }>;
  technicians: number;
  requests: number;
  byStatus: Record<string, number>;
  customers: DemoCustomersSummary;
  bench: DemoBenchSummary;
  products: number;
  money: DemoMoneySummary;
  purchasing: DemoPurchasingSummary;
}

export async function seedDemo(now = new Date()): Promise<DemoSummary> {
  const db = getDb();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, STAFF[0]!.mobile));
  if (existing) throw new Error("The demo data is already loaded in this database (its owner account exists).");
  const site = await getSiteSettings();
  const services = await listServices();
  const rnd = generator(2026_11);
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;

  // Staff, then technicians with their user accounts.
  const staffRows = await db
    .insert(users)
    .values(STAFF.map((s) => ({ name: s.name, mobile: s.mobile, roles: ["admin" as const], staffRole: s.role, lastSignInAt: new Date(now.getTime() - rnd.int(1, 48) * HOUR) })))
    .returning({ id: users.id, name: users.name });
  const office = staffRows.filter((_, i) => STAFF[i]!.role !== "accounts");
  const owner = staffRows[0]!;

  const idProofPath = newStoredPath("cvs", "pdf", now);
  await writeStored(idProofPath, specimenPdf("Specimen: demo data. No identity document is held for this technician."));
  const people = [...TECHNICIANS.map((t) => ({ ...t, status: "approved" as const })), ...APPLICANTS.map((t) => ({ ...t, status: "pending" as const }))];
  const techReferences = await nextReferences(db, "TA", people.length, now);
  const techUsers = await db
    .insert(users)
    .values(people.map((t, i) => ({ name: t.name, mobile: `+9190000003${String(i).padStart(2, "0")}`, roles: t.status === "approved" ? ["technician" as const] : [] })))
    .returning({ id: users.id, mobile: users.mobile });
  const profiles = await db
    .insert(technicianProfiles)
    .values(
      people.map((t, i) => ({
        reference: techReferences[i]!,
        mobile: techUsers[i]!.mobile!,
        userId: techUsers[i]!.id,
        name: t.name,
        city: t.city,
        skills: [...t.skills],
        serviceSlugs: services.filter((s) => t.skills.some((k) => s.slug.includes(k.split("-")[0]!))).map((s) => s.slug).slice(0, 6),
        yearsExperience: t.years,
        availability: t.availability,
        availableNow: i !== 4,
        idProofType: "aadhaar",
        idProofPath,
        idProofName: "specimen-id-proof.pdf",
        status: t.status,
        reviewNote: t.status === "approved" ? "References checked; trial job done well." : null,
        reviewedAt: t.status === "approved" ? new Date(now.getTime() - 60 * DAY) : null,
        reviewedBy: t.status === "approved" ? owner.id : null,
        consentVersion: "2026-04",
        consentAt: new Date(now.getTime() - 70 * DAY),
        createdAt: new Date(now.getTime() - (t.status === "approved" ? 70 : rnd.int(1, 5)) * DAY),
        verifiedAt: new Date(now.getTime() - (t.status === "approved" ? 70 : 1) * DAY),
      })),
    )
    .returning({ id: technicianProfiles.id, userId: technicianProfiles.userId, skills: technicianProfiles.skills, city: technicianProfiles.city, name: technicianProfiles.name });
  const approved = profiles.slice(0, TECHNICIANS.length);

  // Requests over the last 30 days: older ones are finished, recent ones are at every stage.
  const count = 90;
  const byStatus: Record<string, number> = {};
  const received = Array.from({ length: count }, (_, i) => {
    const ageDays = ((count - i) / count) * 30;
    return new Date(now.getTime() - ageDays * DAY + rnd.int(-3, 3) * HOUR);
  }).sort((a, b) => a.getTime() - b.getTime());

  const repairServices = services.filter((s) => !/webinar|training|course/.test(s.slug));
  const faultsWithServices = FAULTS.map((fault) => ({ fault, fitting: repairServices.filter((s) => fault.match.test(s.slug)) })).filter((f) => f.fitting.length > 0);
  const requestRows: Array<typeof serviceRequests.$inferInsert> = [];
  const plans: Array<{ status: RequestStatus; tech: (typeof approved)[number] | null; createdAt: Date; visit: Date | null; contactAfterMin: number | null }> = [];
  const monthCounts = new Map<string, Date[]>();
  for (const createdAt of received) {
    const ageDays = (now.getTime() - createdAt.getTime()) / DAY;
    const plant = rnd.pick(PLANTS);
    // A fault is filed under a service that repairs that equipment: never a VMC alarm under a webinar, nor a
    // Fanuc control under a VFD service.
    const { fault, fitting } = rnd.pick(faultsWithServices);
    const service = rnd.pick(fitting);
    const urgency = rnd.next() < 0.2 ? "emergency" : rnd.next() < 0.55 ? "within_24h" : "planned";
    const status: RequestStatus =
      ageDays > 12
        ? rnd.next() < 0.88
          ? "completed"
          : "cancelled"
        : ageDays > 5
          ? rnd.pick(["completed", "completed", "in_progress", "awaiting_parts", "awaiting_customer", "scheduled"] as const)
          : ageDays > 1
            ? rnd.pick(["scheduled", "in_progress", "contacted", "awaiting_parts", "completed"] as const)
            : rnd.pick(["new", "new", "contacted", "scheduled"] as const);
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    const needsTech = status !== "new" && status !== "contacted" && status !== "cancelled";
    const tech = needsTech ? rnd.pick(approved) : null;
    // Most calls come well inside the promise; a few late, as in real life.
    const contactAfterMin = status === "new" ? null : rnd.next() < 0.85 ? rnd.int(10, 110) : rnd.int(150, 400);
    // The visit comes after the call and the assignment (at most ~7 h after receipt).
    const visit = tech ? new Date(createdAt.getTime() + rnd.int(8, 40) * HOUR) : null;
    plans.push({ status, tech, createdAt, visit, contactAfterMin });
    const due = responseDueAt(urgency, createdAt, site.operations);
    const firstContactAt = contactAfterMin === null ? null : new Date(createdAt.getTime() + contactAfterMin * 60_000);
    const ym = yearMonthInIndia(createdAt);
    monthCounts.set(ym, [...(monthCounts.get(ym) ?? []), createdAt]);
    const visitStart = visit ? new Date(Math.floor(visit.getTime() / HOUR) * HOUR) : null;
    requestRows.push({
      reference: "",
      kind: "full",
      status,
      contactName: plant.contact,
      // The plant's own number: its repeat requests are one customer's.
      mobile: `+9190000004${String(PLANTS.indexOf(plant)).padStart(2, "0")}`,
      email: null,
      company: plant.company,
      siteAddress: `${plant.area}, ${plant.city}`,
      city: plant.city,
      serviceSlug: service.slug,
      serviceName: service.name,
      equipmentBrand: fault.brand,
      equipmentModel: fault.model,
      equipmentRating: fault.rating || null,
      faultDescription: fault.text,
      faultCode: fault.code || null,
      urgency,
      consentVersion: "2026-04",
      consentAt: createdAt,
      idempotencyKey: `demo:${randomUUID()}`,
      assignedTechnicianId: tech?.id ?? null,
      assignedAt: tech && firstContactAt ? new Date(firstContactAt.getTime() + 20 * 60_000) : null,
      responseDueAt: due,
      firstContactAt,
      pausedAt: status === "awaiting_parts" || status === "awaiting_customer" ? new Date(now.getTime() - rnd.int(2, 30) * HOUR) : null,
      completedAt: status === "completed" && visit ? new Date(visit.getTime() + rnd.int(2, 30) * HOUR) : null,
      visitStart,
      visitEnd: visitStart ? new Date(visitStart.getTime() + 3 * HOUR) : null,
      poNumber: tech && rnd.next() < 0.5 ? `PO/${plant.company.split(" ")[0]!.toUpperCase()}/${rnd.int(1000, 9999)}` : null,
      cancelReason: status === "cancelled" ? rnd.pick(["Customer fixed it in-house after our call.", "Plant shut for maintenance; will raise a new request.", "Duplicate of an earlier phone booking."]) : null,
      fieldStage: status === "completed" ? "work_done" : status === "in_progress" ? "on_site" : status === "awaiting_parts" ? "needs_parts" : null,
      onSiteMinutes: status === "completed" ? rnd.int(60, 300) : 0,
      createdAt,
      updatedAt: createdAt,
    });
  }
  // References by month of receipt, in order, as the site gives them.
  for (const [, dates] of monthCounts) {
    const refs = await nextReferences(db, "SR", dates.length, dates[0]);
    let k = 0;
    for (const row of requestRows) if (dates.includes(row.createdAt as Date) && row.reference === "") row.reference = refs[k++]!;
  }
  // Today's visits, so that the dashboard's "today" has work: three open jobs moved to this morning and afternoon.
  const todayIst = new Date(Math.floor((now.getTime() + 330 * 60_000) / DAY) * DAY - 330 * 60_000);
  let moved = 0;
  for (let i = requestRows.length - 1; i >= 0 && moved < 3; i--) {
    const row = requestRows[i]!;
    if (row.status === "scheduled" && row.assignedTechnicianId) {
      row.visitStart = new Date(todayIst.getTime() + (10 + moved * 2) * HOUR);
      row.visitEnd = new Date(row.visitStart.getTime() + 2 * HOUR);
      plans[i]!.visit = row.visitStart;
      moved++;
    }
  }
  // The first of them has its engineer on the way now ("On the way" is its own stage, with its SMS).
  const onTheWay = requestRows.findIndex((row) => row.status === "scheduled" && row.assignedTechnicianId && row.visitStart?.getTime() === todayIst.getTime() + 10 * HOUR);
  if (onTheWay >= 0) {
    requestRows[onTheWay]!.status = "on_the_way";
    requestRows[onTheWay]!.fieldStage = "on_the_way";
    plans[onTheWay]!.status = "on_the_way";
    byStatus.scheduled = byStatus.scheduled! - 1;
    byStatus.on_the_way = 1;
  }

  await db.transaction(async (tx) => {
    const stored = await bulkInsert(tx, serviceRequests, requestRows, { returning: { id: serviceRequests.id, reference: serviceRequests.reference } });
    // In the order of requestRows (RETURNING promises no order).
    const idOf = new Map(stored.map((r) => [r.reference, r.id]));
    const inserted = requestRows.map((row) => ({ id: idOf.get(row.reference!)!, reference: row.reference! }));
    const events: Array<typeof requestEvents.$inferInsert> = [];
    const audits: Array<typeof auditLog.$inferInsert> = [];
    const parts: Array<typeof jobParts.$inferInsert> = [];
    const signoffs: Array<typeof jobSignoffs.$inferInsert> = [];
    inserted.forEach((r, i) => {
      const plan = plans[i]!;
      const row = requestRows[i]!;
      const staff = rnd.pick(office);
      const at = (t: Date | null | undefined) => t ?? plan.createdAt;
      const log = (action: string, when: Date, before: unknown, after: unknown) =>
        audits.push({ at: when, actorUserId: staff.id, actorLabel: staff.name ?? "Staff", action, entityType: "request", entityId: String(r.id), entityLabel: r.reference, before, after, ipAddress: "10.0.0.12" });
      if (row.firstContactAt) {
        events.push({ requestId: r.id, kind: "call", status: "contacted", note: rnd.pick(CALL_NOTES), internal: true, actorUserId: staff.id, createdAt: row.firstContactAt });
        events.push({ requestId: r.id, kind: "status", status: "contacted", note: null, actorUserId: staff.id, createdAt: row.firstContactAt });
        log("request.call", row.firstContactAt, { status: "new" }, { status: "contacted" });
      }
      if (plan.tech && row.assignedAt) {
        events.push({ requestId: r.id, kind: "assign", status: "contacted", note: `Assigned to ${plan.tech.name}.`, internal: true, actorUserId: staff.id, createdAt: row.assignedAt });
        log("request.assign", row.assignedAt, { technician: null }, { technician: plan.tech.name });
      }
      if (row.visitStart && row.assignedAt) {
        const when = new Date(at(row.assignedAt).getTime() + 10 * 60_000);
        events.push({ requestId: r.id, kind: "schedule", status: "scheduled", note: `Visit booked with ${plan.tech!.name}.`, actorUserId: staff.id, createdAt: when });
        log("request.schedule", when, { visitStart: null }, { visitStart: row.visitStart.toISOString() });
      }
      const techUser = plan.tech?.userId ?? null;
      if (plan.status === "on_the_way" && row.visitStart) {
        // Set off half an hour before the visit, or a few minutes ago if that is still to come.
        const setOff = new Date(Math.min(row.visitStart.getTime() - 30 * 60_000, now.getTime() - 5 * 60_000));
        events.push({ requestId: r.id, kind: "status", status: "on_the_way", note: `Our engineer ${plan.tech!.name} is on the way to your site.`, actorUserId: techUser, createdAt: setOff });
      }
      if (plan.status === "in_progress" || plan.status === "awaiting_parts" || plan.status === "completed") {
        const onSite = at(plan.visit);
        events.push({ requestId: r.id, kind: "status", status: "in_progress", note: "Engineer on site.", actorUserId: techUser, createdAt: onSite });
        events.push({ requestId: r.id, kind: "note", status: "in_progress", note: `Checked ${row.equipmentBrand} ${row.equipmentModel}: ${row.faultCode ? `fault ${row.faultCode} reproduced under load` : "fault reproduced"}. Measured DC bus and output phases.`, actorUserId: techUser, createdAt: new Date(onSite.getTime() + 40 * 60_000) });
      }
      if (plan.status === "awaiting_parts") {
        events.push({ requestId: r.id, kind: "status", status: "awaiting_parts", note: "A replacement part is on order; we will book the next visit when it arrives.", actorUserId: techUser, createdAt: row.pausedAt ?? now });
      }
      if (plan.status === "awaiting_customer") {
        events.push({ requestId: r.id, kind: "status", status: "awaiting_customer", note: "Waiting for your purchase order to go ahead with the repair.", actorUserId: staff.id, createdAt: row.pausedAt ?? now });
      }
      if (plan.status === "completed" && row.completedAt) {
        const part = rnd.pick(PARTS);
        parts.push({ requestId: r.id, description: part.description, quantity: part.quantity, unit: part.unit, addedBy: techUser, createdAt: row.completedAt });
        signoffs.push({ requestId: r.id, signerName: row.contactName, method: "otp", confirmedMobile: row.mobile, technicianUserId: techUser, signedAt: row.completedAt });
        events.push({ requestId: r.id, kind: "status", status: "completed", note: `Repaired and tested under load. ${part.description} replaced. Warranty ${site.promises.warrantyMonths} months.`, actorUserId: techUser, createdAt: row.completedAt });
      }
      if (plan.status === "cancelled") {
        const when = new Date(plan.createdAt.getTime() + 3 * HOUR);
        events.push({ requestId: r.id, kind: "status", status: "cancelled", note: row.cancelReason, actorUserId: staff.id, createdAt: when });
        log("request.cancel", when, { status: "contacted" }, { status: "cancelled", reason: row.cancelReason });
      }
    });
    // bulkInsert stores NULL for a field one row leaves out: give every row every field.
    await bulkInsert(
      tx,
      requestEvents,
      events.map((e) => ({ note: null, internal: false, actorUserId: null, ...e })),
    );
    await bulkInsert(tx, jobParts, parts);
    await bulkInsert(tx, jobSignoffs, signoffs);
    for (const [i, s] of staffRows.entries()) {
      audits.push({ at: new Date(now.getTime() - (30 - i) * DAY), actorUserId: owner.id, actorLabel: owner.name ?? "Owner", action: "staff.add", entityType: "user", entityId: String(s.id), entityLabel: s.name, before: null, after: { role: STAFF[i]!.role }, ipAddress: "10.0.0.12" });
    }
    await bulkInsert(
      tx,
      auditLog,
      audits.map((a) => ({ before: null, after: null, ipAddress: null, ...a })),
    );
    // Each request's version counts the back-office changes made to it.
    await tx.execute(sql`update ${serviceRequests} set version = 1 + (select count(*) from ${requestEvents} e where e.request_id = ${serviceRequests.id}) where ${serviceRequests.idempotencyKey} like 'demo:%'`);
  });

  // The customers' plants and equipment (~/.server/customers/demo.ts), the products list
  // (~/.server/products/demo.ts), then the workshop's units at every step (~/.server/bench/demo.ts), worked by
  // an office member.
  const customers = await seedDemoCustomers(db);
  const products = await seedDemoProducts(db, now);
  const officeMember = STAFF.find((s) => s.role === "office")!;
  const [officeUser] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, officeMember.mobile));
  const bench = await seedDemoBench(db, { now, actorUserId: officeUser?.id ?? null, warrantyMonths: site.promises.warrantyMonths });
  // The month's money work (~/.server/demo/money.ts): quotes, invoices, payments, contracts and ratings.
  const member = (role: StaffRole) => {
    const i = STAFF.findIndex((s) => s.role === role);
    return { userId: staffRows.find((r) => r.name === STAFF[i]!.name)!.id, name: STAFF[i]!.name, mobile: STAFF[i]!.mobile, role };
  };
  const money = await seedDemoMoney(db, { now, office: member("office"), accounts: member("accounts"), owner: member("owner") });
  // The help desk's canned replies and tickets in every state (~/.server/demo/helpdesk.ts, issue 12 §5).
  await seedDemoHelpDesk(db, { now, office: member("office") });
  // Staff alerts from the demo's own records and a specimen investor document (~/.server/demo/notifications.ts, issue 12 §3, §8).
  await seedDemoNotifications(db, { now, ownerUserId: member("owner").userId, supportPhone: site.identity.supportPhone, supportEmail: site.identity.supportEmail });
  // WhatsApp templates and conversations, and marketing consent (~/.server/demo/whatsapp.ts, issue 12 §4).
  await seedDemoWhatsApp(db, { now, officeUserId: member("office").userId });
  // Suppliers, the stores, the parts the waiting jobs need on order, and the technicians' time off (~/.server/demo/purchasing.ts).
  const purchasing = await seedDemoPurchasing(db, { now, office: member("office"), accounts: member("accounts") });
  return { staff: STAFF, technicians: people.length, requests: count, byStatus, customers, bench, products: products.products, money, purchasing };
}
