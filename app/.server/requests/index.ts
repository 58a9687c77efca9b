import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { findServiceByPath, listEntries } from "~/.server/content/index.ts";
import { getDb } from "~/.server/db/index.ts";
import { isUniqueViolation, nextReference } from "~/.server/db/references.ts";
import { requestEvents, requestPhotos, serviceRequests } from "~/.server/db/schema.ts";
import { keyFor } from "~/.server/forms/index.ts";
import { nudgeOutboxWorker, queueMessages } from "~/.server/notifications/index.ts";
import { requestNotifications } from "~/.server/notifications/templates.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { checkPhotos, removeStored, storePhotos, type StoredFile } from "~/.server/uploads/index.ts";
import type { QuickRequestInput, ServiceRequestInput } from "~/lib/forms/service-request.ts";

export type ServiceRequest = typeof serviceRequests.$inferSelect;

/** The version of the privacy notice that a consent given now refers to. */
export async function currentPrivacyVersion(): Promise<string> {
  const pages = await listEntries("page");
  return pages.find((p) => p.slug === "privacy")?.data.version ?? "unversioned";
}

export interface Submission {
  reference: string;
  /** False when this was a repeat of a submission already stored (same form key): nothing new was made. */
  created: boolean;
}

async function findByKey(key: string): Promise<Submission | undefined> {
  const [row] = await getDb()
    .select({ reference: serviceRequests.reference })
    .from(serviceRequests)
    .where(eq(serviceRequests.idempotencyKey, key));
  return row ? { reference: row.reference, created: false } : undefined;
}

type NewRequest = Omit<typeof serviceRequests.$inferInsert, "id" | "reference" | "createdAt" | "status">;

/**
 * Stores a request and queues its notifications in one transaction; photos are written first and removed
 * again if the transaction fails. A repeated submission (same idempotency key) returns the first one's
 * reference. Throws UploadError for a bad photo before anything is stored.
 */
async function submit(values: NewRequest, photos: File[]): Promise<Submission> {
  const existing = await findByKey(values.idempotencyKey);
  if (existing) return existing;
  await checkPhotos(photos);
  const site = await getSiteSettings();
  const stored: StoredFile[] = photos.length ? await storePhotos(photos) : [];
  try {
    // The reference is taken in a statement of its own: the counter row is then locked for one statement,
    // not for the whole transaction, so concurrent submissions do not queue behind each other. (A failed
    // transaction leaves a gap in the month's numbers; service requests need unique references, not gapless.)
    const reference = await nextReference(getDb(), "SR");
    await getDb().transaction(async (tx) => {
      const [row] = await tx.insert(serviceRequests).values({ ...values, reference }).returning({ id: serviceRequests.id });
      if (stored.length) {
        await tx.insert(requestPhotos).values(
          stored.map((f) => ({
            requestId: row!.id,
            path: f.path,
            contentType: f.contentType,
            width: f.width ?? 0,
            height: f.height ?? 0,
            bytes: f.bytes,
            originalName: f.originalName,
          })),
        );
      }
      await queueMessages(
        tx,
        requestNotifications(
          {
            reference,
            kind: values.kind,
            contactName: values.contactName,
            mobile: values.mobile,
            email: values.email ?? null,
            company: values.company ?? null,
            city: values.city ?? null,
            serviceName: values.serviceName ?? null,
            urgency: values.urgency,
            faultDescription: values.faultDescription,
          },
          site,
        ),
      );
    });
    nudgeOutboxWorker();
    return { reference, created: true };
  } catch (error) {
    await removeStored(stored);
    // Two copies of one submission raced: the other one won, and this is its repeat.
    if (isUniqueViolation(error)) {
      const winner = await findByKey(values.idempotencyKey);
      if (winner) return winner;
    }
    throw error;
  }
}

/** The catalogue service a visitor chose, by slug (the form's value) or, failing that, by name. */
async function resolveService(value: string | undefined): Promise<{ slug: string | null; name: string | null }> {
  if (!value) return { slug: null, name: null };
  const service = await findServiceByPath(`/service/${value}`);
  return service ? { slug: service.slug, name: service.name } : { slug: null, name: value };
}

