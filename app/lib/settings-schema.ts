import { z } from "zod";

/**
 * The settings the whole site reads. One schema per group: the database stores one row per group,
 * the admin settings screen edits one group at a time, and both validate with these schemas.
 * This module is shared by server and client (the admin form validates in the browser too).
 */

/** Indian phone number in E.164 form: +91 and ten digits starting 6-9 (mobile) or a landline. */
const indianPhone = z
  .string()
  .trim()
  .regex(/^\+91\d{10}$/, "Enter the number as +91 followed by ten digits");

const GSTIN_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The GSTIN's 15th character is a checksum over the first 14 (base-36, weights alternating 1 and 2). */
export function gstinChecksum(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARS.indexOf(first14[i] ?? "");
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36] ?? "0";
}

export const gstinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, "A GSTIN has 15 characters, like 36AAAAA0000A1Z3")
  .refine((v) => gstinChecksum(v.slice(0, 14)) === v[14], "This GSTIN's check character is wrong");

export const identitySettingsSchema = z.object({
  /** The wordmark is shown in two parts, the second in the accent colour. */
  wordmarkPrimary: z.string().trim().min(1).max(30),
  wordmarkSecondary: z.string().trim().min(1).max(30),
  legalName: z.string().trim().min(2).max(120),
  tagline: z.string().trim().min(2).max(80),
  supportPhone: indianPhone,
  whatsappNumber: indianPhone,
  supportEmail: z.email("Enter a valid e-mail address"),
  address: z.object({
    streetAddress: z.string().trim().min(2).max(200),
    locality: z.string().trim().min(2).max(80),
    city: z.string().trim().min(2).max(80),
    state: z.string().trim().min(2).max(80),
    postalCode: z.string().trim().regex(/^\d{6}$/, "A PIN code has six digits"),
    country: z.string().trim().min(2).max(60),
  }),
  /** Public address of the site: canonical links, sitemap and Open Graph URLs are built from it. */
  siteUrl: z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, "")),
});

/**
 * GST state codes (the first two digits of every GSTIN) and the state or territory each stands for, as the
 * GST portal lists them. 25 (Daman and Diu) was merged into 26 in 2020; 28 is Andhra Pradesh before 2014.
 */
export const GST_STATES: Readonly<Record<string, string>> = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "25": "Daman and Diu",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "28": "Andhra Pradesh (before 2014)",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
  "97": "Other Territory",
  "99": "Centre Jurisdiction",
};

export const GST_STATE_MISMATCH = "The state code must be the GSTIN's first two digits";

export const businessSettingsSchema = z
  .object({
    /** Shown as text; open24x7 drives the structured data (openingHoursSpecification). */
    openingHours: z.string().trim().min(2).max(80),
    open24x7: z.boolean(),
    gstin: gstinSchema,
    state: z.string().trim().min(2).max(60),
    /** GST state code: the first two digits of the GSTIN. */
    stateCode: z.string().regex(/^\d{2}$/, "A GST state code has two digits"),
  })
  .superRefine((b, ctx) => {
    const known = GST_STATES[b.stateCode];
    if (!known) ctx.addIssue({ code: "custom", path: ["stateCode"], message: `${b.stateCode} is not a GST state code` });
    else if (b.gstin.slice(0, 2) !== b.stateCode) ctx.addIssue({ code: "custom", path: ["stateCode"], message: GST_STATE_MISMATCH });
    else if (b.state !== known) ctx.addIssue({ code: "custom", path: ["state"], message: `State code ${b.stateCode} is ${known}` });
  });

export const claimsSettingsSchema = z.object({
  foundedYear: z.number().int().min(1900).max(2100),
  yearsExperience: z.number().int().min(0),
  happyClients: z.number().int().min(0),
  industriesServed: z.number().int().min(0),
  servicesOffered: z.number().int().min(0),
  isoCertification: z.string().trim().min(2).max(60),
  ratingValue: z.number().min(0).max(5),
  ratingBest: z.number().int().min(1).max(10),
  ratingCount: z.number().int().min(0),
});

