import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { serviceRequests, technicianProfiles, technicianTimeOff } from "~/.server/db/schema.ts";
import { cityKey } from "~/.server/requests/assignment.ts";
import { responseClock, visitText } from "~/.server/requests/work.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import type { BoardQuery } from "~/lib/forms/admin/schedule.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { SKILLS, skillLabel } from "~/lib/forms/technician-registration.ts";
import { urgencyLabel, type Urgency } from "~/lib/forms/urgency.ts";
import { CLOSED_STATUSES } from "~/lib/requests/status.ts";
import { STAGE_LABELS, stageOf } from "~/lib/schedule/stages.ts";
import { addDays, clockMinutes, indiaMidnight, indiaMinutes, indiaParts, shortDayLabel, weekStartOf } from "~/lib/schedule/week.ts";

/**
 * The schedule board's data (/admin/schedule, issue 21): one row per approved technician, their visits over the
 * week (or the day), their time off, and the waiting queue (open requests with no technician, and assigned jobs
 * with no visit). View-ready: labels resolved, India time, each visit's stage, flags and place on the day's grid.
 * Five queries whatever the number of technicians: technicians, visits, time off, the queue's page and its count.
 */

/** The queue's page: the newest emergencies first, then the newest of the rest. */
export const QUEUE_SIZE = 30;

