import { changedMeanwhile } from "~/lib/forms/stale.ts";
import { z } from "zod";
import { TEST_PARAMETERS, type BenchStage, type TestParameters } from "~/lib/bench/stages.ts";
import { optionalText, requiredText } from "../fields.ts";
import { isOneOf } from "~/lib/one-of.ts";

/**
 * The bench repair forms (issue 10, section 4): the intake of a unit against a service request
 * (/admin/service-requests/{reference}/bench), and the steps on the unit's page (/admin/bench/{jobCard}).
 * One schema per form, shared by the server and the browser. Every step carries the job's `version`: a step
 * taken on an older version is refused, never written over someone else's.
 */

export const STALE_BENCH_MESSAGE = changedMeanwhile("job card");

export const JOB_CARD_PATTERN = /^JC-\d{4}-\d{4,}$/;

const version = z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again.");

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "yes" || v === "true");

/** The intake form's one-time key (made by the server when the form is shown): a second post finds the first job. */
const intakeKey = z.uuid("This form has expired. Reload the page and book the unit in again.");

export const intakeSchema = z
  .object({
    idempotencyKey: intakeKey,
    /** An existing unit of the customer (its id), or "new" for the fields below. */
    unit: z.string("Choose the unit, or enter a new one.").regex(/^(new|\d{1,9})$/, "Choose the unit, or enter a new one."),
    kind: optionalText(60),
    make: optionalText(80),
    model: optionalText(80),
    serialNumber: optionalText(80),
    rating: optionalText(80),
    faultReported: requiredText("Write the fault the customer reported.", 2000),
    conditionOnArrival: requiredText("Describe the unit's condition on arrival (damage, missing covers, burn marks, or 'good').", 2000),
    accessories: optionalText(500),
  })
  .superRefine((v, ctx) => {
    if (v.unit === "new" && !v.make) ctx.addIssue({ code: "custom", path: ["make"], message: "Enter the make of the new unit (e.g. ABB, Siemens, Delta)." });
  });
export type IntakeInput = z.output<typeof intakeSchema>;

export const moveSchema = z.object({
  intent: z.literal("move"),
  version,
  to: z.enum(["received", "diagnosis", "estimate", "repair", "testing", "ready", "returned"] satisfies BenchStage[], "Choose the next step."),
  note: optionalText(1000),
  internal: checkbox,
  /**
   * From "Estimate" to "Repair" without the customer's approval of the estimate's quote (issue 17 §4): the
   * box ticked and the reason given, which goes into the audit log ("yes" when ticked; absent otherwise).
   */
  override: z.string().optional(),
  overrideReason: optionalText(500).optional(),
});

/** The refusal when the repair would start before the customer approved the estimate. */
export const APPROVAL_NEEDED_MESSAGE =
  "The customer has not approved the estimate yet: send it as a quote and wait for the approval, or tick \"Start without approval\" and say why.";
export const OVERRIDE_REASON_MESSAGE = "Say why the repair starts without the customer's approval.";

export const diagnosisSchema = z.object({
  intent: z.literal("diagnosis"),
  version,
  diagnosis: requiredText("Write what the fault is.", 4000),
});

/** Rupees as typed ("12,500", "₹ 12500.50") -> paise; refused when it is not an amount. */
const rupees = z
  .string("Enter the estimate in rupees.")
  .trim()
  .min(1, "Enter the estimate in rupees.")
  .transform((v, ctx) => {
    const plain = v.replace(/[₹,\s]/g, "").replace(/^rs\.?/i, "");
    if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) {
      ctx.addIssue({ code: "custom", message: "Enter the amount in rupees, e.g. 12500 or 12,500.50." });
      return z.NEVER;
    }
    const [whole, fraction = ""] = plain.split(".");
    const paise = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
    if (paise > 2_000_000_000) {
      ctx.addIssue({ code: "custom", message: "That is more than any estimate we give: check the amount." });
      return z.NEVER;
    }
    return paise;
  });

export const estimateSchema = z.object({
  intent: z.literal("estimate"),
  version,
  estimate: rupees,
});

export const repairSchema = z.object({
  intent: z.literal("repair"),
  version,
  repairNotes: requiredText("Write what was repaired or replaced.", 4000),
});

/** A measured value: blank is "not measured"; otherwise a number in a sane range. */
const measured = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const n = Number(v.replace(/,/g, ""));
    if (!Number.isFinite(n) || n < 0 || n > 100_000) {
      ctx.addIssue({ code: "custom", message: "Enter a number (0 to 100000), or leave it blank." });
      return z.NEVER;
    }
    return n;
  });

export const testSchema = z
  .object({
    intent: z.literal("test"),
    version,
    result: z.enum(["pass", "fail"], "Choose whether the unit passed the load test."),
    testNotes: optionalText(2000),
    ...Object.fromEntries(TEST_PARAMETERS.map((p) => [p.name, measured])),
  })
  .transform((v) => {
    const parameters: TestParameters = {};
    for (const p of TEST_PARAMETERS) {
      const value = (v as Record<string, unknown>)[p.name];
      if (typeof value === "number") parameters[p.name] = value;
    }
    return { intent: v.intent, version: v.version, result: v.result, testNotes: v.testNotes, parameters };
  });

export const photosSchema = z.object({
  intent: z.literal("photos"),
  version,
  idempotencyKey: intakeKey,
  caption: optionalText(200),
});

export const BENCH_INTENTS = ["move", "diagnosis", "estimate", "repair", "test", "photos"] as const;
export type BenchIntent = (typeof BENCH_INTENTS)[number];

export function isBenchIntent(value: unknown): value is BenchIntent {
  return isOneOf(BENCH_INTENTS, value);
}

export type MoveInput = z.output<typeof moveSchema>;
export type DiagnosisInput = z.output<typeof diagnosisSchema>;
export type EstimateInput = z.output<typeof estimateSchema>;
export type RepairInput = z.output<typeof repairSchema>;
export type TestInput = z.output<typeof testSchema>;
export type PhotosInput = z.output<typeof photosSchema>;


/** The workshop board's tabs (/admin/bench?stage=): the units in the workshop, each stage, or all. */
export const BENCH_STAGE_FILTERS = ["open", "received", "diagnosis", "estimate", "repair", "testing", "ready", "returned", "all"] as const;
export type BenchStageFilter = (typeof BENCH_STAGE_FILTERS)[number];

/** The board's filters from the address; a bad value is dropped (parseListQuery). */
export const benchListSchema = z.object({
  stage: z.enum(BENCH_STAGE_FILTERS).default("open"),
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type BenchListFilters = z.output<typeof benchListSchema>;
