import { z } from "zod";
import { optionalText, requiredText } from "~/lib/forms/fields.ts";
import { changedMeanwhile } from "~/lib/forms/stale.ts";
import { hsnSacProblem, rupeesField } from "~/lib/money/gst.ts";
import { SERVICE_CATEGORIES } from "~/lib/settings-schema.ts";
import { serviceSlug } from "~/lib/slug.ts";

/**
 * The service catalogue's forms and filters (/admin/services, /admin/services/new, /admin/services/{slug}): one
 * schema per form, shared by the server (parseForm, parseListQuery) and the browser. A service is a content
 * entry of kind "service" (~/.server/content): what is saved here is what the home catalogue, the service
 * page, the site search, the sitemap and the quotes' reference band read.
 */

export const STALE_SERVICE_MESSAGE = changedMeanwhile("service");

/** How many questions and answers a service page carries, each a pair of fields on the form. */
export const MAX_SERVICE_FAQS = 8;

// ── The list ─────────────────────────────────────────────────────────────────────────────────────

export const SERVICE_FILTERS = [
  { value: "all", label: "All" },
  { value: "shown", label: "Shown" },
  { value: "hidden", label: "Hidden" },
] as const;
export type ServiceFilter = (typeof SERVICE_FILTERS)[number]["value"];

export const serviceListSchema = z.object({
  show: z.enum(SERVICE_FILTERS.map((f) => f.value)).default("all"),
  /** Part of a name or slug. */
  q: z.string().trim().min(1).max(100).optional(),
  category: z.enum(SERVICE_CATEGORIES).optional().catch(undefined),
});
export type ServiceListFilters = z.output<typeof serviceListSchema>;

// ── The add and edit forms ───────────────────────────────────────────────────────────────────────

export const sacCode = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    const code = (v ?? "").replace(/\s+/g, "");
    if (!code) return undefined;
    const problem = hsnSacProblem(code) ?? (code.startsWith("99") ? null : "A SAC code (services) starts with 99, e.g. 998719");
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return code;
  });

export const optionalRupees = (label: string) => {
  const rupees = rupeesField(`Enter ${label.toLowerCase()} in rupees`, label);
  return z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const parsed = rupees.safeParse(v);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? `Enter ${label.toLowerCase()} in rupees` });
      return z.NEVER;
    });
};

const faqFields = Object.fromEntries(
  Array.from({ length: MAX_SERVICE_FAQS }, (_, i) => [
    [`faqQuestion${i}`, optionalText(300)],
    [`faqAnswer${i}`, optionalText(2000)],
  ]).flat(),
) as Record<`faqQuestion${number}` | `faqAnswer${number}`, ReturnType<typeof optionalText>>;

const checkbox = z
  .union([z.literal(["yes", "on"]), z.literal("")])
  .optional()
  .transform((v) => v === "yes" || v === "on");

/** One item per line (blank lines dropped), as the service page lists them. */
const lines = (max: number) =>
  optionalText(4000).transform((v) =>
    (v ?? "")
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean)
      .slice(0, max),
  );

const serviceFields = {
  name: requiredText("Name the service, e.g. VFD repair.", 120),
  category: z.enum(SERVICE_CATEGORIES, "Choose the service's category."),
  summary: requiredText("Describe the service in a sentence or two: it is the card's text on the home page.", 400),
  body: optionalText(20_000),
  turnaround: optionalText(120),
  brands: lines(40),
  faults: lines(40),
  deliverables: lines(40),
  sac: sacCode,
  bandMin: optionalRupees("The lowest indicative price"),
  bandMax: optionalRupees("The highest indicative price"),
  shown: checkbox,
  /** The place slugs ticked ("city:<slug>" checkboxes, gathered before the schema). None: every city we serve. */
  cities: z.array(z.string().max(80)).max(200),
  ...faqFields,
};

type Raw = z.output<z.ZodObject<typeof serviceFields>>;

