import { z } from "zod";

/**
 * Engineering calculators for the /technical-data pages. Pure, dependency-free (apart from Zod for the
 * form schemas) and shared by the browser and the server: a form validates its fields with the schema,
 * then calls the function with the parsed values.
 *
 * Every schema coerces numeric strings (what an HTML form submits) to numbers and carries one plain
 * message per field, shown beside that field. Functions return raw numbers, the intermediate values a
 * page shows next to the formula, and a `display` record of the same values rounded for reading.
 */

// ── Shared helpers ──────────────────────────────────────────────────────────

const SQRT3 = Math.sqrt(3);

/** Mechanical (imperial) horsepower, as on Indian motor nameplates: 1 HP = 0.746 kW (exactly 0.7457). */
export const KW_PER_HP = 0.746;

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats a number for display with Indian digit grouping (12,34,567.89). Trailing zeros are dropped
 * unless `minimumFractionDigits` asks for them.
 */
export function formatNumber(value: number, maximumFractionDigits = 2, minimumFractionDigits = 0): string {
  if (!Number.isFinite(value)) return "–";
  const min = Math.min(minimumFractionDigits, maximumFractionDigits);
  const key = `${maximumFractionDigits}:${min}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-IN", { maximumFractionDigits, minimumFractionDigits: min });
    formatters.set(key, formatter);
  }
  return formatter.format(value);
}

/** Rounds to a number of decimal places (half away from zero). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * factor + Number.EPSILON)) / factor;
}

/**
 * Decimal places that read sensibly for an engineering result: about three significant figures, never
 * fewer than whole units (124.8 A -> "125", 27.28 A -> "27.3", 8.511 V -> "8.51", 0.4631 -> "0.463").
 */
export function sensibleDecimals(value: number): number {
  const magnitude = Math.abs(value);
  if (magnitude >= 100) return 0;
  if (magnitude >= 10) return 1;
  if (magnitude >= 1) return 2;
  return 3;
}

/** formatNumber with sensibleDecimals: the way results are shown on the calculator pages. */
export function formatResult(value: number): string {
  return formatNumber(value, sensibleDecimals(value));
}

/** A number field from a form: numeric strings are accepted, anything else fails with `message`. */
function numberField(message: string, min: number, max: number) {
  return z.coerce.number({ error: message }).min(min, message).max(max, message);
}

/** A power factor or efficiency: greater than 0 (or a given minimum) and at most 1. */
function fractionField(message: string, min?: number) {
  const base = z.coerce.number({ error: message });
  return (min === undefined ? base.gt(0, message) : base.min(min, message)).max(1, message);
}

function phasesField() {
  const message = "Choose 1 (single-phase) or 3 (three-phase)";
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
    z.literal([1, 3], { error: message }),
  );
}

// ── Motor full-load current ─────────────────────────────────────────────────

export const motorFullLoadCurrentFormula =
  "Three-phase: I = P × 1000 ÷ (√3 × V × PF × η). Single-phase: I = P × 1000 ÷ (V × PF × η). " +
  "P is the rated output (shaft) power in kW, V the line-to-line voltage (phase-to-neutral for single-phase), " +
  "PF the power factor and η the efficiency as a fraction.";

export const motorFullLoadCurrentSchema = z.object({
  powerKw: numberField("Enter the motor output power in kW, between 0.01 and 10,000", 0.01, 10_000),
  voltageV: numberField("Enter the supply voltage in volts, between 100 and 11,000", 100, 11_000),
  powerFactor: fractionField("Enter the power factor, between 0.1 and 1", 0.1),
  efficiency: fractionField("Enter the efficiency as a fraction between 0.1 and 1 (0.9 for 90 %)", 0.1),
  phases: phasesField(),
});

export type MotorFullLoadCurrentInput = z.output<typeof motorFullLoadCurrentSchema>;

export interface MotorFullLoadCurrentResult {
  /** Line current drawn at rated output, in amperes. */
  currentA: number;
  /** Electrical input power P ÷ η, in kW. */
  inputPowerKw: number;
  /** Apparent power P ÷ (η × PF), in kVA. */
  apparentPowerKva: number;
  /** √3 for three-phase, 1 for single-phase. */
  phaseFactor: number;
  /** The divisor √3 × V × PF × η (or V × PF × η), in volts. */
  denominator: number;
  /** The formula for the chosen number of phases. */
  formula: string;
  display: { currentA: string; inputPowerKw: string; apparentPowerKva: string };
}

/** Full-load line current of a motor from its output power, voltage, power factor and efficiency. */
export function motorFullLoadCurrent(input: MotorFullLoadCurrentInput): MotorFullLoadCurrentResult {
  const { powerKw, voltageV, powerFactor, efficiency, phases } = input;
  const phaseFactor = phases === 3 ? SQRT3 : 1;
  const denominator = phaseFactor * voltageV * powerFactor * efficiency;
  const currentA = (powerKw * 1000) / denominator;
  const inputPowerKw = powerKw / efficiency;
  const apparentPowerKva = inputPowerKw / powerFactor;
  return {
    currentA,
    inputPowerKw,
    apparentPowerKva,
    phaseFactor,
    denominator,
    formula: phases === 3 ? "I = P × 1000 ÷ (√3 × V × PF × η)" : "I = P × 1000 ÷ (V × PF × η)",
    display: {
      currentA: formatResult(currentA),
      inputPowerKw: formatResult(inputPowerKw),
      apparentPowerKva: formatResult(apparentPowerKva),
    },
  };
}

// ── kW and HP ───────────────────────────────────────────────────────────────

export const kwToHpFormula = "HP = kW ÷ 0.746 (mechanical, or imperial, horsepower; 1 HP = 0.746 kW)";
export const hpToKwFormula = "kW = HP × 0.746 (mechanical, or imperial, horsepower; 1 HP = 0.746 kW)";

export const kwToHpSchema = z.object({
  powerKw: numberField("Enter the power in kW, between 0.01 and 10,000", 0.01, 10_000),
});

export const hpToKwSchema = z.object({
  powerHp: numberField("Enter the power in HP, between 0.01 and 13,400", 0.01, 13_400),
});

export type KwToHpInput = z.output<typeof kwToHpSchema>;
export type HpToKwInput = z.output<typeof hpToKwSchema>;

export interface PowerConversionResult {
  powerKw: number;
  powerHp: number;
  /** kW per HP used for the conversion (0.746). */
  kwPerHp: number;
  formula: string;
  display: { powerKw: string; powerHp: string };
}

/**
 * kW to mechanical horsepower. Metric horsepower (PS, 0.7355 kW) is a different unit and is not used here.
 */
export function kwToHp(input: KwToHpInput): PowerConversionResult {
  const powerHp = input.powerKw / KW_PER_HP;
  return {
    powerKw: input.powerKw,
    powerHp,
    kwPerHp: KW_PER_HP,
    formula: kwToHpFormula,
    display: { powerKw: formatResult(input.powerKw), powerHp: formatResult(powerHp) },
  };
}

/** Mechanical horsepower to kW. */
export function hpToKw(input: HpToKwInput): PowerConversionResult {
  const powerKw = input.powerHp * KW_PER_HP;
  return {
    powerKw,
    powerHp: input.powerHp,
    kwPerHp: KW_PER_HP,
    formula: hpToKwFormula,
    display: { powerKw: formatResult(powerKw), powerHp: formatResult(input.powerHp) },
  };
}

// ── Power-factor correction capacitor ───────────────────────────────────────

export const capacitorKvarFormula =
  "kVAR = kW × (tan(acos PF₁) − tan(acos PF₂)), where PF₁ is the present power factor and PF₂ the target.";

export const capacitorKvarSchema = z
  .object({
    powerKw: numberField("Enter the active load in kW, between 0.01 and 100,000", 0.01, 100_000),
    pfFrom: fractionField("Enter the present power factor, more than 0 and at most 1"),
    pfTo: fractionField("Enter the target power factor, more than 0 and at most 1"),
  })
  .refine((value) => value.pfTo > value.pfFrom, {
    message: "The target power factor must be higher than the present one",
    path: ["pfTo"],
  });

export type CapacitorKvarInput = z.output<typeof capacitorKvarSchema>;

export interface CapacitorKvarResult {
  /** Capacitor rating needed at the supply voltage, in kVAR. */
  kvar: number;
  /** tan φ₁ and tan φ₂, the ratio of reactive to active power before and after. */
  tanPhiFrom: number;
  tanPhiTo: number;
  /** tan φ₁ − tan φ₂: the "multiplying factor" printed in capacitor selection tables. */
  multiplier: number;
  /** Reactive power before and after correction, in kVAR. */
  reactiveFromKvar: number;
  reactiveToKvar: number;
  /** Apparent power before and after correction, in kVA (what the transformer and cables carry). */
  apparentFromKva: number;
  apparentToKva: number;
  display: { kvar: string; multiplier: string; apparentFromKva: string; apparentToKva: string };
}

function tanOfAcos(powerFactor: number): number {
  return Math.sqrt(1 - powerFactor * powerFactor) / powerFactor;
}

/** Capacitor kVAR to raise the power factor of a load from pfFrom to pfTo. */
export function capacitorKvar(input: CapacitorKvarInput): CapacitorKvarResult {
  const { powerKw, pfFrom, pfTo } = input;
  const tanPhiFrom = tanOfAcos(pfFrom);
  const tanPhiTo = tanOfAcos(pfTo);
  const multiplier = tanPhiFrom - tanPhiTo;
  const kvar = powerKw * multiplier;
  const apparentFromKva = powerKw / pfFrom;
  const apparentToKva = powerKw / pfTo;
  return {
    kvar,
    tanPhiFrom,
    tanPhiTo,
    multiplier,
    reactiveFromKvar: powerKw * tanPhiFrom,
    reactiveToKvar: powerKw * tanPhiTo,
    apparentFromKva,
    apparentToKva,
    display: {
      kvar: formatResult(kvar),
      multiplier: formatNumber(multiplier, 3),
      apparentFromKva: formatResult(apparentFromKva),
      apparentToKva: formatResult(apparentToKva),
    },
  };
}

// ── Cable voltage drop ──────────────────────────────────────────────────────

export const cableVoltageDropFormula =
  "Three-phase: ΔV = √3 × I × L × (R cos φ + X sin φ). Single-phase: ΔV = 2 × I × L × (R cos φ + X sin φ). " +
  "I in amperes, L the route length in km, R and X in Ω/km at the operating temperature, cos φ the load power " +
  "factor. ΔV % = ΔV ÷ V × 100, with V line-to-line for three-phase and phase-to-neutral for single-phase.";

/** A common design limit for power circuits; 3 % is common for lighting circuits. */
export const DEFAULT_VOLTAGE_DROP_LIMIT_PERCENT = 5;

/**
 * Reactance per unit length to use when the cable maker's figure is not at hand: 0.08 Ω/km
 * (0.08 mΩ/m, the value IEC 60364-5-52 Annex G, and IS 732 which follows it, give "in the absence of
 * other details"). Low-voltage multicore cables are close to this; the maker's datasheet governs.
 */
export const TYPICAL_REACTANCE_OHM_PER_KM = 0.08;

export const cableVoltageDropSchema = z.object({
  currentA: numberField("Enter the load current in amperes, between 0.1 and 5,000", 0.1, 5_000),
  lengthM: numberField("Enter the one-way cable route length in metres, between 1 and 5,000", 1, 5_000),
  resistanceOhmPerKm: numberField(
    "Enter the conductor AC resistance in Ω/km at operating temperature, between 0.001 and 100",
    0.001,
    100,
  ),
  reactanceOhmPerKm: numberField("Enter the reactance in Ω/km, between 0 and 1 (0.08 is typical for LV cables)", 0, 1),
  powerFactor: fractionField("Enter the load power factor, between 0.1 and 1", 0.1),
  voltageV: numberField(
    "Enter the supply voltage in volts, between 100 and 11,000 (line-to-line for three-phase, phase-to-neutral for single-phase)",
    100,
    11_000,
  ),
  phases: phasesField(),
  limitPercent: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    numberField("Enter the allowed voltage drop in %, between 0.5 and 20", 0.5, 20).default(
      DEFAULT_VOLTAGE_DROP_LIMIT_PERCENT,
    ),
  ),
});

/** The parsed form values; limitPercent may be left out when calling directly (5 % is used). */
export type CableVoltageDropInput = Omit<z.output<typeof cableVoltageDropSchema>, "limitPercent"> & {
  limitPercent?: number;
};

export interface CableVoltageDropResult {
  /** Voltage drop in volts (line-to-line for three-phase). */
  dropV: number;
  /** Voltage drop as a percentage of the supply voltage. */
  dropPercent: number;
  /** Voltage left at the load end. */
  receivingEndV: number;
  lengthKm: number;
  cosPhi: number;
  sinPhi: number;
  /** R cos φ + X sin φ, in Ω/km. */
  effectiveImpedanceOhmPerKm: number;
  /** √3 for three-phase, 2 for single-phase (the go and return conductors). */
  phaseFactor: number;
  formula: string;
  verdict: { withinLimit: boolean; limitPercent: number; message: string };
  display: { dropV: string; dropPercent: string; receivingEndV: string };
}

/** Voltage drop along a cable run, with a verdict against a percentage limit (default 5 %). */
export function cableVoltageDrop(input: CableVoltageDropInput): CableVoltageDropResult {
  const { currentA, lengthM, resistanceOhmPerKm, reactanceOhmPerKm, powerFactor, voltageV, phases } = input;
  const limitPercent = input.limitPercent ?? DEFAULT_VOLTAGE_DROP_LIMIT_PERCENT;
  const lengthKm = lengthM / 1000;
  const cosPhi = powerFactor;
  const sinPhi = Math.sqrt(Math.max(0, 1 - cosPhi * cosPhi));
  const effectiveImpedanceOhmPerKm = resistanceOhmPerKm * cosPhi + reactanceOhmPerKm * sinPhi;
  const phaseFactor = phases === 3 ? SQRT3 : 2;
  const dropV = phaseFactor * currentA * lengthKm * effectiveImpedanceOhmPerKm;
  const dropPercent = (dropV / voltageV) * 100;
  const withinLimit = dropPercent <= limitPercent;
  const limitText = `${formatNumber(limitPercent, 1)} %`;
  const message = withinLimit
    ? `Within the ${limitText} limit.`
    : `Exceeds the ${limitText} limit: choose a larger conductor, run a parallel cable or shorten the route.`;
  return {
    dropV,
    dropPercent,
    receivingEndV: voltageV - dropV,
    lengthKm,
    cosPhi,
    sinPhi,
    effectiveImpedanceOhmPerKm,
    phaseFactor,
    formula: phases === 3 ? "ΔV = √3 × I × L × (R cos φ + X sin φ)" : "ΔV = 2 × I × L × (R cos φ + X sin φ)",
    verdict: { withinLimit, limitPercent, message },
    display: {
      dropV: formatResult(dropV),
      dropPercent: formatNumber(dropPercent, 2),
      receivingEndV: formatResult(voltageV - dropV),
    },
  };
}

// ── Typical conductor resistance ────────────────────────────────────────────

export type ConductorMaterial = "copper" | "aluminium";

export interface ConductorResistanceRow {
  sizeMm2: number;
  material: ConductorMaterial;
  /** Maximum DC resistance at 20 °C, Ω/km (IS 8130 / IEC 60228, class 2 stranded conductors). */
  r20OhmPerKm: number;
  /** The same corrected to 70 °C, the maximum conductor temperature of PVC-insulated cables, Ω/km. */
  r70OhmPerKm: number;
}

/** Resistance-temperature coefficients at 20 °C per IEC 60287-1-1 (per °C). */
const ALPHA_20: Record<ConductorMaterial, number> = { copper: 0.00393, aluminium: 0.00403 };

/** Maximum conductor DC resistance at 20 °C, Ω/km, IS 8130 / IEC 60228 class 2 (plain copper, aluminium). */
const R20_OHM_PER_KM: Record<ConductorMaterial, ReadonlyArray<readonly [number, number]>> = {
  copper: [
    [1.5, 12.1],
    [2.5, 7.41],
    [4, 4.61],
    [6, 3.08],
    [10, 1.83],
    [16, 1.15],
    [25, 0.727],
    [35, 0.524],
    [50, 0.387],
    [70, 0.268],
    [95, 0.193],
    [120, 0.153],
    [150, 0.124],
    [185, 0.0991],
    [240, 0.0754],
    [300, 0.0601],
  ],
  aluminium: [
    [16, 1.91],
    [25, 1.2],
    [35, 0.868],
    [50, 0.641],
    [70, 0.443],
    [95, 0.32],
    [120, 0.253],
    [150, 0.206],
    [185, 0.164],
    [240, 0.125],
    [300, 0.1],
  ],
};

/** Converts a resistance at 20 °C to another conductor temperature. */
export function resistanceAtTemperature(r20: number, material: ConductorMaterial, temperatureC: number): number {
  return r20 * (1 + ALPHA_20[material] * (temperatureC - 20));
}

function significant(value: number, digits: number): number {
  return Number(value.toPrecision(digits));
}

/**
 * Typical conductor resistance for PVC-insulated LV cables to IS 694 / IS 1554 (conductors to IS 8130),
 * 1.5-300 mm² copper and 16-300 mm² aluminium. The 70 °C figures are the standard's maximum DC resistance
 * corrected for temperature; at 50 Hz the AC resistance is practically the same up to 150 mm² and a few
 * per cent higher at 185-300 mm² (skin and proximity effect). These are typical values for estimates:
 * the cable maker's datasheet governs. Reactance: use TYPICAL_REACTANCE_OHM_PER_KM or the maker's figure.
 */
export const conductorResistanceTable: readonly ConductorResistanceRow[] = (
  Object.entries(R20_OHM_PER_KM) as Array<[ConductorMaterial, ReadonlyArray<readonly [number, number]>]>
).flatMap(([material, rows]) =>
  rows.map(([sizeMm2, r20OhmPerKm]) => ({
    sizeMm2,
    material,
    r20OhmPerKm,
    r70OhmPerKm: significant(resistanceAtTemperature(r20OhmPerKm, material, 70), 3),
  })),
);

/** The table row for a conductor size and material, if the table has it. */
export function conductorResistance(sizeMm2: number, material: ConductorMaterial): ConductorResistanceRow | undefined {
  return conductorResistanceTable.find((row) => row.sizeMm2 === sizeMm2 && row.material === material);
}

export const conductorResistanceNote =
  "Typical values for PVC-insulated multicore cables to IS 694 / IS 1554: maximum conductor resistance at " +
  "20 °C from IS 8130 (IEC 60228), corrected to 70 °C. AC resistance is a few per cent higher for 185 mm² " +
  "and above. Reactance of LV multicore cables is about 0.08 Ω/km. The cable maker's datasheet governs.";
