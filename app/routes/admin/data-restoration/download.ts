import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { auditActor, staffOf } from "~/.server/auth/staff.ts";
import { backupDownload } from "~/.server/backup/index.ts";
import { privateNotFound } from "~/.server/http/errors.ts";
import type { Route } from "./+types/download";

/**
 * /admin/data-restoration/:id/download: a backup's archive, streamed (it may be large), for staff with the
 * screen's permission (the layout checked it); the download is audited. Never cached anywhere.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const staff = staffOf(context);
  const id = /^[1-9]\d{0,8}$/.test(params.id) ? Number(params.id) : 0;
  const found = id ? await backupDownload(auditActor(staff), id) : undefined;
  if (!found) return privateNotFound();
  return new Response(Readable.toWeb(createReadStream(found.file)) as ReadableStream, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(found.sizeBytes),
      "Content-Disposition": `attachment; filename="${found.fileName}"`,
      // The checksum to compare with after the download (sha256sum).
      "X-Backup-SHA256": found.sha256,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
