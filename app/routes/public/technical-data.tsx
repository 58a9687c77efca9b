import { data } from "react-router";
import type { z } from "zod";
import { listEntries } from "~/.server/content/index.ts";
import { publicLibraryDocuments } from "~/.server/technical-library/documents.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import { ContactActions } from "~/components/contact-actions.tsx";
import { TriangleExclamationPointIcon } from "~/components/icons.tsx";
import { Button } from "~/components/ui/button.tsx";
import {
  TYPICAL_REACTANCE_OHM_PER_KM,
  cableVoltageDrop,
  cableVoltageDropFormula,
  cableVoltageDropSchema,
  capacitorKvar,
  capacitorKvarFormula,
  capacitorKvarSchema,
  conductorResistanceNote,
  conductorResistanceTable,
  formatNumber,
  hpToKw,
  hpToKwFormula,
  hpToKwSchema,
  kwToHp,
  kwToHpFormula,
  kwToHpSchema,
  motorFullLoadCurrent,
  motorFullLoadCurrentFormula,
  motorFullLoadCurrentSchema,
} from "~/lib/calculators.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import { useSite } from "~/lib/use-site.ts";
import type { Route } from "./+types/technical-data";
import { TitledSection } from "~/components/titled-section.tsx";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * /technical-data: drive fault-code tables (filtered by a GET form, on the server) and engineering
 * calculators (each a POST form to this route, computed by the action). Everything works without
 * JavaScript; the calculator code and Zod stay on the server (only the loader and action use them).
 */

const PATH = "/technical-data";

type CalcId = "motor-current" | "kw-to-hp" | "hp-to-kw" | "capacitor-kvar" | "voltage-drop";

// ── Loader: fault codes and what the calculator forms need ──────────────────

/** Lower-case words of a query, for "every word appears" matching. */
function queryWords(q: string): string[] {
  return q.toLowerCase().split(/\s+/).filter(Boolean);
}

/** "1. Do this\n2. Then that" -> ["Do this", "Then that"]. */
function remedySteps(remedy: string): string[] {
  return remedy
    .split("\n")
    .map((line) => line.trim().replace(/^\d+[.)]\s*/, ""))
    .filter(Boolean);
}