/** The form's checkboxes "city:<slug>" as one list, before the schema sees them. */
function gatherCities(input: unknown): unknown {
  if (!input || typeof input !== "object") return input;
  const fields = input as Record<string, unknown>;
  return { ...fields, cities: Object.keys(fields).filter((k) => k.startsWith("city:") && fields[k]).map((k) => k.slice("city:".length)) };
}

/** The question and answer fields of pair i. */
const faqPair = (v: Raw, i: number) => {
  const fields = v as unknown as Record<string, string | undefined>;
  return { q: fields[`faqQuestion${i}`], a: fields[`faqAnswer${i}`] };
};

function refineService(v: Raw, ctx: z.RefinementCtx) {
  if ((v.bandMin === undefined) !== (v.bandMax === undefined)) {
    const missing = v.bandMin === undefined ? "bandMin" : "bandMax";
    ctx.addIssue({ code: "custom", path: [missing], message: "Give both ends of the band, or neither (the category's band is used then)." });
  } else if (v.bandMin !== undefined && v.bandMax !== undefined && v.bandMin > v.bandMax) {
    ctx.addIssue({ code: "custom", path: ["bandMax"], message: "The highest price is below the lowest: check the figures." });
  }
  if (!serviceSlug(v.name)) ctx.addIssue({ code: "custom", path: ["name"], message: "The name needs letters or digits: its address is made from them." });
  for (let i = 0; i < MAX_SERVICE_FAQS; i++) {
    const { q, a } = faqPair(v, i);
    if (q && !a) ctx.addIssue({ code: "custom", path: [`faqAnswer${i}`], message: "Answer the question, or clear it." });
    if (a && !q) ctx.addIssue({ code: "custom", path: [`faqQuestion${i}`], message: "Write the question this answers, or clear the answer." });
  }
}

export interface ServiceInput {
  name: string;
  category: (typeof SERVICE_CATEGORIES)[number];
  summary: string;
  body: string;
  turnaround: string;
  brands: string[];
  faults: string[];
  deliverables: string[];
  sac?: string;
  band?: { minPaise: number; maxPaise: number };
  shown: boolean;
  cities: string[];
  faqs: Array<{ question: string; answer: string }>;
}

function toInput(v: Raw): ServiceInput {
  const faqs: ServiceInput["faqs"] = [];
  for (let i = 0; i < MAX_SERVICE_FAQS; i++) {
    const { q: question, a: answer } = faqPair(v, i);
    if (question && answer) faqs.push({ question, answer });
  }
  return {
    name: v.name,
    category: v.category,
    summary: v.summary,
    body: v.body ?? "",
    turnaround: v.turnaround ?? "",
    brands: v.brands,
    faults: v.faults,
    deliverables: v.deliverables,
    sac: v.sac,
    band: v.bandMin !== undefined && v.bandMax !== undefined ? { minPaise: v.bandMin, maxPaise: v.bandMax } : undefined,
    shown: v.shown,
    cities: [...new Set(v.cities)],
    faqs,
  };
}

export const newServiceSchema = z.preprocess(gatherCities, z.object(serviceFields).superRefine(refineService).transform(toInput));

const version = z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again.");

/** The home page's order: 1 is first. */
const position = z.coerce.number("Enter the place as a number, e.g. 1 for first.").int("Enter a whole number, e.g. 3.").min(1, "1 is the first place.").max(999, "Enter a place up to 999.");

export const editServiceSchema = z.preprocess(
  gatherCities,
  z
    .object({ intent: z.literal("edit"), version, position, ...serviceFields })
    .superRefine(refineService)
    .transform((v) => ({ version: v.version, position: v.position, ...toInput(v) })),
);
export type EditServiceInput = z.output<typeof editServiceSchema>;

/** Show / hide on the site: a button with the version it was drawn on. */
export const SERVICE_STATE_INTENTS = ["show", "hide"] as const;
export type ServiceStateIntent = (typeof SERVICE_STATE_INTENTS)[number];
export const serviceStateSchema = z.object({ intent: z.enum(SERVICE_STATE_INTENTS), version });

export function isServiceIntent(v: unknown): v is "edit" | ServiceStateIntent {
  return v === "edit" || (SERVICE_STATE_INTENTS as readonly unknown[]).includes(v);
}
