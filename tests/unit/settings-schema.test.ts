import { describe, expect, it } from "vitest";
import { defaultSettings } from "~/.server/settings/defaults.ts";
import { gstinChecksum, gstinSchema, settingsGroupSchemas, type SettingsGroup } from "~/lib/settings-schema.ts";

describe("settings validation", () => {
  it("accepts the seeded defaults for every group", () => {
    const defaults = defaultSettings("http://localhost:3000");
    for (const key of Object.keys(settingsGroupSchemas) as SettingsGroup[]) {
      expect(settingsGroupSchemas[key].safeParse(defaults[key]).success, key).toBe(true);
    }
  });

  it("checks a GSTIN's check character (a published valid GSTIN passes, one wrong character fails)", () => {
    expect(gstinChecksum("27AAPFU0939F1Z")).toBe("V");
    expect(gstinSchema.safeParse("27aapfu0939f1zv").success).toBe(true);
    const wrong = gstinSchema.safeParse("27AAPFU0939F1ZW");
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toMatch(/check character/);
    expect(gstinSchema.safeParse("27AAPFU0939F").error?.issues[0]?.message).toMatch(/15 characters/);
  });

  it("wants phone numbers as +91 and ten digits, and a sane site URL", () => {
    const identity = defaultSettings("http://localhost:3000").identity;
    expect(settingsGroupSchemas.identity.safeParse({ ...identity, supportPhone: "9000000001" }).success).toBe(false);
    expect(settingsGroupSchemas.identity.safeParse({ ...identity, siteUrl: "javascript:alert(1)" }).success).toBe(false);
    expect(settingsGroupSchemas.identity.parse({ ...identity, siteUrl: "https://example.com///" }).siteUrl).toBe(
      "https://example.com",
    );
  });

  it("refuses a charge range whose upper bound is below the lower one", () => {
    const charges = defaultSettings("http://localhost:3000").charges.map((c) => ({ ...c }));
    charges[0]!.maxRupees = 100;
    expect(settingsGroupSchemas.charges.safeParse(charges).success).toBe(false);
  });
});
