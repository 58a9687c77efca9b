import type { DocumentParty } from "~/lib/money/document.ts";

/**
 * The recipient's address as printed: for a registered customer the address of their GSTIN (the billing
 * address on their record), so that the address and "State: Maharashtra (27)" agree. Without one, the
 * site's address when it is in the GSTIN's state, and no street address rather than one in another state.
 * Unregistered: the site's address (its state is the place of supply).
 */
export function recipientAddress(
  customer: { billingAddress: string | null; billingCity: string | null; billingPincode: string | null },
  site: { address: string | null; city: string | null; pincode: string | null; stateCode: string | null } | null | undefined,
  gstin: string | null,
): Pick<DocumentParty, "address" | "city" | "pincode"> {
  if (gstin && (customer.billingAddress || customer.billingCity)) return { address: customer.billingAddress, city: customer.billingCity, pincode: customer.billingPincode };
  if (gstin && site?.stateCode && site.stateCode !== gstin.slice(0, 2)) return { address: null, city: null, pincode: null };
  return { address: site?.address ?? null, city: site?.city ?? null, pincode: site?.pincode ?? null };
}
