import { isOneOf } from "~/lib/one-of.ts";
/**
 * The workshop's stages for a unit booked in for bench repair (bench_jobs.stage), in order. Each stage says
 * what the office reads, what the customer reads on their request page, what the job must have before it
 * may enter the stage, and where it may go next. The server (~/.server/bench/work.ts) refuses any other
 * move, and a move whose needs are not met, with the message from `missingFor`.
 */

export const BENCH_STAGES = ["received", "diagnosis", "estimate", "repair", "testing", "ready", "returned"] as const;
export type BenchStage = (typeof BENCH_STAGES)[number];

/** The fields of a job that the stages' needs read. */
export interface BenchJobFacts {
  diagnosis: string | null;
  estimatePaise: number | null;
  repairNotes: string | null;
  testResult: "pass" | "fail" | null;
}

export interface StageInfo {
  value: BenchStage;
  /** The office's word for it. */
  label: string;
  /** What the customer reads on their request page while the unit is at this stage. */
  customerText: string;
  /** The stages a job at this stage may move to (testing goes back to repair when the load test fails). */
  next: readonly BenchStage[];
  /** What the job must have before it may enter this stage: the missing things, as words for a sentence. */
  needs: (job: BenchJobFacts) => string[];
}

const nothing = () => [];

export const STAGE_INFO: Record<BenchStage, StageInfo> = {
  received: {
    value: "received",
    label: "Received",
    customerText: "Your unit has arrived at our workshop and is waiting for an engineer.",
    next: ["diagnosis"],
    needs: nothing,
  },
  diagnosis: {
    value: "diagnosis",
    label: "Diagnosis",
    customerText: "An engineer is finding the fault on the bench.",
    next: ["estimate"],
    needs: nothing,
  },
  estimate: {
    value: "estimate",
    label: "Estimate",
    customerText: "We have found the fault and sent you an estimate. We start the repair once you approve it.",
    next: ["repair"],
    needs: (job) => (job.diagnosis ? [] : ["the diagnosis"]),
  },
  repair: {
    value: "repair",
    label: "Repair",
    customerText: "You approved the estimate: the repair is under way.",
    next: ["testing"],
    needs: (job) => [...(job.diagnosis ? [] : ["the diagnosis"]), ...(job.estimatePaise === null ? ["the estimate"] : [])],
  },
  testing: {
    value: "testing",
    label: "Testing",
    customerText: "The repair is done and the unit is being tested under load.",
    next: ["ready", "repair"],
    needs: (job) => (job.repairNotes ? [] : ["the repair notes"]),
  },
  ready: {
    value: "ready",
    label: "Ready",
    customerText: "Repaired and tested under load: ready for you to collect (or for dispatch).",
    next: ["returned"],
    needs: (job) => (job.testResult === "pass" ? [] : [job.testResult === "fail" ? "a passing test report (the last load test failed)" : "a passing test report"]),
  },
  returned: {
    value: "returned",
    label: "Returned",
    customerText: "The unit is back with you. The repair carries our warranty until the date shown.",
    next: [],
    needs: (job) => (job.testResult === "pass" ? [] : ["a passing test report"]),
  },
};

export function isBenchStage(value: unknown): value is BenchStage {
  return isOneOf(BENCH_STAGES, value);
}

export function stageLabel(stage: string): string {
  return isBenchStage(stage) ? STAGE_INFO[stage].label : stage;
}

export function customerStageText(stage: string): string {
  return isBenchStage(stage) ? STAGE_INFO[stage].customerText : "";
}

/** The stages still in the workshop (everything but returned): the board's "In the workshop" tab. */
export const OPEN_BENCH_STAGES: readonly BenchStage[] = BENCH_STAGES.filter((s) => s !== "returned");

/** True when a job at `from` may move to `to` (its needs aside). */
export function canMove(from: string, to: BenchStage): boolean {
  return isBenchStage(from) && STAGE_INFO[from].next.includes(to);
}

/** What is missing before a job may enter `to`: [] when nothing is. */
export function missingFor(to: BenchStage, job: BenchJobFacts): string[] {
  return STAGE_INFO[to].needs(job);
}

/** "a, b and c". */
export function listText(items: readonly string[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * The warranty's end: `months` calendar months after the return, counted on India's calendar (IST, UTC+5:30),
 * at the same time of day. A return on 31 August with 6 months runs to the last day of February, not into March.
 */
export function warrantyUntil(returnedAt: Date, months: number): Date {
  const IST_MS = 330 * 60_000;
  // India's wall clock as UTC fields, so the month arithmetic is on India's date.
  const d = new Date(returnedAt.getTime() + IST_MS);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return new Date(d.getTime() - IST_MS);
}

/** The test report's measured values: a small fixed set (each optional), kept as typed numbers. */
export const TEST_PARAMETERS = [
  { name: "inputVoltage", label: "Input voltage", unit: "V" },
  { name: "outputVoltage", label: "Output voltage", unit: "V" },
  { name: "outputCurrent", label: "Output current", unit: "A" },
  { name: "frequency", label: "Output frequency", unit: "Hz" },
  { name: "loadPercent", label: "Load", unit: "%" },
  { name: "runMinutes", label: "Run time", unit: "min" },
] as const;

export type TestParameterName = (typeof TEST_PARAMETERS)[number]["name"];
export type TestParameters = Partial<Record<TestParameterName, number>>;

/** "Input voltage 415 V · Load 80 %": the parameters recorded, in the fixed order. */
export function testParametersText(parameters: TestParameters | null | undefined): string {
  if (!parameters) return "";
  return TEST_PARAMETERS.filter((p) => typeof parameters[p.name] === "number")
    .map((p) => `${p.label} ${parameters[p.name]} ${p.unit}`)
    .join(" · ");
}
