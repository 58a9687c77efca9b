import type { StaffMember } from "~/.server/auth/staff.ts";
import { parseForm, redirectWithFlash, refuseForm } from "~/.server/forms/index.ts";
import { moveToTrashSchema } from "~/lib/forms/admin/data-restoration.ts";
import { moveToTrash } from "./index.ts";

/**
 * A record page's "Move to trash" post, the same on every screen: the version checked, the record moved, then
 * back to the screen's list with the result (or the refusal beside the button, status 400).
 */
export async function trashFromForm(form: FormData, staff: StaffMember, kind: string, id: number, listPath: string) {
  const parsed = parseForm(form, moveToTrashSchema, { hiddenFields: ["version"] });
  if (parsed.refusal) return parsed.refusal;
  const result = await moveToTrash(staff, kind, id, parsed.data.version);
  if (!result.ok) return refuseForm(form, result.message);
  return redirectWithFlash(listPath, { type: "success", message: result.message });
}
