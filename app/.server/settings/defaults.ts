import type { SiteSettings } from "~/lib/settings-schema.ts";

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
  };
}
