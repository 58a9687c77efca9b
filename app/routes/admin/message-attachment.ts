import { requireRole } from "~/.server/auth/index.ts";
import { findEnquiry } from "~/.server/enquiries/index.ts";
import { storedFileResponse } from "~/.server/uploads/index.ts";
import type { Route } from "./+types/message-attachment";
import { privateNotFound } from "~/.server/http/errors.ts";

const TYPES: Record<string, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** The file that came with a message (a CV), for the back office. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  await requireRole(request, url, "admin");
  const message = await findEnquiry(params.reference);
  const extension = message?.attachmentPath?.split(".").pop() ?? "";
  if (!message?.attachmentPath || !TYPES[extension]) {
    return privateNotFound();
  }
  return storedFileResponse(message.attachmentPath, TYPES[extension], message.attachmentName ?? undefined);
}
