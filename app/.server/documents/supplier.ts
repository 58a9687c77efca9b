import type { DocumentParty } from "~/lib/money/document.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";

/**
 * The street line with the locality, unless the street already names it ("Industrial Development Area,
 * Balanagar" with the locality Balanagar): never "Balanagar, Balanagar".
 */
export function streetWithLocality(street: string, locality: string): string {
  const named = street.split(",").some((part) => part.trim().toLowerCase() === locality.trim().toLowerCase());
  return named || !locality.trim() ? street : [street, locality].filter(Boolean).join(", ");
}

/** The business as the supplier on quotes, invoices, credit notes and receipts, from the settings. */
export function supplierFromSettings(settings: Pick<SiteSettings, "identity" | "business">): DocumentParty {
  const { identity, business } = settings;
  const a = identity.address;
  return {
    name: identity.legalName,
    address: streetWithLocality(a.streetAddress, a.locality),
    city: a.city,
    pincode: a.postalCode,
    stateCode: business.stateCode,
    stateName: business.state,
    gstin: business.gstin,
    mobile: identity.supportPhone,
    email: identity.supportEmail,
  };
}

export async function currentSupplier(): Promise<DocumentParty> {
  return supplierFromSettings(await getSiteSettings());
}
