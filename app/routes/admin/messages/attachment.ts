import { staffOf } from "~/.server/auth/staff.ts";
import { findEnquiry } from "~/.server/enquiries/index.ts";
import { storedFileResponse } from "~/.server/uploads/index.ts";
import type { Route } from "./+types/attachment";
import { privateNotFound } from "~/.server/http/errors.ts";

const TYPES: Record<string, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** The file that came with a message (a CV), for the back office. */
export async function loader({ params, context }: Route.LoaderArgs) {
  staffOf(context);
  const message = await findEnquiry(params.reference);
  const extension = message?.attachmentPath?.split(".").pop() ?? "";
  if (!message?.attachmentPath || !TYPES[extension]) {
    return privateNotFound();
  }
  return storedFileResponse(message.attachmentPath, TYPES[extension], message.attachmentName ?? undefined);
}
