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
