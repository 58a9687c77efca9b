import { z } from "zod";

/**
 * /admin/data-restoration's actions: back up now, test-restore a backup, delete a backup. Each post names its
 * intent; the last two name the backup.
 */
const backupId = z.coerce.number("Choose the backup.").int("Choose the backup.").positive("Choose the backup.").max(2_147_483_647, "Choose the backup.");

export const backupActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("run") }),
  z.object({ intent: z.literal("test-restore"), id: backupId }),
  z.object({ intent: z.literal("delete"), id: backupId }),
]);

/** /admin/data-restoration/trash's actions: restore an entry, or delete it forever (a ticked box says so). */
const trashId = z.coerce.number("Choose what to restore.").int("Choose what to restore.").positive("Choose what to restore.").max(2_147_483_647, "Choose what to restore.");
const trashVersion = z.coerce.number("Reload the page and try again.").int("Reload the page and try again.").positive("Reload the page and try again.").max(2_147_483_647, "Reload the page and try again.");

export const trashActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("restore"), id: trashId, version: trashVersion }),
  z.object({
    intent: z.literal("delete-forever"),
    id: trashId,
    version: trashVersion,
    confirm: z.literal("yes", "Tick the box to confirm: it cannot be brought back."),
  }),
]);

/** The intent of a record page's "Move to trash" button (every screen's). */
export const TRASH_INTENT = "trash";

/** The "Move to trash" button on a record's page: the record's version, so a delete never follows an unseen change. */
export const moveToTrashSchema = z.object({ intent: z.literal(TRASH_INTENT), version: trashVersion });