export async function loader({ url }: Route.LoaderArgs) {
  const [site, all, documents] = await Promise.all([getSiteSettings(), listEntries("fault-table"), publicLibraryDocuments()]);
  // Only the tables marked public in /admin/technical-library; technicians read the others in their portal.
  const tables = all.filter((t) => t.data.public);
  const brands = [...new Set(tables.map((t) => t.data.brand))];
  const requestedBrand = (url.searchParams.get("brand") ?? "").trim();
  const brand = brands.includes(requestedBrand) ? requestedBrand : "";
  const q = (url.searchParams.get("q") ?? "").trim().replace(/\s+/g, " ").slice(0, 100);
  const words = queryWords(q);

  const totalCodes = tables.reduce((sum, t) => sum + t.data.codes.length, 0);
  const shown = tables
    .filter((t) => !brand || t.data.brand === brand)
    .map((t) => {
      const codes = t.data.codes
        .filter((c) => {
          if (words.length === 0) return true;
          const haystack = `${c.code} ${c.name} ${c.causes}`.toLowerCase();
          return words.every((w) => haystack.includes(w));
        })
        // A code typed exactly as the keypad shows it comes first.
        .map((c, i) => ({ c, i, exact: c.code.toLowerCase() === q.toLowerCase() ? 0 : 1 }))
        .sort((a, b) => a.exact - b.exact || a.i - b.i)
        // Unfiltered, the page lists codes and names only (all causes and remedies would be some 60 KB gzip
        // on a phone); choosing a brand or a code brings the details.
        .map(({ c }) =>
          brand || q
            ? { code: c.code, name: c.name, causes: c.causes, steps: remedySteps(c.remedy) }
            : { code: c.code, name: c.name, causes: "", steps: [] as string[] },
        );
      return { slug: t.slug, brand: t.data.brand, series: t.data.series, source: t.data.source, codes };
    })
    .filter((t) => t.codes.length > 0);

  const search = new URLSearchParams();
  if (brand) search.set("brand", brand);
  if (q) search.set("q", q);

  return {
    brands,
    filter: { brand, q, search: search.size > 0 ? `?${search.toString()}` : "" },
    tables: shown,
    matchCount: shown.reduce((sum, t) => sum + t.codes.length, 0),
    totalCodes,
    tableCount: tables.length,
    // The manuals and datasheets marked public in /admin/technical-library/documents.
    documents: documents.map((d) => ({ id: d.id, title: d.title, brand: d.brand, model: d.model, kind: d.kind === "manual" ? "Manual" : "Datasheet", pages: d.pages, bytes: d.bytes, href: d.href })),
    formulas: {
      "motor-current": motorFullLoadCurrentFormula,
      "kw-to-hp": kwToHpFormula,
      "hp-to-kw": hpToKwFormula,
      "capacitor-kvar": capacitorKvarFormula,
      "voltage-drop": cableVoltageDropFormula,
    } satisfies Record<CalcId, string>,
    cables: conductorResistanceTable.map((row) => ({
      value: `${row.material}-${row.sizeMm2}`,
      material: row.material,
      label: `${formatNumber(row.sizeMm2, 1)} mm² ${row.material} (${row.r70OhmPerKm} Ω/km)`,
    })),
    cableNote: conductorResistanceNote,
    /** Prefilled values that come from the calculator module (kept out of the browser bundle). */
    initials: { reactanceOhmPerKm: String(TYPICAL_REACTANCE_OHM_PER_KM) } as Record<string, string>,
    meta: seo(site, {
      type: "tech-data",
      title: "Technical Data: Drive Fault Codes and Electrical Calculators",
      description: `Fault codes with causes and checks for ${brands.slice(0, 5).join(", ")} and other drives, plus calculators for motor current, kW to HP, capacitor kVAR and cable voltage drop.`,
      path: PATH,
      breadcrumbs: [{ name: "Technical data", path: PATH }],
    }),
  };
}

export const meta = routeMeta;

// ── Action: one calculator per POST, validated by its Zod schema ────────────

interface CalcResult {
  headline: { label: string; value: string };
  steps: Array<{ label: string; value: string }>;
  verdict?: { ok: boolean; message: string };
}

interface CalcOutcome {
  intent: CalcId | null;
  /** What was typed, returned so the form keeps it. */
  values: Record<string, string>;
  errors?: Record<string, string>;
  formError?: string;
  result?: CalcResult;
}

const FIELD_NAMES: Record<CalcId, string[]> = {
  "motor-current": ["phases", "powerKw", "voltageV", "powerFactor", "efficiency"],
  "kw-to-hp": ["powerKw"],
  "hp-to-kw": ["powerHp"],
  "capacitor-kvar": ["powerKw", "pfFrom", "pfTo"],
  "voltage-drop": [
    "phases",
    "currentA",
    "lengthM",
    "cable",
    "resistanceOhmPerKm",
    "reactanceOhmPerKm",
    "powerFactor",
    "voltageV",
    "limitPercent",
  ],
};

function isCalcId(value: string): value is CalcId {
  return Object.hasOwn(FIELD_NAMES, value);
}

function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

const num = (value: number, decimals = 3) => formatNumber(value, decimals);

