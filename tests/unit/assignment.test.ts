import { describe, expect, it } from "vitest";
import { rankCandidates, scoreCandidate, skillsForService, type Candidate } from "~/.server/requests/assignment.ts";

const tech = (over: Partial<Candidate> & { id: number; name: string }): Candidate => ({
  city: "Hyderabad",
  skills: [],
  availableNow: true,
  visitsToday: 0,
  ...over,
});

describe("skills a service calls for", () => {
  it("maps catalogue services (by slug or name) to the skills technicians register with", () => {
    expect(skillsForService("vfd-repair", "VFD Repair")).toEqual(["vfd-ac-drives"]);
    expect(skillsForService("plc-repair-programming", "PLC Repair & Programming")).toEqual(["plc"]);
    expect(skillsForService(null, "HMI & SCADA Programming")).toEqual(["hmi-scada"]);
    expect(skillsForService("servo-drive-repair", null)).toEqual(["servo-drives"]);
    expect(skillsForService("dc-drive-repair", "DC Drive Repair")).toEqual(["dc-drives"]);
    expect(skillsForService("cnc-vmc-repair", "CNC/VMC Repair")).toEqual(["cnc-vmc"]);
    expect(skillsForService("motor-repair-rewinding", "Motor Repair & Rewinding")).toEqual(["motor-rewinding"]);
    expect(skillsForService("ht-lt-panel-service", "HT/LT Panel Service")).toEqual(expect.arrayContaining(["control-panels", "electrical-maintenance"]));
    expect(skillsForService("industrial-ups-service", "Industrial UPS Service")).toEqual(["industrial-ups"]);
    expect(skillsForService("apfc-panels", "APFC Panels")).toEqual(expect.arrayContaining(["apfc-power-quality", "control-panels"]));
    expect(skillsForService("24-7-emergency-breakdown-service", "24/7 Emergency Breakdown Service")).toEqual(["vfd-ac-drives", "plc", "control-panels"]);
    // A quick request without a service, or a service no skill covers: no skill to weigh.
    expect(skillsForService(null, null)).toEqual([]);
    expect(skillsForService("operator-training", "Operator Training")).toEqual([]);
  });
});

describe("suggestions", () => {
  const plcJob = { serviceSlug: "plc-repair-programming", serviceName: "PLC Repair & Programming", city: "Hyderabad" };

  it("says why beside each name: skill, city, availability, today's load", () => {
    expect(scoreCandidate(tech({ id: 1, name: "Ravi", skills: ["plc", "vfd-ac-drives"], visitsToday: 1 }), plcJob).reasons.join(" · ")).toBe(
      "PLC skill · Hyderabad · 1 visit today",
    );
    expect(scoreCandidate(tech({ id: 2, name: "Anil", city: "Pune", skills: ["cnc-vmc"], availableNow: false, visitsToday: 2 }), plcJob).reasons).toEqual([
      "No matching skill",
      "Based in Pune",
      "Not available now",
      "2 visits today",
    ]);
    expect(scoreCandidate(tech({ id: 3, name: "Sita" }), { serviceSlug: null, serviceName: null, city: null }).reasons).toEqual(["Hyderabad", "No visits today"]);
    // Secunderabad and Hyderabad are one base.
    expect(scoreCandidate(tech({ id: 4, name: "Kiran", city: "Secunderabad" }), plcJob).sameCity).toBe(true);
  });

  it("ranks skill first, then the same city, then available now, then the lighter day", () => {
    const ranked = rankCandidates(
      [
        tech({ id: 1, name: "No skill, here, free", skills: ["cnc-vmc"] }),
        tech({ id: 2, name: "Skill, elsewhere", skills: ["plc"], city: "Vizag" }),
        tech({ id: 3, name: "Skill, here, busy", skills: ["plc"], visitsToday: 3 }),
        tech({ id: 4, name: "Skill, here, free", skills: ["plc"] }),
        tech({ id: 5, name: "Skill, here, off", skills: ["plc"], availableNow: false }),
      ],
      plcJob,
    );
    expect(ranked.map((s) => s.id)).toEqual([4, 3, 5, 2, 1]);
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score);
  });

  it("breaks ties by the lighter day, then by name", () => {
    const ranked = rankCandidates(
      [tech({ id: 1, name: "Zaheer" }), tech({ id: 2, name: "Arun" }), tech({ id: 3, name: "Bala", visitsToday: 0 })],
      { serviceSlug: null, serviceName: null, city: "Hyderabad" },
    );
    expect(ranked.map((s) => s.name)).toEqual(["Arun", "Bala", "Zaheer"]);
    // The load penalty is capped: a very busy technician with the skill still outranks a free one without it.
    const busy = rankCandidates([tech({ id: 1, name: "Busy", skills: ["plc"], visitsToday: 9 }), tech({ id: 2, name: "Free" })], plcJob);
    expect(busy.map((s) => s.name)).toEqual(["Busy", "Free"]);
  });
});