export const promisesSettingsSchema = z.object({
  responseHoursMin: z.number().int().min(0),
  responseHoursMax: z.number().int().min(1),
  /** Average first response, in hours: "under 2 hours". */
  averageResponseHours: z.number().min(0),
  repairHoursMin: z.number().int().min(1),
  repairHoursMax: z.number().int().min(1),
  warrantyMonths: z.number().int().min(0),
});

export const SERVICE_CATEGORIES = ["Automation", "Electrical", "Mechanical", "Utility", "Emergency"] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

export const chargesSettingsSchema = z
  .array(
    z
      .object({
        category: z.enum(SERVICE_CATEGORIES),
        minRupees: z.number().int().min(0),
        maxRupees: z.number().int().min(0),
      })
      .refine((c) => c.maxRupees >= c.minRupees, "The upper bound must not be below the lower one"),
  )
  .length(SERVICE_CATEGORIES.length);

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use 24-hour time, like 09:00");

/**
 * How the office works: the response promise per urgency (the SLA), the working hours the planned-work
 * clock counts in, when the owner is warned, and the terms printed on quotes and invoices.
 */
export const operationsSettingsSchema = z
  .object({
    /** Emergencies and "within 24 hours" are counted round the clock. */
    emergencyResponseHours: z.number().int().min(1).max(72),
    within24hResponseHours: z.number().int().min(1).max(72),
    /** Planned work is counted in working hours: 9 = by the same time on the next working day. */
    plannedResponseWorkingHours: z.number().int().min(1).max(200),
    /** Working days, 0 = Sunday ... 6 = Saturday (India time). */
    workingDays: z.array(z.number().int().min(0).max(6)).min(1, "Choose at least one working day").max(7),
    workingHoursOpen: clockTime,
    workingHoursClose: clockTime,
    /** The schedule board's week starts on this day, 0 = Sunday ... 6 = Saturday (issue 21). */
    weekStartsOn: z.number().int().min(0).max(6).default(1),
    /** The owner gets an SMS and an e-mail this long before a request's response is due with no contact. */
    escalateBeforeMinutes: z.number().int().min(5).max(600),
    quoteValidityDays: z.number().int().min(1).max(365),
    quoteTerms: z.string().trim().max(2000),
    invoiceTerms: z.string().trim().max(2000),
    /** An invoice's due date is this many days after its date (0: due on receipt). */
    invoiceDueDays: z.number().int().min(0).max(180).default(15),
    /** Payment reminders by SMS: the first this many days after the due date, then again every as many days. 0 sends none. */
    reminderEveryDays: z.number().int().min(0).max(90).default(7),
    /** At most this many reminders per invoice; they stop at once when it is paid. */
    maxReminders: z.number().int().min(0).max(12).default(3),
  })
  .refine((o) => o.workingHoursClose > o.workingHoursOpen, { message: "Closing time must be after opening time", path: ["workingHoursClose"] });

/** name@handle, as UPI apps show it (the handle is the payment app's or bank's). */
export const UPI_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/;
/** Four letters (the bank), a zero, six letters or digits (the branch). */
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;

const optionalSetting = (max: number) => z.string().trim().min(1).max(max).optional();

/**
 * How customers pay: printed on invoices and quotes. Every field stays unset until the owner fills it in
 * (no sample account is ever shown); a bank account needs its name, number and IFSC together.
 */
/** The Tally ledgers the accountant may rename; unset means the default (TALLY_LEDGER_DEFAULTS). */
export const TALLY_LEDGER_DEFAULTS = {
  tallySalesLedger: "Sales",
  tallyCgstLedger: "Output CGST",
  tallySgstLedger: "Output SGST",
  tallyIgstLedger: "Output IGST",
  tallyRoundOffLedger: "Round Off",
  tallyBankLedger: "Bank Account",
  tallyCashLedger: "Cash",
  tallyPurchaseLedger: "Purchases",
  tallyInputCgstLedger: "Input CGST",
  tallyInputSgstLedger: "Input SGST",
  tallyInputIgstLedger: "Input IGST",
} as const;
export type TallyLedgerKey = keyof typeof TALLY_LEDGER_DEFAULTS;
const TALLY_LEDGER_SETTINGS = Object.fromEntries(Object.keys(TALLY_LEDGER_DEFAULTS).map((k) => [k, optionalSetting(100)])) as Record<TallyLedgerKey, ReturnType<typeof optionalSetting>>;