export async function submitServiceRequest(input: ServiceRequestInput, photos: File[]): Promise<Submission> {
  const service = await resolveService(input.service);
  return submit(
    {
      kind: "full",
      contactName: input.contactName,
      mobile: input.mobile,
      email: input.email ?? null,
      company: input.company ?? null,
      siteAddress: input.siteAddress,
      city: input.city,
      serviceSlug: service.slug,
      serviceName: service.name,
      equipmentBrand: input.equipmentBrand ?? null,
      equipmentModel: input.equipmentModel ?? null,
      equipmentRating: input.equipmentRating ?? null,
      faultDescription: input.faultDescription,
      faultCode: input.faultCode ?? null,
      urgency: input.urgency,
      preferredDate: input.preferredDate ?? null,
      consentVersion: await currentPrivacyVersion(),
      consentAt: new Date(),
      idempotencyKey: keyFor("request", input.idempotencyKey, input),
    },
    photos,
  );
}

export async function submitQuickRequest(input: QuickRequestInput): Promise<Submission> {
  const service = await resolveService(input.service);
  return submit(
    {
      kind: "quick",
      contactName: input.name,
      mobile: input.phone,
      email: input.email ?? null,
      serviceSlug: service.slug,
      serviceName: service.name,
      faultDescription: input.description,
      urgency: "planned",
      preferredDate: input.preferredDate ?? null,
      consentVersion: await currentPrivacyVersion(),
      consentAt: new Date(),
      idempotencyKey: keyFor("quick-request", input.idempotencyKey, input),
    },
    [],
  );
}

export async function findRequest(reference: string): Promise<ServiceRequest | undefined> {
  const [row] = await getDb().select().from(serviceRequests).where(eq(serviceRequests.reference, reference));
  return row;
}

export async function latestRequests(limit = 50): Promise<ServiceRequest[]> {
  return getDb().select().from(serviceRequests).orderBy(desc(serviceRequests.createdAt)).limit(limit);
}

// ── A customer's own requests ────────────────────────────────────────────────────────────────────
// A request is the customer's when it was made with their mobile number (checked by the sign-in code), or
// with an e-mail address their identity provider verified. Earlier requests appear as soon as they first
// sign in; nobody else's ever do.

export interface RequestOwner {
  mobile: string | null;
  email: string | null;
  emailVerified: boolean;
}

function ownedBy(owner: RequestOwner): SQL {
  const byMobile = owner.mobile ? eq(serviceRequests.mobile, owner.mobile) : undefined;
  const byEmail =
    owner.email && owner.emailVerified ? sql`lower(${serviceRequests.email}) = ${owner.email.toLowerCase()}` : undefined;
  return or(byMobile, byEmail) ?? sql`false`;
}

/** The customer's requests, newest first. */
export async function listRequestsOf(owner: RequestOwner) {
  return getDb()
    .select({
      id: serviceRequests.id,
      reference: serviceRequests.reference,
      kind: serviceRequests.kind,
      status: serviceRequests.status,
      serviceName: serviceRequests.serviceName,
      faultDescription: serviceRequests.faultDescription,
      urgency: serviceRequests.urgency,
      preferredDate: serviceRequests.preferredDate,
      createdAt: serviceRequests.createdAt,
    })
    .from(serviceRequests)
    .where(ownedBy(owner))
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id));
}

/** The request with its photos and status history, or undefined when it is not the customer's. */
export async function findRequestOf(owner: RequestOwner, id: number) {
  const [request] = await getDb()
    .select()
    .from(serviceRequests)
    .where(and(eq(serviceRequests.id, id), ownedBy(owner)));
  return request ? withHistory(request) : undefined;
}

/** Any request by its reference, with photos and history: the back office. */
export async function findRequestWithHistory(reference: string) {
  const request = await findRequest(reference);
  return request ? withHistory(request) : undefined;
}

async function withHistory(request: ServiceRequest) {
  const [photos, events] = await Promise.all([
    getDb()
      .select({ id: requestPhotos.id, width: requestPhotos.width, height: requestPhotos.height, originalName: requestPhotos.originalName })
      .from(requestPhotos)
      .where(eq(requestPhotos.requestId, request.id))
      .orderBy(asc(requestPhotos.id)),
    getDb()
      .select({ status: requestEvents.status, note: requestEvents.note, createdAt: requestEvents.createdAt })
      .from(requestEvents)
      .where(eq(requestEvents.requestId, request.id))
      .orderBy(asc(requestEvents.createdAt), asc(requestEvents.id)),
  ]);
  return { request, photos, events };
}

/** A stored photo of a request: the path and type to serve. */
export async function findRequestPhoto(requestId: number, photoId: number) {
  const [photo] = await getDb()
    .select({ path: requestPhotos.path, contentType: requestPhotos.contentType })
    .from(requestPhotos)
    .where(and(eq(requestPhotos.id, photoId), eq(requestPhotos.requestId, requestId)));
  return photo;
}