function calculate(intent: CalcId, values: Record<string, string>): { errors: Record<string, string> } | { result: CalcResult } {
  switch (intent) {
    case "motor-current": {
      const parsed = motorFullLoadCurrentSchema.safeParse(values);
      if (!parsed.success) return { errors: fieldErrors(parsed.error) };
      const r = motorFullLoadCurrent(parsed.data);
      const { powerKw, voltageV, powerFactor, efficiency, phases } = parsed.data;
      return {
        result: {
          headline: { label: "Full-load current", value: `${r.display.currentA} A` },
          steps: [
            { label: "Formula", value: r.formula },
            {
              label: phases === 3 ? "√3 × V × PF × η" : "V × PF × η",
              value: `${phases === 3 ? "1.732 × " : ""}${num(voltageV)} × ${num(powerFactor)} × ${num(efficiency)} = ${num(r.denominator, 2)} V`,
            },
            { label: "P × 1000", value: `${num(powerKw * 1000, 1)} W` },
            { label: "I", value: `${num(powerKw * 1000, 1)} ÷ ${num(r.denominator, 2)} = ${num(r.currentA, 2)} A` },
            { label: "Input power P ÷ η", value: `${r.display.inputPowerKw} kW` },
            { label: "Apparent power", value: `${r.display.apparentPowerKva} kVA` },
          ],
        },
      };
    }
    case "kw-to-hp": {
      const parsed = kwToHpSchema.safeParse(values);
      if (!parsed.success) return { errors: fieldErrors(parsed.error) };
      const r = kwToHp(parsed.data);
      return {
        result: {
          headline: { label: "Power", value: `${r.display.powerHp} HP` },
          steps: [{ label: "HP = kW ÷ 0.746", value: `${num(r.powerKw)} ÷ ${r.kwPerHp} = ${num(r.powerHp)} HP` }],
        },
      };
    }
    case "hp-to-kw": {
      const parsed = hpToKwSchema.safeParse(values);
      if (!parsed.success) return { errors: fieldErrors(parsed.error) };
      const r = hpToKw(parsed.data);
      return {
        result: {
          headline: { label: "Power", value: `${r.display.powerKw} kW` },
          steps: [{ label: "kW = HP × 0.746", value: `${num(r.powerHp)} × ${r.kwPerHp} = ${num(r.powerKw)} kW` }],
        },
      };
    }
    case "capacitor-kvar": {
      const parsed = capacitorKvarSchema.safeParse(values);
      if (!parsed.success) return { errors: fieldErrors(parsed.error) };
      const r = capacitorKvar(parsed.data);
      return {
        result: {
          headline: { label: "Capacitor rating", value: `${r.display.kvar} kVAR` },
          steps: [
            { label: "tan φ₁ (present)", value: num(r.tanPhiFrom) },
            { label: "tan φ₂ (target)", value: num(r.tanPhiTo) },
            { label: "Multiplying factor tan φ₁ − tan φ₂", value: r.display.multiplier },
            { label: "Reactive power before / after", value: `${num(r.reactiveFromKvar, 1)} / ${num(r.reactiveToKvar, 1)} kVAR` },
            { label: "Apparent power before / after", value: `${r.display.apparentFromKva} / ${r.display.apparentToKva} kVA` },
          ],
        },
      };
    }
    case "voltage-drop": {
      const errors: Record<string, string> = {};
      const input: Record<string, string> = { ...values };
      const cable = values["cable"] ?? "";
      const row = conductorResistanceTable.find((r) => `${r.material}-${r.sizeMm2}` === cable);
      if (cable && !row) errors["cable"] = "Choose a cable size from the list, or enter R and X yourself";
      if (row) input["resistanceOhmPerKm"] = String(row.r70OhmPerKm);
      if ((input["reactanceOhmPerKm"] ?? "").trim() === "") input["reactanceOhmPerKm"] = String(TYPICAL_REACTANCE_OHM_PER_KM);
      const parsed = cableVoltageDropSchema.safeParse(input);
      if (!parsed.success || Object.keys(errors).length > 0) {
        return { errors: { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...errors } };
      }
      const r = cableVoltageDrop(parsed.data);
      const { currentA, resistanceOhmPerKm, reactanceOhmPerKm, voltageV } = parsed.data;
      const source = row ? ` (${formatNumber(row.sizeMm2, 1)} mm² ${row.material}, from the table)` : "";
      return {
        result: {
          headline: { label: "Voltage drop", value: `${r.display.dropV} V (${r.display.dropPercent} %)` },
          steps: [
            { label: "Formula", value: r.formula },
            { label: "R", value: `${num(resistanceOhmPerKm, 4)} Ω/km${source}` },
            { label: "X", value: `${num(reactanceOhmPerKm, 4)} Ω/km` },
            { label: "cos φ / sin φ", value: `${num(r.cosPhi)} / ${num(r.sinPhi)}` },
            { label: "R cos φ + X sin φ", value: `${num(r.effectiveImpedanceOhmPerKm, 4)} Ω/km` },
            { label: "L", value: `${num(r.lengthKm, 4)} km` },
            {
              label: "ΔV",
              value: `${r.phaseFactor === 2 ? "2" : "1.732"} × ${num(currentA, 2)} × ${num(r.lengthKm, 4)} × ${num(r.effectiveImpedanceOhmPerKm, 4)} = ${r.display.dropV} V`,
            },
            { label: "ΔV %", value: `${r.display.dropV} ÷ ${num(voltageV)} × 100 = ${r.display.dropPercent} %` },
            { label: "Voltage at the load", value: `${r.display.receivingEndV} V` },
          ],
          verdict: { ok: r.verdict.withinLimit, message: r.verdict.message },
        },
      };
    }
  }
}

