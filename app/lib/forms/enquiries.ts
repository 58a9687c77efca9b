import { z } from "zod";
import {
  idempotencyKey,
  indianMobile,
  optionalEmail,
  optionalText,
  privacyConsent,
  requiredEmail,
  requiredText,
} from "./fields.ts";
import { CALLBACK_TIMES, EXPERIENCE, RATINGS, type EnquiryFormName } from "./enquiry-fields.ts";

/** The Zod schema of each inbound form (enquiry-fields.ts has what renders it), shared by server and browser. */

const name = requiredText("Enter your name.", 100);
const mobile = indianMobile;
const company = optionalText(150);
const common = { consent: privacyConsent, idempotencyKey };

const countOf = (what: string, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || (/^\d{1,4}$/.test(v) && Number(v) >= 1 && Number(v) <= max), `Enter the number of ${what}, from 1 to ${max}.`);

export const ENQUIRY_SCHEMAS = {
  contact: z.object({
    name,
    mobile,
    email: optionalEmail,
    company,
    subject: requiredText("Enter a subject.", 150),
    message: requiredText("Write your message.", 4000),
    ...common,
  }),
  callback: z.object({
    name,
    mobile,
    callbackTime: z.enum(CALLBACK_TIMES, "Choose when we should call."),
    subject: optionalText(150),
    ...common,
  }),
  quote: z.object({
    subject: requiredText("Choose the product or service.", 150),
    quantity: countOf("units", 9999),
    message: requiredText("Describe what you need: make, model, rating and any site conditions.", 4000),
    name,
    mobile,
    email: optionalEmail,
    company,
    ...common,
  }),
  "product-enquiry": z.object({
    subject: requiredText("Choose the product.", 150),
    message: requiredText("Write your question.", 4000),
    name,
    mobile,
    email: optionalEmail,
    ...common,
  }),
  career: z.object({
    subject: requiredText("Choose the opening you are applying for.", 150),
    name,
    mobile,
    email: requiredEmail,
    experience: z.enum(EXPERIENCE, "Choose your experience."),
    location: requiredText("Enter where you live now.", 100),
    message: optionalText(4000),
    ...common,
  }),
  training: z.object({
    subject: requiredText("Choose the course.", 150),
    participants: countOf("participants", 50).refine((v) => v !== undefined, "Enter the number of participants, from 1 to 50."),
    name,
    mobile,
    email: optionalEmail,
    company,
    message: optionalText(2000),
    ...common,
  }),
  investor: z.object({
    name,
    email: requiredEmail,
    mobile,
    company: optionalText(150),
    message: requiredText("Write your enquiry.", 4000),
    ...common,
  }),
  review: z.object({
    rating: z.enum(RATINGS, "Choose a rating from 1 to 5 stars."),
    message: requiredText("Write your review.", 2000),
    subject: optionalText(150),
    name,
    company,
    city: requiredText("Enter your city.", 80),
    mobile,
    ...common,
  }),
} satisfies Record<EnquiryFormName, z.ZodObject>;