export const paymentsSettingsSchema = z
  .object({
    upiId: z.string().trim().regex(UPI_ID, "A UPI ID looks like name@bank").optional(),
    payeeName: optionalSetting(100),
    /** A merchant account's category code (UPI's mc parameter): four digits, e.g. 7629 for repair services. */
    upiMerchantCode: z.string().trim().regex(/^\d{4}$/, "A merchant category code has four digits").optional(),
    bankName: optionalSetting(100),
    accountName: optionalSetting(100),
    accountNumber: z.string().trim().regex(/^\d{9,18}$/, "An account number has 9 to 18 digits").optional(),
    ifsc: z.string().trim().toUpperCase().regex(IFSC, "An IFSC has 11 characters, like SBIN0001234").optional(),
    /** The ledgers of the Tally XML export, as the accountant named them in Tally (~/.server/accounting/tally.ts has the defaults). */
    ...TALLY_LEDGER_SETTINGS,
  })
  .superRefine((p, ctx) => {
    if (!(p.bankName || p.accountName || p.accountNumber || p.ifsc)) return;
    const missing = "Needed for a bank account (or leave all the bank fields empty)";
    if (!p.accountName) ctx.addIssue({ code: "custom", path: ["accountName"], message: missing });
    if (!p.accountNumber) ctx.addIssue({ code: "custom", path: ["accountNumber"], message: missing });
    if (!p.ifsc) ctx.addIssue({ code: "custom", path: ["ifsc"], message: missing });
  });

export const SMS_SENDER_ID = /^[A-Z]{6}$/;

/**
 * The outside services, for an install without environment variables for them: e-mail (SMTP), the SMS
 * gateway and the OpenID Connect provider. Server-only: it holds secrets (smtpUrl carries the SMTP password,
 * smsHttpToken, oidcClientSecret), which are never sent to a browser. An environment variable that is set
 * wins over the stored value (app/.server/settings/integrations.ts).
 */