export async function action({ request }: Route.ActionArgs) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<CalcOutcome>({ intent: null, values: {}, formError: "The form could not be read. Please try again." }, 400);
  }
  const intent = String(form.get("intent") ?? "");
  if (!isCalcId(intent)) {
    return data<CalcOutcome>({ intent: null, values: {}, formError: "Choose a calculator and fill in its form." }, 400);
  }
  const values: Record<string, string> = {};
  for (const name of FIELD_NAMES[intent]) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value.trim().slice(0, 40) : "";
  }
  const outcome = calculate(intent, values);
  if ("errors" in outcome) return data<CalcOutcome>({ intent, values, errors: outcome.errors }, 400);
  return data<CalcOutcome>({ intent, values, result: outcome.result });
}

// ── Page ────────────────────────────────────────────────────────────────────

interface FieldDef {
  name: string;
  label: string;
  hint?: string;
  /** Prefilled before the first calculation. */
  initial?: string;
  kind?: "phases" | "cable";
}

interface CalcDef {
  id: CalcId;
  title: string;
  intro: string;
  submit: string;
  fields: FieldDef[];
}

const PHASES_FIELD: FieldDef = { name: "phases", label: "Supply", kind: "phases", initial: "3" };

const CALCULATORS: CalcDef[] = [
  {
    id: "motor-current",
    title: "Motor full-load current",
    intro: "Line current of a motor at rated output, to check a nameplate, size an overload relay or compare with the current a drive shows.",
    submit: "Calculate current",
    fields: [
      PHASES_FIELD,
      { name: "powerKw", label: "Rated output power (kW)", hint: "Shaft power from the nameplate, e.g. 15" },
      {
        name: "voltageV",
        label: "Supply voltage (V)",
        hint: "Line-to-line for three-phase (e.g. 415), phase-to-neutral for single-phase (e.g. 230)",
        initial: "415",
      },
      { name: "powerFactor", label: "Power factor (cos φ)", hint: "From the nameplate, typically 0.8 to 0.9" },
      { name: "efficiency", label: "Efficiency (fraction)", hint: "0.9 for 90 %" },
    ],
  },
  {
    id: "kw-to-hp",
    title: "kW to HP",
    intro: "Mechanical horsepower, as on Indian motor nameplates.",
    submit: "Convert to HP",
    fields: [{ name: "powerKw", label: "Power (kW)" }],
  },
  {
    id: "hp-to-kw",
    title: "HP to kW",
    intro: "Mechanical horsepower to kilowatts.",
    submit: "Convert to kW",
    fields: [{ name: "powerHp", label: "Power (HP)" }],
  },
  {
    id: "capacitor-kvar",
    title: "Capacitor kVAR for power-factor correction",
    intro: "Capacitor bank rating needed to raise the power factor of a load, as used to size an APFC panel.",
    submit: "Calculate kVAR",
    fields: [
      { name: "powerKw", label: "Active load (kW)", hint: "Average kW demand, from the meter or bill" },
      { name: "pfFrom", label: "Present power factor", hint: "e.g. 0.7" },
      { name: "pfTo", label: "Target power factor", hint: "e.g. 0.95 or 0.99", initial: "0.95" },
    ],
  },
  {
    id: "voltage-drop",
    title: "Cable voltage drop",
    intro: "Voltage drop along a cable run, checked against a limit (5 % is common for power circuits, 3 % for lighting).",
    submit: "Calculate voltage drop",
    fields: [
      PHASES_FIELD,
      { name: "currentA", label: "Load current (A)" },
      { name: "lengthM", label: "Route length, one way (m)" },
      { name: "cable", label: "Cable size", kind: "cable", hint: "Typical R at 70 °C for PVC cables; choose “Enter R and X below” to type your own" },
      {
        name: "resistanceOhmPerKm",
        label: "Conductor resistance R (Ω/km)",
        hint: "Used only when no cable size is chosen; from the cable maker's datasheet",
      },
      {
        name: "reactanceOhmPerKm",
        label: "Reactance X (Ω/km)",
        hint: "0.08 is typical for LV multicore cables",
      },
      { name: "powerFactor", label: "Load power factor (cos φ)", hint: "e.g. 0.85" },
      {
        name: "voltageV",
        label: "Supply voltage (V)",
        hint: "Line-to-line for three-phase, phase-to-neutral for single-phase",
        initial: "415",
      },
      { name: "limitPercent", label: "Allowed drop (%)", initial: "5" },
    ],
  },
];

