import { describe, expect, it } from "vitest";
import { addWorkingHours, formatDuration, resolutionMinutes, responseDueAt, responseState, type SlaSettings } from "~/lib/requests/sla.ts";

const settings: SlaSettings = {
  emergencyResponseHours: 2,
  within24hResponseHours: 4,
  plannedResponseWorkingHours: 9,
  workingDays: [1, 2, 3, 4, 5, 6],
  workingHoursOpen: "09:00",
  workingHoursClose: "18:00",
  escalateBeforeMinutes: 30,
};

/** An India-time wall clock, e.g. ist("2026-11-23 20:00") (23 Nov 2026 is a Monday). */
const ist = (s: string) => new Date(`${s.replace(" ", "T")}:00+05:30`);

describe("response promise", () => {
  it("counts emergencies and within-24-hours round the clock", () => {
    expect(responseDueAt("emergency", ist("2026-11-22 23:30"), settings)).toEqual(ist("2026-11-23 01:30"));
    expect(responseDueAt("within_24h", ist("2026-11-22 23:30"), settings)).toEqual(ist("2026-11-23 03:30"));
  });

  it("counts planned work in working hours: by the same time on the next working day", () => {
    expect(responseDueAt("planned", ist("2026-11-23 10:00"), settings)).toEqual(ist("2026-11-24 10:00"));
    // After hours on Monday: the clock starts on Tuesday morning and runs the whole day.
    expect(responseDueAt("planned", ist("2026-11-23 20:00"), settings)).toEqual(ist("2026-11-24 18:00"));
    // Saturday 17:00: one hour on Saturday, Sunday is not a working day, eight on Monday.
    expect(responseDueAt("planned", ist("2026-11-28 17:00"), settings)).toEqual(ist("2026-11-30 17:00"));
    // Sunday: all nine hours on Monday.
    expect(responseDueAt("planned", ist("2026-11-29 11:00"), settings)).toEqual(ist("2026-11-30 18:00"));
  });

  it("follows the configured working days and hours", () => {
    const weekdays = { ...settings, workingDays: [1, 2, 3, 4, 5], workingHoursOpen: "10:00", workingHoursClose: "14:00" };
    // Friday 13:00: one hour on Friday, three on Monday.
    expect(addWorkingHours(ist("2026-11-27 13:00"), 4, weekdays)).toEqual(ist("2026-11-30 13:00"));
  });

  it("says where a request stands", () => {
    const r = { status: "new", createdAt: ist("2026-11-23 10:00"), responseDueAt: ist("2026-11-23 12:00"), firstContactAt: null };
    expect(responseState(r, ist("2026-11-23 10:30"), 30)).toEqual({ state: "on_track", minutesLeft: 90 });
    expect(responseState(r, ist("2026-11-23 11:45"), 30)).toEqual({ state: "due_soon", minutesLeft: 15 });
    expect(responseState(r, ist("2026-11-23 12:10"), 30).state).toBe("breached");
    expect(responseState({ ...r, firstContactAt: ist("2026-11-23 11:00") }, ist("2026-11-23 13:00"), 30).state).toBe("met");
    expect(responseState({ ...r, firstContactAt: ist("2026-11-23 12:30") }, ist("2026-11-23 13:00"), 30).state).toBe("missed");
    expect(responseState({ ...r, status: "cancelled" }, ist("2026-11-23 13:00"), 30).state).toBe("closed");
  });
});

describe("resolution clock", () => {
  it("leaves out the time the job waited, closed pauses and the open one", () => {
    const createdAt = ist("2026-11-23 10:00");
    expect(resolutionMinutes({ createdAt, completedAt: null, pausedAt: null, pausedSeconds: 0 }, ist("2026-11-23 12:00"))).toBe(120);
    expect(resolutionMinutes({ createdAt, completedAt: null, pausedAt: null, pausedSeconds: 1800 }, ist("2026-11-23 12:00"))).toBe(90);
    expect(resolutionMinutes({ createdAt, completedAt: null, pausedAt: ist("2026-11-23 11:00"), pausedSeconds: 0 }, ist("2026-11-23 12:00"))).toBe(60);
    expect(resolutionMinutes({ createdAt, completedAt: ist("2026-11-23 11:00"), pausedAt: null, pausedSeconds: 0 }, ist("2026-11-23 15:00"))).toBe(60);
  });

  it("formats durations for a clock", () => {
    expect(formatDuration(45)).toBe("45 min");
    expect(formatDuration(65)).toBe("1 h 05 min");
    expect(formatDuration(-125)).toBe("2 h 05 min");
    expect(formatDuration(3 * 1440 + 180)).toBe("3 d 3 h");
  });
});
