import type { PrivateSettings, SiteSettings } from "~/lib/settings-schema.ts";

/**
 * First-run values of the site settings. The spec leaves the phone number and e-mail open, so these are
 * clearly sample values (example.com, a 90000 number, an all-A GSTIN): the office replaces them in the
 * back office before going live. The claims, promises and charges are the spec's own figures.
 */
/** The sample support address of a first run; seed texts that give an address give this one. */
export const SEEDED_SUPPORT_EMAIL = "support@example.com";

export function defaultSettings(siteUrl: string): SiteSettings {
  return {
    identity: {
      wordmarkPrimary: "Deccan",
      wordmarkSecondary: "Automation",
      legalName: "Deccan Automation Services",
      tagline: "Powering Industrial Excellence",
      supportPhone: "+919000000001",
      whatsappNumber: "+919000000001",
      supportEmail: SEEDED_SUPPORT_EMAIL,
      address: {
        streetAddress: "Industrial Development Area, Balanagar",
        locality: "Balanagar",
        city: "Hyderabad",
        state: "Telangana",
        postalCode: "500037",
        country: "India",
      },
      siteUrl: siteUrl.replace(/\/+$/, ""),
    },
    business: {
      openingHours: "Open 24/7 for emergencies",
      open24x7: true,
      gstin: "36AAAAA0000A1Z3",
      state: "Telangana",
      stateCode: "36",
    },
    claims: {
      foundedYear: 2010,
      yearsExperience: 15,
      happyClients: 500,
      industriesServed: 500,
      servicesOffered: 40,
      isoCertification: "ISO 9001:2015",
      ratingValue: 4.8,
      ratingBest: 5,
      ratingCount: 2500,
    },
    promises: {
      responseHoursMin: 2,
      responseHoursMax: 4,
      averageResponseHours: 2,
      repairHoursMin: 24,
      repairHoursMax: 48,
      warrantyMonths: 6,
    },
    charges: [
      { category: "Automation", minRupees: 2500, maxRupees: 15000 },
      { category: "Electrical", minRupees: 1500, maxRupees: 12000 },
      { category: "Mechanical", minRupees: 3000, maxRupees: 25000 },
      { category: "Utility", minRupees: 2000, maxRupees: 18000 },
      { category: "Emergency", minRupees: 5000, maxRupees: 50000 },
    ],
    // The spec promises a 2-4 hour response: 2 for a line that is down, 4 for "within 24 hours".
    operations: {
      emergencyResponseHours: 2,
      within24hResponseHours: 4,
      plannedResponseWorkingHours: 9,
      workingDays: [1, 2, 3, 4, 5, 6],
      workingHoursOpen: "09:00",
      workingHoursClose: "18:00",
      weekStartsOn: 1,
      escalateBeforeMinutes: 30,
      quoteValidityDays: 15,
      quoteTerms: "Prices are in rupees and exclude GST unless shown. Parts are subject to availability. Work starts on receipt of your purchase order or written approval.",
      invoiceTerms: "Payment due within 15 days of the invoice date. Repairs carry a 6-month warranty on the repaired fault.",
      invoiceDueDays: 15,
      reminderEveryDays: 7,
      maxReminders: 3,
    },
  };
}

/**
 * The server-only groups start empty: no bank account, UPI ID or integration is invented. The settings
 * screen shows each as "not set" until the owner fills it in.
 */
export function defaultPrivateSettings(): PrivateSettings {
  return { payments: {}, integrations: {} };
}