const INPUT_CLASS =
  "mt-1 block h-11 w-full rounded-md border bg-white px-3 text-slate-900 dark:bg-slate-900 dark:text-slate-100";

type Cables = Route.ComponentProps["loaderData"]["cables"];

function Field({
  calcId,
  field,
  value,
  error,
  cables,
}: {
  calcId: CalcId;
  field: FieldDef;
  value: string;
  error: string | undefined;
  cables: Cables;
}) {
  const id = `${calcId}-${field.name}`;
  const hintId = field.hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  const border = error ? "border-red-700 dark:border-red-400" : "border-slate-400 dark:border-slate-500";
  const common = {
    id,
    name: field.name,
    defaultValue: value,
    "aria-describedby": describedBy,
    "aria-invalid": error ? (true as const) : undefined,
    className: `${INPUT_CLASS} ${border}`,
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {field.label}
      </label>
      {field.kind === "phases" ? (
        <select {...common}>
          <option value="3">Three-phase</option>
          <option value="1">Single-phase</option>
        </select>
      ) : field.kind === "cable" ? (
        <select {...common}>
          <option value="">Enter R and X below</option>
          {(["copper", "aluminium"] as const).map((material) => (
            <optgroup key={material} label={material === "copper" ? "Copper" : "Aluminium"}>
              {cables
                .filter((c) => c.material === material)
                .map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      ) : (
        <input {...common} type="text" inputMode="decimal" autoComplete="off" />
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {field.hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {field.hint}
        </p>
      )}
    </div>
  );
}

function Calculator({
  calc,
  formula,
  outcome,
  formAction,
  cables,
  cableNote,
  initials,
}: {
  calc: CalcDef;
  formula: string;
  outcome: CalcOutcome | undefined;
  formAction: string;
  cables: Cables;
  cableNote: string;
  initials: Record<string, string>;
}) {
  const submitted = outcome?.intent === calc.id ? outcome : undefined;
  const errors = submitted?.errors ?? {};
  const result = submitted?.result;
  const errorCount = Object.keys(errors).length;
  return (
    <section
      id={calc.id}
      aria-labelledby={`${calc.id}-heading`}
      className="scroll-mt-4 rounded-lg border border-slate-200 p-5 dark:border-slate-800"
    >
      <h3 id={`${calc.id}-heading`} className="text-xl font-semibold">
        {calc.title}
      </h3>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{calc.intro}</p>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        <span className="font-semibold">Formula: </span>
        {formula}
      </p>
      {calc.id === "voltage-drop" && <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{cableNote}</p>}
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <IntentForm intent={calc.id} action={formAction} key={submitted ? "submitted" : "initial"} className="space-y-4">
          {errorCount > 0 && (
            <p className="text-sm font-semibold text-red-700 dark:text-red-400">
              Please correct the {errorCount === 1 ? "value" : `${errorCount} values`} marked below.
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            {calc.fields.map((field) => (
              <Field
                key={field.name}
                calcId={calc.id}
                field={field}
                value={submitted ? (submitted.values[field.name] ?? "") : (initials[field.name] ?? field.initial ?? "")}
                error={errors[field.name]}
                cables={cables}
              />
            ))}
          </div>
          <Button
            type="submit"
          >
            {calc.submit}
          </Button>
        </IntentForm>
        {result && (
          <div
            aria-labelledby={`${calc.id}-result-heading`}
            role="group"
            className="rounded-lg bg-slate-50 p-5 dark:bg-slate-900"
          >
            <h4 id={`${calc.id}-result-heading`} className="text-sm font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300">
              Result
            </h4>
            <p className="mt-1 text-2xl font-bold">
              {result.headline.label}: <span className="text-accent-600 dark:text-accent-400">{result.headline.value}</span>
            </p>
            {result.verdict && (
              <p
                className={`mt-2 font-semibold ${result.verdict.ok ? "text-green-800 dark:text-green-400" : "text-red-700 dark:text-red-400"}`}
              >
                {result.verdict.message}
              </p>
            )}
            <dl className="mt-3 space-y-1 text-sm text-slate-700 dark:text-slate-300">
              {result.steps.map((step) => (
                <div key={step.label}>
                  <dt className="inline font-semibold">{step.label}: </dt>
                  <dd className="inline">{step.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        )}
      </div>
    </section>
  );
}

const LINK = "font-medium text-brand-700 underline dark:text-sky-300";

export default function TechnicalData({ loaderData, actionData }: Route.ComponentProps) {
  const { brands, filter, tables, matchCount, totalCodes, tableCount, formulas, cables, cableNote, initials } = loaderData;
  const { identity } = useSite();
  const filtered = filter.brand !== "" || filter.q !== "";
  const scope = `${filter.q ? ` “${filter.q}”` : ""}${filter.brand ? ` for ${filter.brand}` : ""}`;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs trail={[{ name: "Technical data", path: PATH }]} />
      <header className="mt-4 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Technical data for maintenance technicians</h1>
        <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">
          Look up what a drive's fault code means and what to check, in order, and work out motor current, kW and HP,
          capacitor kVAR and cable voltage drop. The figures are for estimates and fault-finding; the manufacturer's
          manual and the cable maker's datasheet govern.
        </p>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          If a fault keeps coming back or the drive is damaged, our workshop repairs it at component level: see{" "}
          <a href="/services/vfd-repair" className={LINK}>
            VFD repair
          </a>{" "}
          or{" "}
          <a href="/request" className={LINK}>
            raise a service request
          </a>
          .
        </p>
      </header>

      <section
        aria-labelledby="safety-heading"
        className="mt-6 max-w-3xl rounded-lg border border-orange-300 bg-orange-50 p-5 dark:border-orange-900 dark:bg-slate-900"
      >
        <h2 id="safety-heading" className="flex items-center gap-2 text-lg font-semibold">
          <TriangleExclamationPointIcon className="size-5 text-accent-600 dark:text-accent-400" aria-hidden="true" />
          Safety before you touch a drive
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-700 dark:text-slate-300">
          <li>Isolate the supply and lock it off.</li>
          <li>
            Wait for the DC-bus discharge time printed on the drive's label: the capacitors stay charged after the display
            goes dark.
          </li>
          <li>Prove the DC bus and the terminals dead with a tested meter before you touch anything.</li>
        </ol>
      </section>

      <nav aria-label="On this page" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {[{ id: "fault-codes", title: "Drive fault codes" }, ...CALCULATORS].map((item) => (
            <li key={item.id}>
              <a
                href={`#${item.id}`}
                className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
              >
                {item.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <TitledSection id="fault-codes" headingId="fault-codes-heading" className="mt-10 scroll-mt-4" headingClassName="text-2xl font-bold" title="Drive fault codes">
        <p className="mt-1 max-w-3xl text-slate-700 dark:text-slate-300">
          Codes as the keypad shows them, with the usual causes and the checks to make. Codes differ between series and
          firmware versions: each table names the manual to verify against.
        </p>
        <form
          method="get"
          action={`${PATH}#fault-codes`}
          role="search"
          aria-label="Fault codes"
          key={filter.search}
          className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <div>
            <label htmlFor="fault-brand" className="block text-sm font-semibold">
              Brand
            </label>
            <select
              id="fault-brand"
              name="brand"
              defaultValue={filter.brand}
              className={`${INPUT_CLASS} border-slate-400 sm:w-64 dark:border-slate-500`}
            >
              <option value="">All brands</option>
              {brands.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </select>
          </div>
          <div className="sm:flex-1">
            <label htmlFor="fault-q" className="block text-sm font-semibold">
              Fault code or words
            </label>
            <input
              id="fault-q"
              type="search"
              name="q"
              defaultValue={filter.q}
              maxLength={100}
              placeholder="e.g. F0001 or overcurrent"
              className={`${INPUT_CLASS} border-slate-400 placeholder:text-slate-500 dark:border-slate-500 dark:placeholder:text-slate-400`}
            />
          </div>
          <div className="flex items-center gap-3">
            <Button
              type="submit"
            >
              Search codes
            </Button>
            {filtered && (
              <a href={`${PATH}#fault-codes`} className={LINK}>
                Show all codes
              </a>
            )}
          </div>
        </form>

        {filtered && matchCount === 0 ? (
          <div id="fault-count" className="mt-4 max-w-3xl rounded-lg border border-slate-200 p-5 dark:border-slate-800">
            <p className="font-semibold">No fault codes match{scope}.</p>
            <p className="mt-1 text-slate-700 dark:text-slate-300">
              Check the code as the keypad shows it, try a word from the message (for example overvoltage), or choose All
              brands. For a code we do not list,{" "}
              <a href="/request?service=vfd-repair" className={LINK}>
                ask our engineers
              </a>
              .
            </p>
          </div>
        ) : (
          <p id="fault-count" className="mt-4 font-semibold">
            {filtered
              ? `${matchCount} ${matchCount === 1 ? "code matches" : "codes match"}${scope}`
              : `${totalCodes} fault codes from ${tableCount} drive families. Choose a brand or search to narrow the list.`}
          </p>
        )}

        <div className="mt-6 space-y-8">
          {tables.map((table) => (
            <section key={table.slug} aria-labelledby={`table-${table.slug}`}>
              <h3 id={`table-${table.slug}`} className="text-xl font-semibold">
                {table.brand}
              </h3>
              <p className="mt-1 text-slate-700 dark:text-slate-300">
                <span className="font-semibold">Series: </span>
                {table.series}
              </p>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                <span className="font-semibold">Source: </span>
                {table.source}
              </p>
              {!filtered ? (
                <ul className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
                  {table.codes.map((c) => (
                    <li key={c.code}>
                      <a
                        href={`?brand=${encodeURIComponent(table.brand)}&q=${encodeURIComponent(c.code)}`}
                        className="inline-block py-1 text-brand-700 underline-offset-2 hover:underline dark:text-sky-300"
                      >
                        <span className="font-mono font-bold">{c.code}</span> {c.name}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : (
              <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
                {table.codes.map((c) => (
                  <li key={c.code}>
                    <details open={filter.q !== ""} className="group p-4">
                      <summary className="cursor-pointer">
                        <span className="font-mono font-bold">{c.code}</span> <span className="font-semibold">{c.name}</span>
                      </summary>
                      <div className="mt-3 space-y-3 text-sm text-slate-700 dark:text-slate-300">
                        <p>
                          <span className="font-semibold text-slate-900 dark:text-slate-100">Causes: </span>
                          {c.causes}
                        </p>
                        <div>
                          <p className="font-semibold text-slate-900 dark:text-slate-100">What to check, in order:</p>
                          <ol className="mt-1 list-decimal space-y-1 pl-5">
                            {c.steps.map((step, i) => (
                              <li key={`${i}:${step}`}>{step}</li>
                            ))}
                          </ol>
                        </div>
                      </div>
                    </details>
                  </li>
                ))}
              </ul>
              )}
            </section>
          ))}
        </div>
      </TitledSection>

      {loaderData.documents.length > 0 && (
        <TitledSection id="manuals" headingId="manuals-heading" className="mt-12 scroll-mt-4" headingClassName="text-2xl font-bold" title="Manuals and datasheets">
          <p className="mt-1 max-w-3xl text-slate-700 dark:text-slate-300">The manufacturers&apos; documents we keep for the drives and controllers we repair, as PDF.</p>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {loaderData.documents.map((d) => (
              <li key={d.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
                <a href={d.href} className={`${LINK} font-semibold`}>
                  {d.title}
                </a>
                <span className="block text-sm text-slate-700 dark:text-slate-300">
                  {d.kind} · {d.brand} {d.model} · PDF, {d.pages} {d.pages === 1 ? "page" : "pages"}, {d.bytes < 1024 * 1024 ? `${Math.max(1, Math.round(d.bytes / 1024))} KB` : `${(d.bytes / (1024 * 1024)).toFixed(1)} MB`}
                </span>
              </li>
            ))}
          </ul>
        </TitledSection>
      )}

      <TitledSection id="calculators" headingId="calculators-heading" className="mt-12 scroll-mt-4" headingClassName="text-2xl font-bold" title="Calculators">
        <p className="mt-1 max-w-3xl text-slate-700 dark:text-slate-300">
          Each result shows the formula and the intermediate values, so you can check the working.
        </p>
        {actionData?.formError && (
          <p className="mt-3 font-semibold text-red-700 dark:text-red-400">{actionData.formError}</p>
        )}
        <div className="mt-6 space-y-8">
          {CALCULATORS.map((calc) => (
            <Calculator
              key={calc.id}
              calc={calc}
              formula={formulas[calc.id]}
              outcome={actionData}
              formAction={`${PATH}${filter.search}#${calc.id}`}
              cables={cables}
              cableNote={cableNote}
              initials={initials}
            />
          ))}
        </div>
      </TitledSection>

      <TitledSection headingId="help-heading" className="mt-12 rounded-lg border border-orange-200 bg-orange-50 p-6 dark:border-orange-900 dark:bg-slate-900" headingClassName="text-lg font-semibold" title="Drive still tripping?">
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Our engineers repair VFDs, servo and DC drives at component level and test them at load.{" "}
          <a href="/services/vfd-repair" className={LINK}>
            About VFD repair
          </a>
          .
        </p>
        <div className="mt-4">
          <ContactActions
            identity={identity}
            requestHref="/request?service=vfd-repair"
            whatsappText="Hello, my drive shows a fault code and I need help."
          />
        </div>
      </TitledSection>
    </div>
  );
}
