import { describe, expect, it } from "vitest";
import {
  KW_PER_HP,
  TYPICAL_REACTANCE_OHM_PER_KM,
  cableVoltageDrop,
  cableVoltageDropSchema,
  capacitorKvar,
  capacitorKvarSchema,
  conductorResistance,
  conductorResistanceTable,
  formatNumber,
  formatResult,
  hpToKw,
  hpToKwSchema,
  kwToHp,
  kwToHpSchema,
  motorFullLoadCurrent,
  motorFullLoadCurrentSchema,
  roundTo,
} from "~/lib/calculators.ts";

/** The message of the first issue on a field, from a failed safeParse. */
function messageFor(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }, field: string) {
  expect(result.success).toBe(false);
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe("motorFullLoadCurrent", () => {
  it("15 kW, 415 V, PF 0.85, efficiency 0.9, three-phase: 27.3 A", () => {
    // √3 × 415 = 718.80; × 0.85 = 610.98; × 0.9 = 549.88 V
    // I = 15 000 ÷ 549.88 = 27.28 A
    // Input power = 15 ÷ 0.9 = 16.67 kW; apparent power = 16.67 ÷ 0.85 = 19.61 kVA
    const result = motorFullLoadCurrent({ powerKw: 15, voltageV: 415, powerFactor: 0.85, efficiency: 0.9, phases: 3 });
    expect(result.denominator).toBeCloseTo(549.88, 2);
    expect(result.currentA).toBeCloseTo(27.2785, 3);
    expect(result.inputPowerKw).toBeCloseTo(16.667, 3);
    expect(result.apparentPowerKva).toBeCloseTo(19.608, 3);
    expect(result.phaseFactor).toBeCloseTo(Math.sqrt(3), 10);
    expect(result.display.currentA).toBe("27.3");
    expect(result.formula).toContain("√3");
  });

  it("1.5 kW, 230 V, PF 0.8, efficiency 0.8, single-phase: 10.2 A", () => {
    // I = 1 500 ÷ (230 × 0.8 × 0.8) = 1 500 ÷ 147.2 = 10.19 A
    const result = motorFullLoadCurrent({ powerKw: 1.5, voltageV: 230, powerFactor: 0.8, efficiency: 0.8, phases: 1 });
    expect(result.denominator).toBeCloseTo(147.2, 6);
    expect(result.currentA).toBeCloseTo(10.1902, 3);
    expect(result.phaseFactor).toBe(1);
    expect(result.display.currentA).toBe("10.2");
    expect(result.formula).not.toContain("√3");
  });

  it("75 kW, 415 V, PF 0.88, efficiency 0.95, three-phase: about 125 A", () => {
    // √3 × 415 × 0.88 × 0.95 = 600.92 V; I = 75 000 ÷ 600.92 = 124.81 A
    const result = motorFullLoadCurrent({ powerKw: 75, voltageV: 415, powerFactor: 0.88, efficiency: 0.95, phases: 3 });
    expect(result.currentA).toBeCloseTo(124.809, 2);
    expect(result.display.currentA).toBe("125");
  });

  it("accepts form strings and rejects out-of-range fields with their messages", () => {
    const parsed = motorFullLoadCurrentSchema.parse({
      powerKw: "15",
      voltageV: "415",
      powerFactor: "0.85",
      efficiency: "0.9",
      phases: "3",
    });
    expect(parsed).toEqual({ powerKw: 15, voltageV: 415, powerFactor: 0.85, efficiency: 0.9, phases: 3 });

    const valid = { powerKw: 15, voltageV: 415, powerFactor: 0.85, efficiency: 0.9, phases: 3 };
    expect(messageFor(motorFullLoadCurrentSchema.safeParse({ ...valid, powerKw: 0 }), "powerKw")).toBe(
      "Enter the motor output power in kW, between 0.01 and 10,000",
    );
    expect(messageFor(motorFullLoadCurrentSchema.safeParse({ ...valid, powerKw: "" }), "powerKw")).toBe(
      "Enter the motor output power in kW, between 0.01 and 10,000",
    );
    expect(messageFor(motorFullLoadCurrentSchema.safeParse({ ...valid, voltageV: 50 }), "voltageV")).toBe(
      "Enter the supply voltage in volts, between 100 and 11,000",
    );
    // Efficiency typed as a percentage is refused, with a hint to use a fraction.
    expect(messageFor(motorFullLoadCurrentSchema.safeParse({ ...valid, efficiency: 90 }), "efficiency")).toBe(
      "Enter the efficiency as a fraction between 0.1 and 1 (0.9 for 90 %)",
    );
    expect(messageFor(motorFullLoadCurrentSchema.safeParse({ ...valid, powerFactor: 1.2 }), "powerFactor")).toBe(
      "Enter the power factor, between 0.1 and 1",
    );
    expect(messageFor(motorFullLoadCurrentSchema.safeParse({ ...valid, phases: 2 }), "phases")).toBe(
      "Choose 1 (single-phase) or 3 (three-phase)",
    );
    expect(messageFor(motorFullLoadCurrentSchema.safeParse({ ...valid, voltageV: "abc" }), "voltageV")).toBe(
      "Enter the supply voltage in volts, between 100 and 11,000",
    );
  });
});

describe("kwToHp and hpToKw", () => {
  it("uses 1 HP = 0.746 kW (mechanical horsepower)", () => {
    expect(KW_PER_HP).toBe(0.746);
  });

  it("10 HP = 7.46 kW; 100 HP = 74.6 kW; 0.5 HP = 0.373 kW", () => {
    // kW = HP × 0.746: 10 × 0.746 = 7.46; 100 × 0.746 = 74.6; 0.5 × 0.746 = 0.373
    expect(hpToKw({ powerHp: 10 }).powerKw).toBeCloseTo(7.46, 10);
    expect(hpToKw({ powerHp: 100 }).powerKw).toBeCloseTo(74.6, 10);
    expect(hpToKw({ powerHp: 0.5 }).powerKw).toBeCloseTo(0.373, 10);
    expect(hpToKw({ powerHp: 100 }).display.powerKw).toBe("74.6");
  });

  it("15 kW = 20.1 HP; 7.46 kW = 10 HP; 0.746 kW = 1 HP", () => {
    // HP = kW ÷ 0.746: 15 ÷ 0.746 = 20.107; 7.46 ÷ 0.746 = 10; 0.746 ÷ 0.746 = 1
    const fifteen = kwToHp({ powerKw: 15 });
    expect(fifteen.powerHp).toBeCloseTo(20.1072, 3);
    expect(fifteen.display.powerHp).toBe("20.1");
    expect(kwToHp({ powerKw: 7.46 }).powerHp).toBeCloseTo(10, 10);
    expect(kwToHp({ powerKw: 0.746 }).powerHp).toBeCloseTo(1, 10);
  });

  it("round-trips", () => {
    expect(hpToKw({ powerHp: kwToHp({ powerKw: 37 }).powerHp }).powerKw).toBeCloseTo(37, 10);
  });

  it("rejects empty and out-of-range values", () => {
    expect(messageFor(kwToHpSchema.safeParse({ powerKw: -1 }), "powerKw")).toBe(
      "Enter the power in kW, between 0.01 and 10,000",
    );
    expect(messageFor(hpToKwSchema.safeParse({ powerHp: 20_000 }), "powerHp")).toBe(
      "Enter the power in HP, between 0.01 and 13,400",
    );
    expect(messageFor(hpToKwSchema.safeParse({}), "powerHp")).toBe("Enter the power in HP, between 0.01 and 13,400");
  });
});

describe("capacitorKvar", () => {
  it("100 kW from PF 0.70 to 0.95: 69.2 kVAR", () => {
    // tan(acos 0.70) = √(1 − 0.49) ÷ 0.70 = 0.71414 ÷ 0.70 = 1.02020
    // tan(acos 0.95) = √(1 − 0.9025) ÷ 0.95 = 0.31225 ÷ 0.95 = 0.32868
    // multiplier = 1.02020 − 0.32868 = 0.69152; kVAR = 100 × 0.69152 = 69.15
    // kVA before = 100 ÷ 0.70 = 142.86; after = 100 ÷ 0.95 = 105.26
    const result = capacitorKvar({ powerKw: 100, pfFrom: 0.7, pfTo: 0.95 });
    expect(result.tanPhiFrom).toBeCloseTo(1.0202, 4);
    expect(result.tanPhiTo).toBeCloseTo(0.32868, 4);
    expect(result.multiplier).toBeCloseTo(0.69152, 4);
    expect(result.kvar).toBeCloseTo(69.152, 2);
    expect(result.apparentFromKva).toBeCloseTo(142.857, 2);
    expect(result.apparentToKva).toBeCloseTo(105.263, 2);
    expect(result.reactiveFromKvar).toBeCloseTo(102.02, 2);
    expect(result.reactiveToKvar).toBeCloseTo(32.868, 2);
    expect(result.display.kvar).toBe("69.2");
    expect(result.display.multiplier).toBe("0.692");
  });

  it("50 kW from PF 0.80 to 0.95: 21.1 kVAR", () => {
    // tan(acos 0.80) = 0.6 ÷ 0.8 = 0.75; tan(acos 0.95) = 0.32868
    // kVAR = 50 × (0.75 − 0.32868) = 50 × 0.42132 = 21.07
    const result = capacitorKvar({ powerKw: 50, pfFrom: 0.8, pfTo: 0.95 });
    expect(result.tanPhiFrom).toBeCloseTo(0.75, 10);
    expect(result.kvar).toBeCloseTo(21.066, 2);
  });

  it("200 kW from PF 0.85 to unity: 124 kVAR", () => {
    // tan(acos 0.85) = √(1 − 0.7225) ÷ 0.85 = 0.52678 ÷ 0.85 = 0.61974; tan(acos 1) = 0
    // kVAR = 200 × 0.61974 = 123.95
    const result = capacitorKvar({ powerKw: 200, pfFrom: 0.85, pfTo: 1 });
    expect(result.tanPhiTo).toBe(0);
    expect(result.kvar).toBeCloseTo(123.949, 2);
    expect(result.display.kvar).toBe("124");
  });

  it("wants a target power factor above the present one, both in (0, 1]", () => {
    expect(messageFor(capacitorKvarSchema.safeParse({ powerKw: 100, pfFrom: 0.95, pfTo: 0.9 }), "pfTo")).toBe(
      "The target power factor must be higher than the present one",
    );
    expect(messageFor(capacitorKvarSchema.safeParse({ powerKw: 100, pfFrom: 0.9, pfTo: 0.9 }), "pfTo")).toBe(
      "The target power factor must be higher than the present one",
    );
    expect(messageFor(capacitorKvarSchema.safeParse({ powerKw: 100, pfFrom: 0, pfTo: 0.9 }), "pfFrom")).toBe(
      "Enter the present power factor, more than 0 and at most 1",
    );
    expect(messageFor(capacitorKvarSchema.safeParse({ powerKw: 100, pfFrom: 0.8, pfTo: 1.05 }), "pfTo")).toBe(
      "Enter the target power factor, more than 0 and at most 1",
    );
    expect(capacitorKvarSchema.parse({ powerKw: "100", pfFrom: "0.7", pfTo: "0.95" })).toEqual({
      powerKw: 100,
      pfFrom: 0.7,
      pfTo: 0.95,
    });
  });
});

describe("cableVoltageDrop", () => {
  it("three-phase 100 A over 120 m of 50 mm² copper at PF 0.85, 415 V: 9.06 V, 2.18 %", () => {
    // R = 0.463 Ω/km (50 mm² Cu at 70 °C), X = 0.08 Ω/km, cos φ = 0.85, sin φ = √(1 − 0.7225) = 0.52678
    // R cos φ + X sin φ = 0.39355 + 0.04214 = 0.43569 Ω/km; L = 0.12 km
    // ΔV = √3 × 100 × 0.12 × 0.43569 = 20.785 × 0.43569 = 9.056 V; 9.056 ÷ 415 = 2.18 %
    const result = cableVoltageDrop({
      currentA: 100,
      lengthM: 120,
      resistanceOhmPerKm: 0.463,
      reactanceOhmPerKm: 0.08,
      powerFactor: 0.85,
      voltageV: 415,
      phases: 3,
    });
    expect(result.sinPhi).toBeCloseTo(0.52678, 4);
    expect(result.effectiveImpedanceOhmPerKm).toBeCloseTo(0.43569, 4);
    expect(result.dropV).toBeCloseTo(9.0557, 3);
    expect(result.dropPercent).toBeCloseTo(2.1821, 3);
    expect(result.receivingEndV).toBeCloseTo(405.94, 2);
    expect(result.verdict).toEqual({ withinLimit: true, limitPercent: 5, message: "Within the 5 % limit." });
    expect(result.display.dropV).toBe("9.06");
    expect(result.display.dropPercent).toBe("2.18");
  });

  it("single-phase 16 A over 30 m of 2.5 mm² copper at unity PF, 230 V: 8.52 V, 3.70 %", () => {
    // ΔV = 2 × 16 × 0.03 × (8.87 × 1 + 0.08 × 0) = 0.96 × 8.87 = 8.515 V; 8.515 ÷ 230 = 3.70 %
    // Within 5 % for a power circuit, over the 3 % often used for lighting.
    const input = {
      currentA: 16,
      lengthM: 30,
      resistanceOhmPerKm: 8.87,
      reactanceOhmPerKm: 0.08,
      powerFactor: 1,
      voltageV: 230,
      phases: 1 as const,
    };
    const result = cableVoltageDrop(input);
    expect(result.phaseFactor).toBe(2);
    expect(result.sinPhi).toBe(0);
    expect(result.dropV).toBeCloseTo(8.5152, 4);
    expect(result.dropPercent).toBeCloseTo(3.7023, 3);
    expect(result.verdict.withinLimit).toBe(true);
    const lighting = cableVoltageDrop({ ...input, limitPercent: 3 });
    expect(lighting.verdict.withinLimit).toBe(false);
    expect(lighting.verdict.message).toMatch(/^Exceeds the 3 % limit/);
  });

  it("three-phase 200 A over 300 m of 95 mm² copper at PF 0.8, 415 V: 24.2 V, 5.83 %, over the limit", () => {
    // R cos φ + X sin φ = 0.231 × 0.8 + 0.08 × 0.6 = 0.1848 + 0.048 = 0.2328 Ω/km
    // ΔV = √3 × 200 × 0.3 × 0.2328 = 103.92 × 0.2328 = 24.19 V; 24.19 ÷ 415 = 5.83 %
    const result = cableVoltageDrop({
      currentA: 200,
      lengthM: 300,
      resistanceOhmPerKm: 0.231,
      reactanceOhmPerKm: 0.08,
      powerFactor: 0.8,
      voltageV: 415,
      phases: 3,
    });
    expect(result.effectiveImpedanceOhmPerKm).toBeCloseTo(0.2328, 10);
    expect(result.dropV).toBeCloseTo(24.193, 2);
    expect(result.dropPercent).toBeCloseTo(5.8297, 3);
    expect(result.verdict.withinLimit).toBe(false);
    expect(result.verdict.message).toMatch(/^Exceeds the 5 % limit/);
    expect(result.display.dropV).toBe("24.2");
  });

  it("defaults the limit to 5 % when the form leaves it empty, and validates the fields", () => {
    const form = {
      currentA: "100",
      lengthM: "120",
      resistanceOhmPerKm: "0.463",
      reactanceOhmPerKm: "0.08",
      powerFactor: "0.85",
      voltageV: "415",
      phases: "3",
      limitPercent: "",
    };
    const parsed = cableVoltageDropSchema.parse(form);
    expect(parsed.limitPercent).toBe(5);
    expect(parsed.phases).toBe(3);
    expect(cableVoltageDropSchema.parse({ ...form, limitPercent: undefined }).limitPercent).toBe(5);
    expect(cableVoltageDropSchema.parse({ ...form, limitPercent: "3" }).limitPercent).toBe(3);

    expect(messageFor(cableVoltageDropSchema.safeParse({ ...form, lengthM: "0" }), "lengthM")).toBe(
      "Enter the one-way cable route length in metres, between 1 and 5,000",
    );
    expect(messageFor(cableVoltageDropSchema.safeParse({ ...form, reactanceOhmPerKm: "-0.1" }), "reactanceOhmPerKm")).toBe(
      "Enter the reactance in Ω/km, between 0 and 1 (0.08 is typical for LV cables)",
    );
    expect(messageFor(cableVoltageDropSchema.safeParse({ ...form, limitPercent: "25" }), "limitPercent")).toBe(
      "Enter the allowed voltage drop in %, between 0.5 and 20",
    );
    expect(messageFor(cableVoltageDropSchema.safeParse({ ...form, currentA: "lots" }), "currentA")).toBe(
      "Enter the load current in amperes, between 0.1 and 5,000",
    );
  });
});

describe("conductor resistance table", () => {
  it("corrects the IS 8130 / IEC 60228 resistance at 20 °C to 70 °C", () => {
    // 70 mm² copper: 0.268 × (1 + 0.00393 × 50) = 0.268 × 1.1965 = 0.3207 -> 0.321 Ω/km
    expect(conductorResistance(70, "copper")?.r70OhmPerKm).toBe(0.321);
    // 2.5 mm² copper: 7.41 × 1.1965 = 8.866 -> 8.87 Ω/km
    expect(conductorResistance(2.5, "copper")?.r70OhmPerKm).toBe(8.87);
    // 50 mm² copper: 0.387 × 1.1965 = 0.4630 -> 0.463 Ω/km
    expect(conductorResistance(50, "copper")?.r70OhmPerKm).toBe(0.463);
    // 95 mm² aluminium: 0.320 × (1 + 0.00403 × 50) = 0.320 × 1.2015 = 0.3845 -> 0.384 Ω/km
    expect(conductorResistance(95, "aluminium")?.r70OhmPerKm).toBe(0.384);
    expect(conductorResistance(3, "copper")).toBeUndefined();
  });

  it("covers 1.5-300 mm² copper in ascending order of size with falling resistance", () => {
    const copper = conductorResistanceTable.filter((row) => row.material === "copper");
    expect(copper.map((row) => row.sizeMm2)).toEqual([1.5, 2.5, 4, 6, 10, 16, 25, 35, 50, 70, 95, 120, 150, 185, 240, 300]);
    for (let i = 1; i < copper.length; i++) {
      expect(copper[i]!.r70OhmPerKm).toBeLessThan(copper[i - 1]!.r70OhmPerKm);
    }
    expect(TYPICAL_REACTANCE_OHM_PER_KM).toBe(0.08);
  });
});

describe("number display", () => {
  it("groups digits the Indian way", () => {
    expect(formatNumber(1234567.891)).toBe("12,34,567.89");
    expect(formatNumber(100000, 0)).toBe("1,00,000");
    expect(formatNumber(2.5, 2, 2)).toBe("2.50");
  });

  it("rounds results to about three significant figures", () => {
    expect(formatResult(124.809)).toBe("125");
    expect(formatResult(27.2785)).toBe("27.3");
    expect(formatResult(8.5152)).toBe("8.52");
    expect(formatResult(0.46305)).toBe("0.463");
    expect(formatResult(123456.7)).toBe("1,23,457");
    expect(roundTo(27.2785, 1)).toBe(27.3);
    expect(roundTo(-2.345, 2)).toBe(-2.35);
  });
});
