import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { z } from "zod";
import {
  GST_STATE_MISMATCH,
  GST_STATES,
  gstinSchema,
  IFSC,
  INTEGRATION_SECRETS,
  SERVICE_CATEGORIES,
  SMS_SENDER_ID,
  UPI_ID,
  type AnySettingsGroup,
  type IntegrationSecret,
} from "~/lib/settings-schema.ts";

/**
 * The settings screen's forms, one per group: flat fields as the browser posts them (one name per input,
 * so each message sits beside its field), turned into the group's stored shape (~/lib/settings-schema.ts,
 * which the server validates again before saving).
 */

export const SETTINGS_SECTIONS: ReadonlyArray<{ group: AnySettingsGroup; label: string; description: string }> = [
  { group: "identity", label: "Business and contact", description: "Names, tagline, phone numbers, e-mail and address, as the website shows them." },
  { group: "business", label: "GST and hours", description: "GSTIN and its state, and the working hours the website states." },
  { group: "claims", label: "Figures the site claims", description: "The numbers on the home and about pages." },
  { group: "promises", label: "Promises and warranty", description: "Response and repair times the website promises, and the repair warranty." },
  { group: "charges", label: "Indicative charges", description: "The price range per service category, in rupees." },
  { group: "operations", label: "Operations", description: "Response targets per urgency, working days and hours, escalation, quote and invoice terms." },
  { group: "payments", label: "Payments", description: "UPI ID and bank account printed on invoices." },
  { group: "integrations", label: "Integrations", description: "E-mail (SMTP), the SMS gateway and the sign-in provider." },
];

export function isSettingsGroup(value: unknown): value is AnySettingsGroup {
  return SETTINGS_SECTIONS.some((s) => s.group === value);
}

// ── Field helpers ────────────────────────────────────────────────────────────────────────────────

const text = (label: string, min: number, max: number) =>
  z
    .string(`Enter the ${label}`)
    .trim()
    .min(min, min <= 1 ? `Enter the ${label}` : `Enter the ${label} (at least ${min} characters)`)
    .max(max, `Please keep this under ${max} characters`);

/** Blank is "not set". */
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Please keep this under ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

