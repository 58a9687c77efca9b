import { describe, expect, it } from "vitest";
import { defaultPrivateSettings, defaultSettings } from "~/.server/settings/defaults.ts";
import { auditDiff } from "~/.server/settings/index.ts";
import { applyIntegrationsChange, businessForm, identityForm, integrationsForm } from "~/lib/forms/admin/settings.ts";
import {
  GST_STATE_MISMATCH,
  GST_STATES,
  gstinChecksum,
  gstinSchema,
  privateSettingsGroupSchemas,
  settingsGroupSchemas,
  type PrivateSettingsGroup,
  type SettingsGroup,
} from "~/lib/settings-schema.ts";

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

describe("settings: GST state, payments and integrations", () => {
  const business = defaultSettings("http://localhost:3000").business;

  it("wants the state code to be the GSTIN's first two digits, and the state to be that code's", () => {
    expect(settingsGroupSchemas.business.safeParse(business).success).toBe(true);
    const mismatch = settingsGroupSchemas.business.safeParse({ ...business, gstin: "27AAPFU0939F1ZV" });
    expect(mismatch.error?.issues[0]).toMatchObject({ path: ["stateCode"], message: GST_STATE_MISMATCH });
    const wrongName = settingsGroupSchemas.business.safeParse({ ...business, state: "Andhra Pradesh" });
    expect(wrongName.error?.issues[0]).toMatchObject({ path: ["state"], message: "State code 36 is Telangana" });
    expect(settingsGroupSchemas.business.safeParse({ ...business, gstin: "27AAPFU0939F1ZV", stateCode: "27", state: "Maharashtra" }).success).toBe(true);
    expect(GST_STATES["36"]).toBe("Telangana");
  });

  it("the business form picks the state from the code and explains a mismatch", () => {
    expect(businessForm.parse({ gstin: "36aaaaa0000a1z3", stateCode: "36", openingHours: "24x7", open24x7: "yes" })).toEqual({
      gstin: "36AAAAA0000A1Z3",
      stateCode: "36",
      state: "Telangana",
      openingHours: "24x7",
      open24x7: true,
    });
    const refused = businessForm.safeParse({ gstin: "27AAPFU0939F1ZV", stateCode: "36", openingHours: "24x7" });
    expect(refused.error?.issues[0]).toMatchObject({ path: ["stateCode"], message: `${GST_STATE_MISMATCH} (27, Maharashtra)` });
  });

  it("payments and integrations start empty and accept only well-formed values", () => {
    const empty = defaultPrivateSettings();
    expect(empty).toEqual({ payments: {}, integrations: {} });
    for (const key of Object.keys(privateSettingsGroupSchemas) as PrivateSettingsGroup[]) {
      expect(privateSettingsGroupSchemas[key].safeParse(empty[key]).success, key).toBe(true);
    }
    const payments = privateSettingsGroupSchemas.payments;
    expect(payments.safeParse({ upiId: "deccan@okhdfcbank" }).success).toBe(true);
    expect(payments.safeParse({ upiId: "deccan" }).success).toBe(false);
    expect(payments.safeParse({ accountName: "Deccan", accountNumber: "301234567890", ifsc: "SBIN0001234" }).success).toBe(true);
    expect(payments.safeParse({ accountName: "Deccan", accountNumber: "301234567890", ifsc: "SBIN1001234" }).success).toBe(false);
    expect(payments.safeParse({ bankName: "SBI" }).success).toBe(false);
    const integrations = privateSettingsGroupSchemas.integrations;
    expect(integrations.safeParse({ oidcIssuer: "https://login.example.in", oidcClientId: "x" }).success).toBe(false);
    expect(integrations.safeParse({ smtpUrl: "http://mail" }).success).toBe(false);
    expect(integrations.safeParse({ smsSenderId: "DECAUT", smsProvider: "http", smsHttpUrl: "https://sms.example.in" }).success).toBe(true);
  });

  it("the contact form takes phone numbers in any usual form", () => {
    const identity = defaultSettings("http://localhost:3000").identity;
    const form = { ...identity, ...identity.address, supportPhone: "040-2345 6789", whatsappNumber: "+91 98480 12345" };
    expect(identityForm.parse(form)).toMatchObject({ supportPhone: "+914023456789", whatsappNumber: "+919848012345", address: identity.address });
    expect(identityForm.safeParse({ ...form, supportPhone: "2345 6789" }).success).toBe(false);
  });

  it("an integrations change keeps a secret left blank, replaces a typed one, removes a ticked one", () => {
    const stored = { smtpUrl: "smtp://a:b@mail", smsHttpToken: "t0ken", oidcClientSecret: "s3cret", mailFrom: "old@example.in" };
    const change = integrationsForm.parse({ smtpUrl: "", smsHttpToken: "n3w", removeOidcClientSecret: "yes", mailFrom: "" });
    expect(applyIntegrationsChange(stored, change)).toEqual({ smtpUrl: "smtp://a:b@mail", smsHttpToken: "n3w" });
  });

  it("the log records that a secret changed, never its value", () => {
    const diff = auditDiff("integrations", { smtpUrl: "smtp://a:b@mail", mailFrom: "x@example.in" }, { smtpUrl: "smtp://c:d@mail", mailFrom: "x@example.in", smsHttpToken: "tok" });
    expect(diff).toEqual({ before: { smtpUrl: "set", smsHttpToken: "not set" }, after: { smtpUrl: "secret replaced", smsHttpToken: "secret replaced" } });
    expect(JSON.stringify(diff)).not.toMatch(/a:b|c:d|tok"/);
  });
});
