import { and, asc, eq, gt, lt, ne } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { serviceRequests, technicianTimeOff } from "~/.server/db/schema.ts";
import { visitText } from "~/.server/requests/work.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { urgencyLabel } from "~/lib/forms/urgency.ts";
import { STAGE_LABELS, stageOf } from "~/lib/schedule/stages.ts";
import { addDays, indiaMidnight, shortDayLabel, weekStartOf } from "~/lib/schedule/week.ts";

/**
 * A technician's week agenda (issue 21 §2, ADR 066): their visits this week and next, per India day,
 * with their own leave and unavailable hours. The weeks start on the board's day (`operations.weekStartsOn`),
 * so the technician and the office count the same weeks. Only what the technician's job pages already show.
 * Two queries: the visits and the time off over the fortnight.
 */
export const AGENDA_WEEKS = 2;

/** What the agenda and the calendar feed read of a visit: what the technician's job pages already show. */
export const VISIT_COLUMNS = {
  id: serviceRequests.id,
  reference: serviceRequests.reference,
  status: serviceRequests.status,
  fieldStage: serviceRequests.fieldStage,
  contactName: serviceRequests.contactName,
  company: serviceRequests.company,
  siteAddress: serviceRequests.siteAddress,
  city: serviceRequests.city,
  serviceName: serviceRequests.serviceName,
  urgency: serviceRequests.urgency,
  visitStart: serviceRequests.visitStart,
  visitEnd: serviceRequests.visitEnd,
};

/** "Ravi Kumar, Sri Venkateswara Pharma", as the dashboard names the customer. */
export const customerOf = (v: { contactName: string; company: string | null }) => (v.company?.trim() ? `${v.contactName}, ${v.company.trim()}` : v.contactName);

/** "Plot 7, IDA Jeedimetla, Hyderabad"; empty when neither is known. */
export const siteOf = (v: { siteAddress: string | null; city: string | null }) => [v.siteAddress, v.city].filter((part) => part && part.trim()).join(", ");

export async function technicianAgenda(technicianId: number, now = new Date()) {
  const { operations } = await getSiteSettings();
  const today = todayInIndia(now);
  const first = weekStartOf(today, operations.weekStartsOn);
  const dates = Array.from({ length: 7 * AGENDA_WEEKS }, (_, i) => addDays(first, i));
  const rangeStart = indiaMidnight(first);
  const rangeEnd = indiaMidnight(addDays(first, dates.length));

  const [visits, timeOff] = await Promise.all([
    getDb()
      .select(VISIT_COLUMNS)
      .from(serviceRequests)
      .where(
        and(
          eq(serviceRequests.assignedTechnicianId, technicianId),
          lt(serviceRequests.visitStart, rangeEnd),
          gt(serviceRequests.visitEnd, rangeStart),
          ne(serviceRequests.status, "cancelled"),
        ),
      )
      .orderBy(asc(serviceRequests.visitStart), asc(serviceRequests.id)),
    getDb()
      .select({ id: technicianTimeOff.id, kind: technicianTimeOff.kind, startsAt: technicianTimeOff.startsAt, endsAt: technicianTimeOff.endsAt, note: technicianTimeOff.note })
      .from(technicianTimeOff)
      .where(and(eq(technicianTimeOff.technicianId, technicianId), lt(technicianTimeOff.startsAt, rangeEnd), gt(technicianTimeOff.endsAt, rangeStart)))
      .orderBy(asc(technicianTimeOff.startsAt)),
  ]);

  const days = dates.map((date) => {
    const dayStart = indiaMidnight(date);
    const dayEnd = indiaMidnight(addDays(date, 1));
    return {
      date,
      label: shortDayLabel(date),
      today: date === today,
      past: date < today,
      visits: visits
        .filter((v) => v.visitStart! < dayEnd && v.visitEnd! > dayStart)
        .map((v) => {
          const stage = stageOf(v.status, v.fieldStage);
          return {
            id: v.id,
            reference: v.reference,
            window: visitText(v.visitStart!, v.visitEnd!).window,
            customer: customerOf(v),
            site: siteOf(v) || "Site not given",
            service: v.serviceName ?? "Service to be confirmed",
            stage,
            stageLabel: STAGE_LABELS[stage],
            urgencyLabel: urgencyLabel(v.urgency),
            emergency: v.urgency === "emergency",
          };
        }),
      timeOff: timeOff
        .filter((o) => o.startsAt < dayEnd && o.endsAt > dayStart)
        .map((o) => ({ id: o.id, kind: o.kind, label: o.kind === "leave" ? "On leave" : "Unavailable", window: visitText(o.startsAt, o.endsAt).window, note: o.note })),
    };
  });
  return {
    today,
    weeks: Array.from({ length: AGENDA_WEEKS }, (_, w) => ({ first: dates[w * 7]!, title: w === 0 ? "This week" : "Next week", days: days.slice(w * 7, w * 7 + 7) })),
    visitCount: visits.length,
    // When the server drew it: a copy read offline says how old it is.
    drawnAt: now.toISOString(),
  };
}

export type TechnicianAgenda = Awaited<ReturnType<typeof technicianAgenda>>;