const whole = (min: number, max: number) =>
  z
    .string("Enter a whole number")
    .trim()
    .regex(/^\d+$/, `Enter a whole number from ${min} to ${max.toLocaleString("en-IN")}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `Enter a whole number from ${min} to ${max.toLocaleString("en-IN")}`);

/** Any usual way of writing an Indian number (040 2345 6789, 98480 12345, +91-98480-12345) -> +91 and ten digits. */
const phone = z
  .string("Enter the number")
  .trim()
  .min(1, "Enter the number")
  .max(20, "Enter a 10-digit Indian number, e.g. 98480 12345")
  .transform((value, ctx) => {
    const parsed = parsePhoneNumberFromString(value, "IN");
    const national = parsed?.nationalNumber;
    if (!parsed || parsed.countryCallingCode !== "91" || !national || !/^[1-9]\d{9}$/.test(national)) {
      ctx.addIssue({ code: "custom", message: "Enter a 10-digit Indian number, e.g. 98480 12345 or 040 2345 6789" });
      return z.NEVER;
    }
    return `+91${national}`;
  });

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "yes");

const clock = z.string().trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use 24-hour time, like 09:00");

// ── One schema per group ─────────────────────────────────────────────────────────────────────────

export const identityForm = z
  .object({
    wordmarkPrimary: text("first part of the trading name", 1, 30),
    wordmarkSecondary: text("second part of the trading name", 1, 30),
    legalName: text("legal name", 2, 120),
    tagline: text("tagline", 2, 80),
    supportPhone: phone,
    whatsappNumber: phone,
    supportEmail: z.string().trim().toLowerCase().pipe(z.email("Enter a valid e-mail address, like office@example.in")),
    streetAddress: text("street address", 2, 200),
    locality: text("locality", 2, 80),
    city: text("city", 2, 80),
    state: text("state", 2, 80),
    postalCode: z.string().trim().regex(/^\d{6}$/, "A PIN code has six digits"),
    country: text("country", 2, 60),
    siteUrl: z.url({ protocol: /^https?$/, error: "Enter the site's address, like https://www.example.in" }),
  })
  .transform(({ streetAddress, locality, city, state, postalCode, country, ...rest }) => ({
    ...rest,
    address: { streetAddress, locality, city, state, postalCode, country },
  }));

export const businessForm = z
  .object({
    gstin: gstinSchema,
    stateCode: z.string("Choose the state").regex(/^\d{2}$/, "Choose the state"),
    openingHours: text("working hours text", 2, 80),
    open24x7: checkbox,
  })
  .superRefine((b, ctx) => {
    if (!GST_STATES[b.stateCode]) ctx.addIssue({ code: "custom", path: ["stateCode"], message: "Choose the state" });
    else if (b.gstin.slice(0, 2) !== b.stateCode) {
      ctx.addIssue({
        code: "custom",
        path: ["stateCode"],
        message: `${GST_STATE_MISMATCH} (${b.gstin.slice(0, 2)}${GST_STATES[b.gstin.slice(0, 2)] ? `, ${GST_STATES[b.gstin.slice(0, 2)]}` : ""})`,
      });
    }
  })
  .transform((b) => ({ ...b, state: GST_STATES[b.stateCode] ?? "" }));

export const claimsForm = z.object({
  foundedYear: whole(1900, 2100),
  yearsExperience: whole(0, 200),
  happyClients: whole(0, 10_000_000),
  industriesServed: whole(0, 100_000),
  servicesOffered: whole(0, 10_000),
  isoCertification: text("certification", 2, 60),
  ratingValue: z
    .string()
    .trim()
    .regex(/^\d(\.\d)?$/, "Enter the rating with one decimal, like 4.8")
    .transform(Number)
    .refine((n) => n <= 5, "The rating is at most 5"),
  ratingBest: whole(1, 10),
  ratingCount: whole(0, 10_000_000),
});

export const promisesForm = z
  .object({
    responseHoursMin: whole(0, 72),
    responseHoursMax: whole(1, 72),
    averageResponseHours: z
      .string()
      .trim()
      .regex(/^\d{1,2}(\.\d)?$/, "Enter hours, like 2 or 1.5")
      .transform(Number),
    repairHoursMin: whole(1, 720),
    repairHoursMax: whole(1, 720),
    warrantyMonths: whole(0, 120),
  })
  .superRefine((p, ctx) => {
    if (p.responseHoursMax < p.responseHoursMin) {
      ctx.addIssue({ code: "custom", path: ["responseHoursMax"], message: "Must not be below the shortest response time" });
    }
    if (p.repairHoursMax < p.repairHoursMin) {
      ctx.addIssue({ code: "custom", path: ["repairHoursMax"], message: "Must not be below the shortest repair time" });
    }
  });

export const chargesForm = z
  .object(
    Object.fromEntries(
      SERVICE_CATEGORIES.flatMap((c) => [
        [`${c}-min`, whole(0, 10_000_000)],
        [`${c}-max`, whole(0, 10_000_000)],
      ]),
    ) as Record<string, ReturnType<typeof whole>>,
  )
  .superRefine((f, ctx) => {
    for (const c of SERVICE_CATEGORIES) {
      if ((f[`${c}-max`] ?? 0) < (f[`${c}-min`] ?? 0)) {
        ctx.addIssue({ code: "custom", path: [`${c}-max`], message: "The upper bound must not be below the lower one" });
      }
    }
  })
  .transform((f) => SERVICE_CATEGORIES.map((category) => ({ category, minRupees: f[`${category}-min`] ?? 0, maxRupees: f[`${category}-max`] ?? 0 })));

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export const operationsForm = z
  .object({
    emergencyResponseHours: whole(1, 72),
    within24hResponseHours: whole(1, 72),
    plannedResponseWorkingHours: whole(1, 200),
    workingDays: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
      .pipe(
        z
          .array(z.string().regex(/^[0-6]$/).transform(Number))
          .min(1, "Choose at least one working day")
          .transform((days) => [...new Set(days)].sort()),
      ),
    workingHoursOpen: clock,
    workingHoursClose: clock,
    weekStartsOn: z.string("Choose the day the week starts on.").regex(/^[0-6]$/, "Choose the day the week starts on.").transform(Number),
    escalateBeforeMinutes: whole(5, 600),
    quoteValidityDays: whole(1, 365),
    quoteTerms: z.string().trim().max(2000, "Please keep this under 2,000 characters"),
    invoiceTerms: z.string().trim().max(2000, "Please keep this under 2,000 characters"),
    invoiceDueDays: whole(0, 180),
    reminderEveryDays: whole(0, 90),
    maxReminders: whole(0, 12),
  })
  .refine((o) => o.workingHoursClose > o.workingHoursOpen, { message: "Closing time must be after opening time", path: ["workingHoursClose"] });

export const paymentsForm = z
  .object({
    upiId: optional(256).refine((v) => v === undefined || UPI_ID.test(v), "A UPI ID looks like name@bank, e.g. deccan@okhdfcbank"),
    payeeName: optional(100),
    upiMerchantCode: optional(4).refine((v) => v === undefined || /^\d{4}$/.test(v), "A merchant category code has four digits, like 7629"),
    bankName: optional(100),
    accountName: optional(100),
    accountNumber: z
      .string()
      .optional()
      .transform((v) => v?.replace(/[\s-]/g, "") || undefined)
      .refine((v) => v === undefined || /^\d{9,18}$/.test(v), "An account number has 9 to 18 digits"),
    ifsc: z
      .string()
      .optional()
      .transform((v) => v?.trim().toUpperCase() || undefined)
      .refine((v) => v === undefined || IFSC.test(v), "An IFSC has 11 characters: four letters, a zero, six letters or digits (like SBIN0001234)"),
    tallySalesLedger: optional(100),
    tallyCgstLedger: optional(100),
    tallySgstLedger: optional(100),
    tallyIgstLedger: optional(100),
    tallyRoundOffLedger: optional(100),
    tallyBankLedger: optional(100),
    tallyCashLedger: optional(100),
  })
  .superRefine((p, ctx) => {
    if (!(p.bankName || p.accountName || p.accountNumber || p.ifsc)) return;
    const message = "Needed for a bank account (or leave all the bank fields empty)";
    if (!p.accountName) ctx.addIssue({ code: "custom", path: ["accountName"], message });
    if (!p.accountNumber) ctx.addIssue({ code: "custom", path: ["accountNumber"], message });
    if (!p.ifsc) ctx.addIssue({ code: "custom", path: ["ifsc"], message });
  });

/**
 * Integrations: the plain fields as typed (blank = not set); each secret as what to do with the stored one:
 * a value replaces it, "remove" (its checkbox) removes it, and a blank field keeps it.
 */
export type SecretChange = { replace: string } | { remove: true } | undefined;

const secret = (message: string, valid: (v: string) => boolean = () => true) =>
  optional(2000).refine((v) => v === undefined || valid(v), message);

export const integrationsForm = z
  .object({
    smtpUrl: secret("An SMTP address starts with smtp:// or smtps://, like smtps://user:password@mail.example.in:465", (v) =>
      /^smtps?:\/\/[^\s]+$/.test(v),
    ),
    removeSmtpUrl: checkbox,
    mailFrom: optional(200),
    smsProvider: z
      .enum(["", "log", "http"], "Choose how SMS are sent")
      .optional()
      .transform((v) => v || undefined),
    smsHttpUrl: optional(500).refine((v) => v === undefined || /^https?:\/\/\S+$/.test(v), "Enter the gateway's https:// address"),
    smsHttpToken: secret("Please keep this under 500 characters", (v) => v.length <= 500),
    removeSmsHttpToken: checkbox,
    smsSenderId: optional(6)
      .transform((v) => v?.toUpperCase())
      .refine((v) => v === undefined || SMS_SENDER_ID.test(v), "A sender ID is six capital letters, like DECAUT"),
    oidcIssuer: optional(500).refine((v) => v === undefined || /^https?:\/\/\S+$/.test(v), "Enter the provider's https:// address"),
    oidcClientId: optional(200),
    oidcClientSecret: secret("Please keep this under 500 characters", (v) => v.length <= 500),
    removeOidcClientSecret: checkbox,
    oidcProviderName: optional(40),
    gatewayProvider: z
      .enum(["", "razorpay"], "Choose the payment gateway")
      .optional()
      .transform((v) => v || undefined),
    gatewayApiUrl: optional(500).refine((v) => v === undefined || /^https?:\/\/\S+$/.test(v), "Enter the gateway's https:// address, like https://api.razorpay.com"),
    gatewayKeyId: optional(100),
    gatewayKeySecret: secret("Please keep this under 500 characters", (v) => v.length <= 500),
    removeGatewayKeySecret: checkbox,
    gatewayWebhookSecret: secret("Please keep this under 500 characters", (v) => v.length <= 500),
    removeGatewayWebhookSecret: checkbox,
    // WhatsApp Business Cloud API (issue 12)
    whatsappApiBase: optional(500).refine((v) => v === undefined || /^https?:\/\/\S+$/.test(v), "Enter the API's https:// address, like https://graph.facebook.com"),
    whatsappPhoneNumberId: optional(30).refine((v) => v === undefined || /^\d{5,30}$/.test(v), "The phone number id is digits, from Meta's WhatsApp Manager"),
    whatsappToken: secret("Please keep this under 1000 characters", (v) => v.length <= 1000),
    removeWhatsappToken: checkbox,
    whatsappAppSecret: secret("Please keep this under 500 characters", (v) => v.length <= 500),
    removeWhatsappAppSecret: checkbox,
    whatsappVerifyToken: secret("Please keep this under 200 characters", (v) => v.length <= 200),
    removeWhatsappVerifyToken: checkbox,
    // Video calls (issue 12 §7)
    videoStunUrls: optional(500).refine((v) => v === undefined || /^stuns?:[^\s,]+(?:[\s,]+stuns?:[^\s,]+)*$/.test(v), "STUN addresses start with stun: or stuns:, like stun:stun.example.in:3478"),
    videoTurnUrls: optional(500).refine((v) => v === undefined || /^turns?:[^\s,]+(?:[\s,]+turns?:[^\s,]+)*$/.test(v), "TURN addresses start with turn: or turns:, like turn:turn.example.in:3478"),
    videoTurnUsername: optional(200),
    videoTurnCredential: secret("Please keep this under 500 characters", (v) => v.length <= 500),
    removeVideoTurnCredential: checkbox,
  })
  .refine((i) => i.gatewayProvider === undefined || i.gatewayKeyId !== undefined, {
    path: ["gatewayKeyId"],
    message: "Enter the gateway's key id to take payments online (or choose no gateway)",
  })
  .refine((i) => i.smsProvider !== "http" || i.smsHttpUrl !== undefined, {
    path: ["smsHttpUrl"],
    message: "Enter the gateway's address to send SMS through it",
  })
  .transform(
    ({
      removeSmtpUrl,
      removeSmsHttpToken,
      removeOidcClientSecret,
      removeGatewayKeySecret,
      removeGatewayWebhookSecret,
      removeWhatsappToken,
      removeWhatsappAppSecret,
      removeWhatsappVerifyToken,
      removeVideoTurnCredential,
      videoTurnCredential,
      whatsappToken,
      whatsappAppSecret,
      whatsappVerifyToken,
      smtpUrl,
      smsHttpToken,
      oidcClientSecret,
      gatewayKeySecret,
      gatewayWebhookSecret,
      ...values
    }) => {
    const change = (value: string | undefined, remove: boolean): SecretChange =>
      value !== undefined ? { replace: value } : remove ? { remove: true } : undefined;
    const secrets: Record<IntegrationSecret, SecretChange> = {
      smtpUrl: change(smtpUrl, removeSmtpUrl),
      smsHttpToken: change(smsHttpToken, removeSmsHttpToken),
      oidcClientSecret: change(oidcClientSecret, removeOidcClientSecret),
      gatewayKeySecret: change(gatewayKeySecret, removeGatewayKeySecret),
      gatewayWebhookSecret: change(gatewayWebhookSecret, removeGatewayWebhookSecret),
      whatsappToken: change(whatsappToken, removeWhatsappToken),
      whatsappAppSecret: change(whatsappAppSecret, removeWhatsappAppSecret),
      whatsappVerifyToken: change(whatsappVerifyToken, removeWhatsappVerifyToken),
      videoTurnCredential: change(videoTurnCredential, removeVideoTurnCredential),
    };
    return { values, secrets };
    },
  );

export type IntegrationsChange = z.output<typeof integrationsForm>;

/**
 * The stored integrations after a change: plain fields replaced, each secret replaced, removed or kept.
 * A field the environment sets is not on the form: its stored value is kept as it is.
 */
export function applyIntegrationsChange(
  current: Partial<Record<string, unknown>>,
  change: IntegrationsChange,
  fromEnvironment: Partial<Record<string, boolean>> = {},
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...change.values };
  for (const key of INTEGRATION_SECRETS) {
    const c = change.secrets[key];
    next[key] = c === undefined ? current[key] : "replace" in c ? c.replace : undefined;
  }
  for (const key of Object.keys(fromEnvironment)) if (fromEnvironment[key]) next[key] = current[key];
  for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
  return next;
}

export const settingsForms = {
  identity: identityForm,
  business: businessForm,
  claims: claimsForm,
  promises: promisesForm,
  charges: chargesForm,
  operations: operationsForm,
  payments: paymentsForm,
  integrations: integrationsForm,
} as const;
