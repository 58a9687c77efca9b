import { asc, eq, sql } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { requestPhotos, technicianProfiles, users } from "~/.server/db/schema.ts";

/**
 * A request's photos with who added each (issue 17 §4: "each photo with who took it"): the technician's
 * name from their profile, else the staff member's name. The customer's page names technicians only (the
 * engineer they met); a staff member who took a video snapshot is "the office" to them.
 */
export async function requestPhotosWithOrigin(requestId: number, audience: "office" | "customer", db: Database | Transaction = getDb()) {
  const rows = await db
    .select({
      id: requestPhotos.id,
      width: requestPhotos.width,
      height: requestPhotos.height,
      originalName: requestPhotos.originalName,
      source: requestPhotos.source,
      caption: requestPhotos.caption,
      technician: technicianProfiles.name,
      staff: sql<string | null>`${users.name}`,
    })
    .from(requestPhotos)
    .leftJoin(users, eq(users.id, requestPhotos.uploadedBy))
    .leftJoin(technicianProfiles, eq(technicianProfiles.userId, requestPhotos.uploadedBy))
    .where(eq(requestPhotos.requestId, requestId))
    .orderBy(asc(requestPhotos.id));
  return rows.map(({ technician, staff, ...p }) => ({ ...p, takenBy: technician ?? (audience === "office" ? staff : null) }));
}
