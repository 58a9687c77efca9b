import type { SkillId } from "~/lib/forms/technician-registration.ts";

/**
 * Which technician to send: the office's suggestions for a request, ranked by what dispatch weighs, with the
 * reasons said beside each ("PLC skill · Hyderabad · 1 visit today"). Pure functions over the candidates'
 * facts (the queries are in work.ts), so the ranking is tested without a database.
 *
 * 1. Skill for the request's service (the catalogue service's slug or, failing that, its name, mapped to
 *    the skills technicians register with).
 * 2. Based in the request's city.
 * 3. Available now (the technician's own switch).
 * 4. Today's load: open jobs with a visit today; each one counts against them.
 */

/** The skills each kind of service needs, by words in the service's slug or name (every rule that matches adds its skills). */
const SERVICE_SKILLS: ReadonlyArray<{ pattern: RegExp; skills: readonly SkillId[] }> = [
  { pattern: /\bvfd\b|ac[- ]drive|variable[- ]frequency|soft[- ]starter/, skills: ["vfd-ac-drives"] },
  { pattern: /\bdc[- ]drive/, skills: ["dc-drives"] },
  { pattern: /servo|encoder|feedback/, skills: ["servo-drives"] },
  { pattern: /\bplc\b|interlock|process[- ]optimi[sz]ation/, skills: ["plc"] },
  { pattern: /\bhmi\b|scada|\bmes\b|iiot|digital[- ]twin/, skills: ["hmi-scada"] },
  { pattern: /panel|mcc|retrofit|commissioning/, skills: ["control-panels"] },
  { pattern: /\bcnc\b|\bvmc\b/, skills: ["cnc-vmc"] },
  { pattern: /motor|rewind/, skills: ["motor-rewinding"] },
  { pattern: /ht[-/ ]?lt|earthing|lightning|lighting|load[- ]balancing|safety[- ]audit|electrical/, skills: ["electrical-maintenance"] },
  { pattern: /transformer|\bdg\b|diesel/, skills: ["transformers-dg"] },
  { pattern: /\bups\b/, skills: ["industrial-ups"] },
  { pattern: /instrument|calibrat|sensor/, skills: ["instrumentation"] },
  { pattern: /apfc|power[- ]quality|energy|thermograph/, skills: ["apfc-power-quality"] },
  { pattern: /pcb|electronic|soft[- ]starter/, skills: ["industrial-electronics"] },
  // A breakdown call is mostly drives, PLCs and panels.
  { pattern: /breakdown|emergency/, skills: ["vfd-ac-drives", "plc", "control-panels"] },
];

/** The skills a request's service calls for; none when the service is unknown (a quick request) or unmapped. */
export function skillsForService(serviceSlug: string | null, serviceName: string | null): SkillId[] {
  const text = `${serviceSlug?.replace(/-/g, " ") ?? ""} ${serviceName ?? ""}`.toLowerCase();
  const found = new Set<SkillId>();
  for (const rule of SERVICE_SKILLS) if (rule.pattern.test(text)) for (const skill of rule.skills) found.add(skill);
  return [...found];
}

/** What a suggestion's reason calls a skill: short, as the office says it. */
const SKILL_SHORT: Record<SkillId, string> = {
  "vfd-ac-drives": "VFD",
  "dc-drives": "DC drive",
  "servo-drives": "Servo",
  plc: "PLC",
  "hmi-scada": "HMI/SCADA",
  "control-panels": "Panel",
  "cnc-vmc": "CNC/VMC",
  "motor-rewinding": "Motor",
  "electrical-maintenance": "Electrical",
  "transformers-dg": "Transformer/DG",
  "industrial-ups": "UPS",
  instrumentation: "Instrumentation",
  "apfc-power-quality": "APFC",
  "industrial-electronics": "Electronics",
};

/** Places the office treats as one base (twin cities). */
const CITY_ALIASES: Record<string, string> = { secunderabad: "hyderabad", cyberabad: "hyderabad" };

export function cityKey(city: string | null): string {
  const key = (city ?? "").trim().toLowerCase().replace(/\s+/g, " ");
  return CITY_ALIASES[key] ?? key;
}

export interface Candidate {
  id: number;
  name: string;
  city: string;
  skills: readonly string[];
  availableNow: boolean;
  /** Open jobs assigned to them with a visit today (India time). */
  visitsToday: number;
}

export interface JobNeeds {
  serviceSlug: string | null;
  serviceName: string | null;
  city: string | null;
}

export interface Suggestion extends Candidate {
  score: number;
  skillMatch: boolean;
  sameCity: boolean;
  /** What the office reads beside the name, in order: skill, city, availability, load. */
  reasons: string[];
}

/**
 * Each criterion outweighs all the ones after it together (skill > city > available now > load): the
 * order is the dispatcher's, and the score only breaks ties within it.
 */
export const WEIGHTS = { skill: 100, city: 50, availableNow: 25, perVisitToday: 5, maxLoadPenalty: 20 } as const;

export function scoreCandidate(candidate: Candidate, needs: JobNeeds): Suggestion {
  const wanted = skillsForService(needs.serviceSlug, needs.serviceName);
  const matching = wanted.filter((s) => candidate.skills.includes(s));
  const skillMatch = matching.length > 0;
  const sameCity = Boolean(needs.city?.trim()) && cityKey(candidate.city) === cityKey(needs.city);
  const load = Math.min(candidate.visitsToday * WEIGHTS.perVisitToday, WEIGHTS.maxLoadPenalty);
  const score = (skillMatch ? WEIGHTS.skill : 0) + (sameCity ? WEIGHTS.city : 0) + (candidate.availableNow ? WEIGHTS.availableNow : 0) - load;

  const reasons: string[] = [];
  if (skillMatch) reasons.push(`${matching.map((s) => SKILL_SHORT[s]).join(", ")} skill`);
  else if (wanted.length > 0) reasons.push("No matching skill");
  reasons.push(sameCity || !needs.city?.trim() ? candidate.city : `Based in ${candidate.city}`);
  if (!candidate.availableNow) reasons.push("Not available now");
  reasons.push(candidate.visitsToday === 0 ? "No visits today" : `${candidate.visitsToday} ${candidate.visitsToday === 1 ? "visit" : "visits"} today`);
  return { ...candidate, score, skillMatch, sameCity, reasons };
}

/** Every candidate, best first: by score, then the lighter day, then by name (a stable order for the office). */
export function rankCandidates(candidates: readonly Candidate[], needs: JobNeeds): Suggestion[] {
  return candidates
    .map((c) => scoreCandidate(c, needs))
    .sort((a, b) => b.score - a.score || a.visitsToday - b.visitsToday || a.name.localeCompare(b.name) || a.id - b.id);
}