export async function scheduleBoard(q: BoardQuery, now = new Date()) {
  const site = await getSiteSettings();
  const ops = site.operations;
  const today = todayInIndia(now);
  const first = q.view === "week" ? weekStartOf(q.date, ops.weekStartsOn) : q.date;
  const dates = Array.from({ length: q.view === "week" ? 7 : 1 }, (_, i) => addDays(first, i));
  const rangeStart = indiaMidnight(first);
  const rangeEnd = indiaMidnight(addDays(first, dates.length));

  const allTechnicians = await approvedTechnicians();
  const technicians = allTechnicians.filter(
    (t) => (!q.city || cityKey(t.city) === cityKey(q.city)) && (!q.skill || t.skills.includes(q.skill)) && (!q.technician || t.id === q.technician),
  );
  const ids = technicians.map((t) => t.id);

  const visitFilters: SQL[] = [];
  if (q.urgency) visitFilters.push(eq(serviceRequests.urgency, q.urgency as Urgency));
  if (q.amc) visitFilters.push(isNotNull(serviceRequests.contractId));
  const open = notInArray(serviceRequests.status, [...CLOSED_STATUSES]);
  const queueWhere = and(
    open,
    or(isNull(serviceRequests.assignedTechnicianId), isNull(serviceRequests.visitStart)),
    ...visitFilters,
    q.city ? sql`lower(trim(${serviceRequests.city})) = ${q.city.trim().toLowerCase()}` : undefined,
  );

  const [visits, timeOff, queueRows, [queueCount]] = await Promise.all([
    ids.length === 0
      ? []
      : getDb()
          .select({
            reference: serviceRequests.reference,
            version: serviceRequests.version,
            technicianId: serviceRequests.assignedTechnicianId,
            status: serviceRequests.status,
            fieldStage: serviceRequests.fieldStage,
            contactName: serviceRequests.contactName,
            company: serviceRequests.company,
            mobile: serviceRequests.mobile,
            siteAddress: serviceRequests.siteAddress,
            city: serviceRequests.city,
            serviceName: serviceRequests.serviceName,
            urgency: serviceRequests.urgency,
            contractId: serviceRequests.contractId,
            visitStart: serviceRequests.visitStart,
            visitEnd: serviceRequests.visitEnd,
          })
          .from(serviceRequests)
          .where(
            and(
              inArray(serviceRequests.assignedTechnicianId, ids),
              lt(serviceRequests.visitStart, rangeEnd),
              gt(serviceRequests.visitEnd, rangeStart),
              ne(serviceRequests.status, "cancelled"),
              ...visitFilters,
            ),
          )
          .orderBy(asc(serviceRequests.visitStart), asc(serviceRequests.id)),
    ids.length === 0
      ? []
      : getDb()
          .select({ id: technicianTimeOff.id, technicianId: technicianTimeOff.technicianId, kind: technicianTimeOff.kind, startsAt: technicianTimeOff.startsAt, endsAt: technicianTimeOff.endsAt, note: technicianTimeOff.note })
          .from(technicianTimeOff)
          .where(and(inArray(technicianTimeOff.technicianId, ids), lt(technicianTimeOff.startsAt, rangeEnd), gt(technicianTimeOff.endsAt, rangeStart))),
    getDb()
      .select()
      .from(serviceRequests)
      .where(queueWhere)
      .orderBy(desc(sql`${serviceRequests.urgency} = 'emergency'`), desc(serviceRequests.createdAt), desc(serviceRequests.id))
      .limit(QUEUE_SIZE),
    getDb().select({ n: count() }).from(serviceRequests).where(queueWhere),
  ]);

  const dayOpen = clockMinutes(ops.workingHoursOpen);
  const dayClose = clockMinutes(ops.workingHoursClose);
  const span = Math.max(60, dayClose - dayOpen);
  /** A visit's place on the day's hour grid, in percent of the working day (clipped to it). */
  const place = (start: Date, end: Date, date: string) => {
    const from = start < indiaMidnight(date) ? 0 : indiaMinutes(start);
    const to = end >= indiaMidnight(addDays(date, 1)) ? 24 * 60 : indiaMinutes(end);
    const a = Math.min(Math.max(from - dayOpen, 0), span);
    const b = Math.min(Math.max(to - dayOpen, 0), span);
    return { left: Math.round((a / span) * 1000) / 10, width: Math.max(Math.round(((b - a) / span) * 1000) / 10, 4) };
  };

  const cards = visits.map((v) => {
    const start = v.visitStart!;
    const end = v.visitEnd!;
    const stage = stageOf(v.status, v.fieldStage);
    const flags: string[] = [];
    if (stage === "scheduled" && start < now) flags.push("Behind schedule: not on the way");
    if ((stage === "on_the_way" || stage === "on_site") && end < now) flags.push("Running past its window");
    const [date, from] = indiaParts(start);
    return {
      reference: v.reference,
      version: v.version,
      technicianId: v.technicianId!,
      /** The window as the move form takes it (India date and clocks): what a drag keeps or changes. */
      move: { date, from, to: indiaParts(end)[1] },
      customer: v.company?.trim() || v.contactName,
      contactName: v.contactName,
      phone: v.mobile,
      site: v.siteAddress,
      city: v.city,
      service: v.serviceName ?? "Service not chosen",
      stage,
      stageLabel: STAGE_LABELS[stage],
      urgency: v.urgency,
      urgencyLabel: urgencyLabel(v.urgency),
      emergency: v.urgency === "emergency",
      amc: v.contractId !== null,
      window: visitText(start, end).window,
      start,
      end,
      flags,
    };
  });

  const rows = technicians.map((t) => ({
    id: t.id,
    name: t.name,
    city: t.city,
    skills: t.skills.map(skillLabel),
    availableNow: t.availableNow,
    days: dates.map((date) => {
      const dayStart = indiaMidnight(date);
      const dayEnd = indiaMidnight(addDays(date, 1));
      const inDay = <T extends { start: Date; end: Date }>(x: T) => x.start < dayEnd && x.end > dayStart;
      return {
        date,
        visits: cards
          .filter((c) => c.technicianId === t.id && inDay(c))
          .map(({ start, end, ...c }) => ({ ...c, ...place(start, end, date) })),
        timeOff: timeOff
          .filter((o) => o.technicianId === t.id && inDay({ start: o.startsAt, end: o.endsAt }))
          .map((o) => ({ id: o.id, kind: o.kind, note: o.note, window: visitText(o.startsAt, o.endsAt).window, ...place(o.startsAt, o.endsAt, date) })),
      };
    }),
  }));

  const queue = queueRows.map((r) => {
    const clock = responseClock(r, now, ops.escalateBeforeMinutes);
    return {
      reference: r.reference,
      version: r.version,
      technicianId: r.assignedTechnicianId,
      customer: r.company?.trim() || r.contactName,
      phone: r.mobile,
      city: r.city,
      service: r.serviceName ?? "Service not chosen",
      urgency: r.urgency,
      urgencyLabel: urgencyLabel(r.urgency),
      emergency: r.urgency === "emergency",
      amc: r.contractId !== null,
      waitingFor: r.assignedTechnicianId === null ? "A technician" : "A visit",
      clock: { text: clock.text, tone: clock.tone },
    };
  });

  const hours: string[] = [];
  for (let m = Math.ceil(dayOpen / 60) * 60; m < dayOpen + span; m += 60) hours.push(`${String(Math.floor(m / 60)).padStart(2, "0")}:00`);

  return {
    view: q.view,
    date: q.date,
    today,
    days: dates.map((date) => ({ date, label: shortDayLabel(date), today: date === today })),
    hours: hours.map((h) => ({ clock: h, left: Math.round(((clockMinutes(h) - dayOpen) / span) * 1000) / 10 })),
    workingHours: { open: ops.workingHoursOpen, close: ops.workingHoursClose },
    /** The day view's grid, in minutes since midnight: where a drop or a resize lands. */
    grid: { open: dayOpen, span },
    previous: addDays(first, -dates.length),
    next: addDays(first, dates.length),
    technicians: rows,
    queue: { items: queue, total: Number(queueCount?.n ?? 0) },
    options: {
      cities: [...new Map(allTechnicians.map((t) => [cityKey(t.city), t.city])).values()].sort(),
      technicians: allTechnicians.map((t) => ({ value: String(t.id), label: t.name })),
      skills: SKILLS.map((s) => ({ value: s.id, label: s.label })),
    },
  };
}

export type ScheduleBoard = Awaited<ReturnType<typeof scheduleBoard>>;

/** The approved technicians, by name: the board's rows, the move form's and the time-off form's choices. */
export function approvedTechnicians() {
  return getDb()
    .select({ id: technicianProfiles.id, name: technicianProfiles.name, city: technicianProfiles.city, skills: technicianProfiles.skills, availableNow: technicianProfiles.availableNow })
    .from(technicianProfiles)
    .where(eq(technicianProfiles.status, "approved"))
    .orderBy(asc(technicianProfiles.name), asc(technicianProfiles.id));
}

/** The approved technicians as a form's choices (the office's time-off form). */
export async function technicianChoices() {
  return (await approvedTechnicians()).map((t) => ({ value: String(t.id), label: t.name }));
}
