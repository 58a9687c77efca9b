import type { DocumentParty } from "~/lib/money/document.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";

/** The business as the supplier on quotes, invoices, credit notes and receipts, from the settings. */
export function supplierFromSettings(settings: Pick<SiteSettings, "identity" | "business">): DocumentParty {
  const { identity, business } = settings;
  const a = identity.address;
  return {
    name: identity.legalName,
    address: [a.streetAddress, a.locality].filter(Boolean).join(", "),
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