export const integrationsSettingsSchema = z
  .object({
    smtpUrl: z.string().trim().regex(/^smtps?:\/\/[^\s]+$/, "An SMTP address starts with smtp:// or smtps://").optional(),
    mailFrom: optionalSetting(200),
    smsProvider: z.enum(["log", "http"]).optional(),
    smsHttpUrl: z.url({ protocol: /^https?$/, message: "Enter the gateway's https:// address" }).optional(),
    smsHttpToken: optionalSetting(500),
    smsSenderId: z.string().trim().regex(SMS_SENDER_ID, "A sender ID is six capital letters").optional(),
    oidcIssuer: z.url({ protocol: /^https?$/, message: "Enter the provider's https:// address" }).optional(),
    oidcClientId: optionalSetting(200),
    oidcClientSecret: optionalSetting(500),
    oidcProviderName: optionalSetting(40),
    /** The payment gateway (Razorpay-style payment links and signed webhooks); unset: no online payment. */
    gatewayProvider: z.enum(["razorpay"]).optional(),
    /** The gateway's API address: https://api.razorpay.com in production (a local fake in the tests). */
    gatewayApiUrl: z.url({ protocol: /^https?$/, message: "Enter the gateway's https:// address" }).optional(),
    gatewayKeyId: optionalSetting(100),
    gatewayKeySecret: optionalSetting(500),
    /** The secret the gateway signs its webhooks with (HMAC-SHA256 of the body). */
    gatewayWebhookSecret: optionalSetting(500),
    // WhatsApp Business Cloud API (issue 12): unset, WhatsApp messages are logged and kept, not sent.
    /** The Graph API's address: https://graph.facebook.com in production (a local fake in the tests). */
    whatsappApiBase: z.url({ protocol: /^https?$/, message: "Enter the API's https:// address" }).optional(),
    whatsappPhoneNumberId: z.string().trim().regex(/^\d{5,30}$/, "The phone number id is digits, from Meta's WhatsApp Manager").optional(),
    whatsappToken: optionalSetting(1000),
    /** The app secret Meta signs its webhooks with (X-Hub-Signature-256). */
    whatsappAppSecret: optionalSetting(500),
    /** The token Meta sends back in the webhook's verification handshake (hub.verify_token). */
    whatsappVerifyToken: optionalSetting(200),
    // Video calls (issue 12 §7): the ICE servers the two browsers use across the internet (none on one network).
    /** STUN servers, like stun:stun.example.in:3478 (several: separated by commas or spaces). */
    videoStunUrls: z.string().trim().max(500).regex(/^stuns?:[^\s,]+(?:[\s,]+stuns?:[^\s,]+)*$/, "STUN addresses start with stun: or stuns:, like stun:stun.example.in:3478").optional(),
    /** TURN servers, like turn:turn.example.in:3478 (used only with their user and password). */
    videoTurnUrls: z.string().trim().max(500).regex(/^turns?:[^\s,]+(?:[\s,]+turns?:[^\s,]+)*$/, "TURN addresses start with turn: or turns:, like turn:turn.example.in:3478").optional(),
    videoTurnUsername: optionalSetting(200),
    videoTurnCredential: optionalSetting(500),
  })
  .superRefine((i, ctx) => {
    const oidc = [i.oidcIssuer, i.oidcClientId, i.oidcClientSecret].filter(Boolean).length;
    if (oidc > 0 && oidc < 3) {
      const message = "The issuer, client ID and client secret are set together (or all left empty)";
      if (!i.oidcIssuer) ctx.addIssue({ code: "custom", path: ["oidcIssuer"], message });
      if (!i.oidcClientId) ctx.addIssue({ code: "custom", path: ["oidcClientId"], message });
      if (!i.oidcClientSecret) ctx.addIssue({ code: "custom", path: ["oidcClientSecret"], message });
    }
  });

/** The secret fields of the integrations group: write-only, never returned to a browser or written to the log. */
export const INTEGRATION_SECRETS = ["smtpUrl", "smsHttpToken", "oidcClientSecret", "gatewayKeySecret", "gatewayWebhookSecret", "whatsappToken", "whatsappAppSecret", "whatsappVerifyToken", "videoTurnCredential"] as const;
export type IntegrationSecret = (typeof INTEGRATION_SECRETS)[number];

/**
 * Groups the server keeps to itself: they are not in SiteSettings (which every page sends to the browser).
 * Payments are read by invoices (getPaymentSettings), integrations by the mail, SMS and sign-in code.
 */
export const privateSettingsGroupSchemas = {
  payments: paymentsSettingsSchema,
  integrations: integrationsSettingsSchema,
} as const;
export type PrivateSettingsGroup = keyof typeof privateSettingsGroupSchemas;
export type PaymentSettings = z.output<typeof paymentsSettingsSchema>;
export type IntegrationSettings = z.output<typeof integrationsSettingsSchema>;

export const settingsGroupSchemas = {
  identity: identitySettingsSchema,
  business: businessSettingsSchema,
  claims: claimsSettingsSchema,
  promises: promisesSettingsSchema,
  charges: chargesSettingsSchema,
  operations: operationsSettingsSchema,
} as const;

export type SettingsGroup = keyof typeof settingsGroupSchemas;
export type SiteSettings = { [K in SettingsGroup]: z.output<(typeof settingsGroupSchemas)[K]> };
export type PrivateSettings = { [K in PrivateSettingsGroup]: z.output<(typeof privateSettingsGroupSchemas)[K]> };

/** Every group the settings screen edits, public and private. */
export const allSettingsGroupSchemas = { ...settingsGroupSchemas, ...privateSettingsGroupSchemas } as const;
export type AnySettingsGroup = keyof typeof allSettingsGroupSchemas;
