import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { findServiceByPath } from "~/.server/content/index.ts";
import { privacyConsent } from "~/.server/legal/index.ts";
import { contractDueAt, contractPromises } from "~/.server/contracts/sla.ts";
import { ensureCustomerRecords } from "~/.server/customers/link.ts";
import { bulkInsert, getDb, groupCommit } from "~/.server/db/index.ts";
import { nextReferences } from "~/.server/db/references.ts";
import { requestEvents, requestPhotos, serviceRequests, technicianProfiles } from "~/.server/db/schema.ts";
import { keyFor } from "~/.server/forms/index.ts";
import { queueMessages } from "~/.server/notifications/index.ts";
import { requestNotifications } from "~/.server/notifications/templates.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { checkPhotos, photoColumns, removeStored, storePhotos, type StoredFile } from "~/.server/uploads/index.ts";
import type { QuickRequestInput, ServiceRequestInput } from "~/lib/forms/service-request.ts";
import { promiseText, responseDueAt } from "~/lib/requests/sla.ts";
import { forgetNewRequests, rememberNewRequests, requestsReceivedJob } from "./follow-up.ts";
import { requestPhotosWithOrigin } from "./photos.ts";

export type ServiceRequest = typeof serviceRequests.$inferSelect;

/** The label of the privacy notice's version that a consent given now refers to (privacyConsent: with its id). */
export async function currentPrivacyVersion(): Promise<string> {
  return (await privacyConsent()).consentVersion;
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

interface PendingRequest {
  values: NewRequest;
  /** Its photos, already written to storage. */
  stored: StoredFile[];
}

/**
 * Writes a batch of requests (see groupCommit): the references in one statement, then one transaction with
 * their customers, one INSERT for the requests, one for their photos and one for their notifications and the
 * batch's follow-up job, which are sent (and run) once it commits. A request whose form key is already stored (a repeat, or two copies in the same batch) is
 * skipped by ON CONFLICT and answered with the stored one's reference; its photos are removed.
 */
async function writeRequests(items: PendingRequest[]): Promise<Submission[]> {
  const db = getDb();
  const site = await getSiteSettings();
  // The references are taken in a statement of their own: the counter row is then locked for one statement,
  // not for the whole transaction, so other servers' submissions do not queue behind this batch. (A failed
  // transaction or a skipped repeat leaves a gap in the month's numbers: references must be unique, not gapless.)
  const references = await nextReferences(db, "SR", items.length);
  // The response promise is stored with the request: the dashboard, the lists and the escalation job read
  // it, and a later change of the targets does not move a promise already made.
  const receivedAt = new Date();
  const dueOf = (item: PendingRequest) => responseDueAt(item.values.urgency, receivedAt, site.operations);
  const written: number[] = [];
  const rows = await db.transaction(async (tx) => {
    // Set-based, whatever the batch's size: each step below is one statement (or a fixed few) for every
    // request in it, so that the visitor's wait does not grow with what a submission sets off (ADR 011).
    // Each request belongs to a customer record, found or made by mobile number (~/.server/customers), and is
    // stored already linked to it. A repeat (ON CONFLICT below) names a customer its first copy already made.
    const { ids: customerOf, made } = await ensureCustomerRecords(
      tx,
      items.map(({ values: v }) => ({ mobile: v.mobile, name: v.contactName, company: v.company, email: v.email })),
    );
    // A customer with an active maintenance contract: the request is linked to it and its response promise
    // applies (~/.server/contracts/sla.ts), read for the whole batch at once. A record made just now has no
    // contract yet: only the known customers are looked up (none at all when every number is new).
    const contractOf = await contractPromises(tx, [...customerOf.values()].filter((id) => !made.has(id)), receivedAt);
    const dueAt = items.map((item) => {
      const customerId = customerOf.get(item.values.mobile);
      const contract = customerId === undefined ? undefined : contractOf.get(customerId);
      return { customerId: customerId ?? null, contract, due: contract ? contractDueAt(dueOf(item), contract, receivedAt) : dueOf(item) };
    });
    const inserted = await bulkInsert(
      tx,
      serviceRequests,
      items.map((item, i) => ({
        ...item.values,
        reference: references[i]!,
        customerId: dueAt[i]!.customerId,
        contractId: dueAt[i]!.contract?.contractId ?? null,
        responseDueAt: dueAt[i]!.due,
      })),
      { onConflictDoNothing: serviceRequests.idempotencyKey, returning: { id: serviceRequests.id, reference: serviceRequests.reference } },
    );
    const idOf = new Map(inserted.map((row) => [row.reference, row.id]));
    const photos = items.flatMap((item, i) => {
      const requestId = idOf.get(references[i]!);
      return requestId === undefined
        ? []
        : item.stored.map((f) => ({
            requestId,
            ...photoColumns(f),
          }));
    });
    await bulkInsert(tx, requestPhotos, photos);
    const notices = items.flatMap((item, i) => {
      const reference = references[i]!;
      if (!idOf.has(reference)) return [];
      const v = item.values;
      return requestNotifications(
        {
          reference,
          kind: v.kind,
          contactName: v.contactName,
          mobile: v.mobile,
          email: v.email ?? null,
          company: v.company ?? null,
          city: v.city ?? null,
          serviceName: v.serviceName ?? null,
          urgency: v.urgency,
          faultDescription: v.faultDescription,
          // The promise this request was given (its urgency's, or its contract's), not one range for all.
          promise: promiseText({ urgency: v.urgency, receivedAt, responseDueAt: dueAt[i]!.due }, site.operations),
        },
        site,
      );
    });
    // What else a new request sets off (the staff's alerts, the response-promise jobs, the live events) is
    // not what the visitor waits for: one job for the batch, stored by the same INSERT as the messages and run
    // right after the commit (./follow-up.ts). The transaction the batch waits on holds only the requests,
    // their customers and their messages.
    const followUp = requestsReceivedJob([...idOf.values()]);
    // Its rows, handed to the follow-up in memory: it need not read back what was just written (ADR 071).
    rememberNewRequests(
      items.flatMap((item, i) => {
        const id = idOf.get(references[i]!);
        if (id === undefined) return [];
        written.push(id);
        const v = item.values;
        return [{
          id,
          reference: references[i]!,
          status: "new",
          customerId: dueAt[i]!.customerId,
          technicianId: v.assignedTechnicianId ?? null,
          urgency: v.urgency,
          contactName: v.contactName,
          mobile: v.mobile,
          company: v.company ?? null,
          city: v.city ?? null,
          serviceName: v.serviceName ?? null,
          faultDescription: v.faultDescription,
          responseDueAt: dueAt[i]!.due,
        }];
      }),
    );
    await queueMessages(tx, notices, followUp ? [followUp] : []);
    return idOf;
  }).catch((error: unknown) => {
    forgetNewRequests(written);
    throw error;
  });

  const repeats = items.filter((_, i) => !rows.has(references[i]!));
  const stored = repeats.length
    ? await db
        .select({ reference: serviceRequests.reference, idempotencyKey: serviceRequests.idempotencyKey })
        .from(serviceRequests)
        .where(inArray(serviceRequests.idempotencyKey, repeats.map((item) => item.values.idempotencyKey)))
    : [];
  const referenceOfKey = new Map(stored.map((row) => [row.idempotencyKey, row.reference]));
  await removeStored(repeats.flatMap((item) => item.stored));
  return items.map((item, i) => {
    if (rows.has(references[i]!)) return { reference: references[i]!, created: true };
    const reference = referenceOfKey.get(item.values.idempotencyKey);
    if (!reference) throw new Error(`request ${item.values.idempotencyKey} was neither stored nor found`);
    return { reference, created: false };
  });
}

const commitRequest = groupCommit(writeRequests);

/**
 * Stores a request and queues its notifications, committed before this returns. Photos are written first
 * and removed again if the request cannot be stored. A repeated submission (same idempotency key) returns
 * the first one's reference. Throws UploadError for a bad photo before anything is stored.
 */
async function submit(values: NewRequest, photos: File[]): Promise<Submission> {
  if (photos.length) {
    // A repeat of a form with photos is answered before they are decoded and stored all over again.
    const existing = await findByKey(values.idempotencyKey);
    if (existing) return existing;
    await checkPhotos(photos);
  }
  const stored: StoredFile[] = photos.length ? await storePhotos(photos) : [];
  try {
    return await commitRequest({ values, stored });
  } catch (error) {
    await removeStored(stored);
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
      ...(await privacyConsent()),
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
      ...(await privacyConsent()),
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

/**
 * Any request by its reference, with photos and the history its customer reads (the back office's own page,
 * with calls and internal notes, is ~/.server/requests/work.ts).
 */
export async function findRequestWithHistory(reference: string) {
  const request = await findRequest(reference);
  return request ? withHistory(request) : undefined;
}

/**
 * The events a customer reads: status changes, the booked visit, a duplicate's closing, and notes the office
 * did not mark internal. Calls, internal notes, assignments and PO numbers are the office's alone; an event
 * marked internal never reaches the customer whatever its kind.
 */
export const CUSTOMER_EVENT_KINDS = ["status", "note", "schedule", "duplicate"] as const;

function customerVisible(): SQL {
  return and(eq(requestEvents.internal, false), inArray(requestEvents.kind, [...CUSTOMER_EVENT_KINDS]))!;
}

async function withHistory(request: ServiceRequest) {
  const [photos, events] = await Promise.all([
    requestPhotosWithOrigin(request.id, "customer"),
    getDb()
      // A technician's note is theirs (issue 17 §5): their name comes with it, not "our office".
      .select({ kind: requestEvents.kind, status: requestEvents.status, note: requestEvents.note, createdAt: requestEvents.createdAt, engineer: technicianProfiles.name })
      .from(requestEvents)
      .leftJoin(technicianProfiles, eq(technicianProfiles.userId, requestEvents.actorUserId))
      .where(and(eq(requestEvents.requestId, request.id), customerVisible()))
      .orderBy(asc(requestEvents.createdAt), asc(requestEvents.id)),
  ]);
  return { request, photos, events };
}

/**
 * A stored photo of a request: the path and type to serve. With an owner (the customer portal), only a
 * photo of one of their own requests, checked in the same query.
 */
export async function findRequestPhoto(requestId: number, photoId: number, owner?: RequestOwner) {
  const [photo] = await getDb()
    .select({ path: requestPhotos.path, contentType: requestPhotos.contentType })
    .from(requestPhotos)
    .innerJoin(serviceRequests, eq(serviceRequests.id, requestPhotos.requestId))
    .where(and(eq(requestPhotos.id, photoId), eq(requestPhotos.requestId, requestId), owner ? ownedBy(owner) : undefined));
  return photo;
}
