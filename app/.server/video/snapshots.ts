import { eq } from "drizzle-orm";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { getDb } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { requestPhotos, serviceRequests, videoCalls } from "~/.server/db/schema.ts";
import { publishLive } from "~/.server/live/publish.ts";
import { detectPhoto, PHOTO_HEAD_BYTES } from "~/.server/uploads/detect.ts";
import { photoColumns, removeStored, storePhotos, UploadError } from "~/.server/uploads/index.ts";
import { SNAPSHOT_MAX_BYTES } from "~/lib/forms/admin/video-calls.ts";

/**
 * The engineer's snapshots during a call: a frame of the customer's video (the drive's display, a burnt
 * board), drawn on a canvas in the engineer's browser and sent as JPEG. It is checked (size, real type) and
 * stored like every request photo (re-encoded, metadata dropped: ~/.server/uploads), among the request's
 * photos with source "video" and the call it came from.
 */

export type SnapshotResult = { ok: true; photoId: number; created: boolean } | { ok: false; status: 400 | 404 | 409 | 413; message: string };

const timeOfDay = new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit", second: "2-digit", timeZone: "Asia/Kolkata" });

export async function saveSnapshot(staff: StaffMember, reference: string, file: File | null, idempotencyKey: string | undefined, now = new Date()): Promise<SnapshotResult> {
  if (!file || file.size === 0) return { ok: false, status: 400, message: "No snapshot was sent." };
  if (file.size > SNAPSHOT_MAX_BYTES) return { ok: false, status: 413, message: "This snapshot is too large." };
  if (detectPhoto(new Uint8Array(await file.slice(0, PHOTO_HEAD_BYTES).arrayBuffer())) !== "JPEG") return { ok: false, status: 400, message: "A snapshot is a JPEG image." };
  const [call] = await getDb()
    .select({ id: videoCalls.id, status: videoCalls.status, requestId: videoCalls.serviceRequestId, requestReference: serviceRequests.reference })
    .from(videoCalls)
    .innerJoin(serviceRequests, eq(serviceRequests.id, videoCalls.serviceRequestId))
    .where(eq(videoCalls.reference, reference));
  if (!call) return { ok: false, status: 404, message: "This call does not exist." };
  if (call.status !== "live") return { ok: false, status: 409, message: "Snapshots are taken during the call." };
  if (idempotencyKey) {
    const [existing] = await getDb().select({ id: requestPhotos.id }).from(requestPhotos).where(eq(requestPhotos.idempotencyKey, idempotencyKey));
    if (existing) return { ok: true, photoId: existing.id, created: false };
  }
  let stored;
  try {
    stored = await storePhotos([new File([await file.arrayBuffer()], "snapshot.jpg", { type: "image/jpeg" })]);
  } catch (error) {
    if (error instanceof UploadError) return { ok: false, status: 400, message: "This snapshot could not be read as an image." };
    throw error;
  }
  const caption = `Snapshot from video call ${reference}, ${timeOfDay.format(now)}`;
  try {
    const photoId = await getDb().transaction(async (tx) => {
      const [photo] = await tx
        .insert(requestPhotos)
        .values({ ...photoColumns(stored[0]!), originalName: caption, caption, requestId: call.requestId, source: "video", videoCallId: call.id, uploadedBy: staff.userId, idempotencyKey: idempotencyKey ?? null, createdAt: now })
        .returning({ id: requestPhotos.id });
      await audit(tx, auditActor(staff), { action: "video-call.snapshot", entityType: "video_call", entityId: call.id, entityLabel: `${reference} for ${call.requestReference}`, after: { photoId: photo!.id } }, now);
      await publishLive(tx, { audience: `video:${call.id}`, kind: "video.snapshot", data: { reference, photoId: photo!.id } });
      return photo!.id;
    });
    return { ok: true, photoId, created: true };
  } catch (error) {
    await removeStored(stored);
    if (idempotencyKey && isUniqueViolation(error)) {
      const [existing] = await getDb().select({ id: requestPhotos.id }).from(requestPhotos).where(eq(requestPhotos.idempotencyKey, idempotencyKey));
      if (existing) return { ok: true, photoId: existing.id, created: false };
    }
    throw error;
  }
}
