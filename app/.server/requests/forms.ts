import { checkForm, readForm, receiptPath, refusal, type PostOutcome } from "~/.server/forms/index.ts";
import { chosenFiles, PHOTO_LIMITS, UploadError } from "~/.server/uploads/index.ts";
import { quickRequestSchema, serviceRequestSchema } from "~/lib/forms/service-request.ts";
import { submitQuickRequest, submitServiceRequest } from "./index.ts";

/** The full /request form (multipart, with photos). */
export async function postServiceRequest(request: Request, address: string): Promise<PostOutcome> {
  const form = await readForm(request);
  const photos = chosenFiles(form.getAll("photos"));
  const checked = await checkForm(form, serviceRequestSchema, {
    limit: { name: "request", address },
    extraErrors: photos.length > PHOTO_LIMITS.maxFiles ? { photos: `Attach at most ${PHOTO_LIMITS.maxFiles} photos.` } : {},
  });
  if (!checked.ok) return checked.outcome;
  try {
    const { reference } = await submitServiceRequest(checked.data, photos);
    return { ok: true, location: receiptPath(reference) };
  } catch (error) {
    if (error instanceof UploadError) return refusal({ errors: { photos: error.message }, values: checked.values });
    throw error;
  }
}

/** The quick request (spec's createSimpleRequest), from the home page and service pages. */
export async function postQuickRequest(request: Request, address: string): Promise<PostOutcome> {
  // The quick form carries the service page's slug in a hidden field.
  const checked = await checkForm(await readForm(request), quickRequestSchema, {
    limit: { name: "request", address, mobileField: "phone" },
    hiddenFields: ["idempotencyKey", "service"],
  });
  if (!checked.ok) return checked.outcome;
  const { reference } = await submitQuickRequest(checked.data);
  return { ok: true, location: receiptPath(reference) };
}
