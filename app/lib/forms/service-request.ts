import { z } from "zod";
import {
  idempotencyKey,
  indianMobile,
  optionalEmail,
  optionalFutureDate,
  optionalText,
  privacyConsent,
  requiredText,
} from "./fields.ts";
import { URGENCIES } from "./urgency.ts";

/** /request: the full service request (spec's Request Service). Photos are checked separately. */
export const serviceRequestSchema = z.object({
  contactName: requiredText("Enter your name.", 100),
  mobile: indianMobile,
  email: optionalEmail,
  company: optionalText(150),
  siteAddress: requiredText("Enter the site address where the equipment is.", 300),
  city: requiredText("Enter the city.", 80),
  service: requiredText("Choose the service you need.", 120),
  equipmentBrand: optionalText(80),
  equipmentModel: optionalText(120),
  equipmentRating: optionalText(40),
  faultDescription: requiredText("Describe the fault or the work you need.", 4000),
  faultCode: optionalText(60),
  urgency: z.enum(
    URGENCIES.map((u) => u.value),
    "Choose how urgent it is.",
  ),
  preferredDate: optionalFutureDate,
  consent: privacyConsent,
  idempotencyKey,
});
export type ServiceRequestInput = z.output<typeof serviceRequestSchema>;
export const SERVICE_REQUEST_FIELDS = Object.keys(serviceRequestSchema.shape) as Array<keyof typeof serviceRequestSchema.shape>;

/**
 * The spec's createSimpleRequest (name, phone, email, preferredDate, description), offered by the home page's
 * quotation call-to-action and by service pages. It creates the same kind of request, marked quick.
 */
export const quickRequestSchema = z.object({
  name: requiredText("Enter your name.", 100),
  phone: indianMobile,
  email: optionalEmail,
  preferredDate: optionalFutureDate,
  description: requiredText("Tell us briefly what you need.", 2000),
  /** The service page it came from, if any. */
  service: optionalText(120),
  consent: privacyConsent,
  idempotencyKey,
});
export type QuickRequestInput = z.output<typeof quickRequestSchema>;
export const QUICK_REQUEST_FIELDS = Object.keys(quickRequestSchema.shape) as Array<keyof typeof quickRequestSchema.shape>;
