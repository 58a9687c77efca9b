import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { ensureCustomers } from "~/.server/customers/link.ts";
import { addUnit, serialKey, unitOfCustomerBySerial, unitsOfCustomer } from "~/.server/customers/units.ts";

export { serialKey };
import { getDb, type Transaction } from "~/.server/db/index.ts";
import { nextReference } from "~/.server/db/references.ts";
import { statusChanges } from "~/.server/requests/work.ts";
import { benchEvents, benchJobs, customers, equipmentUnits, requestEvents, requestPhotos, serviceRequests } from "~/.server/db/schema.ts";
import { chosenFiles, photoColumns, removeStored, storePhotos, UploadError, type StoredFile } from "~/.server/uploads/index.ts";
import { formatDate } from "~/lib/format.ts";
import type { IntakeInput } from "~/lib/forms/admin/bench.ts";
import { Refusal, runningWarranty, unitText, type BenchResult } from "./shared.ts";

/**
 * Booking a unit in for bench repair against a service request (/admin/service-requests/{reference}/bench):
 * the unit is one of the customer's (picked) or a new one (added to the customer's units), the job card
 * number is the month's next JC reference, and a unit whose serial number had a repair whose warranty still
 * runs is flagged (warrantyRepeatOfId). The photos of its condition on arrival are stored as the request's
 * photos with the job's id. One transaction: the job, its first event, the photos' rows, the request's
 * "bench" event and the audit entry. The form's key makes a second post of the same form find the first job.
 */

/** India's date of a moment: "5 March 2026". */
function indiaDate(at: Date): string {
  return formatDate(new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10));
}

/** The request's customer record, found by its link or its mobile number (read only: intake makes it if missing). */
async function customerOf(request: { customerId: number | null; mobile: string }) {
  const where = request.customerId !== null ? eq(customers.id, request.customerId) : eq(customers.mobile, request.mobile);
  const [row] = await getDb().select({ id: customers.id, reference: customers.reference, name: customers.name, company: customers.company }).from(customers).where(where);
  return row;
}

/** What the intake form shows: the request, its customer, the customer's units (each with a running warranty). */
export async function intakePage(reference: string, now = new Date()) {
  const [request] = await getDb().select().from(serviceRequests).where(eq(serviceRequests.reference, reference));
  if (!request) return undefined;
  const customer = await customerOf(request);
  const units = customer ? await unitsOfCustomer(getDb(), customer.id) : [];
  const warranties = await Promise.all(units.map((u) => runningWarranty(getDb(), u.serialNumber, now)));
  const jobs = await getDb()
    .select({ jobCard: benchJobs.jobCard, stage: benchJobs.stage, unitId: benchJobs.unitId })
    .from(benchJobs)
    .where(eq(benchJobs.requestId, request.id))
    .orderBy(asc(benchJobs.id));
  return {
    request: {
      reference: request.reference,
      contactName: request.contactName,
      company: request.company,
      equipmentBrand: request.equipmentBrand,
      equipmentModel: request.equipmentModel,
      equipmentRating: request.equipmentRating,
      faultDescription: request.faultDescription,
    },
    customer: customer ?? null,
    units: units.map((u, i) => {
      const w = warranties[i];
      return {
        id: u.id,
        text: unitText(u),
        kind: u.kind,
        rating: u.rating,
        onThisRequest: jobs.find((j) => j.unitId === u.id)?.jobCard ?? null,
        warranty: w ? `Under warranty until ${indiaDate(w.warrantyUntil!)} (repair ${w.jobCard})` : null,
      };
    }),
    /** A fresh key for the form: a second post of the same form finds the job the first one made. */
    idempotencyKey: randomUUID(),
  };
}

async function jobByKey(key: string) {
  const [row] = await getDb().select({ jobCard: benchJobs.jobCard }).from(benchJobs).where(eq(benchJobs.idempotencyKey, key));
  return row;
}

class Replayed extends Error {}

/**
 * Books the unit in. `photos` are the form's file values (condition on arrival); they are checked and stored
 * before the transaction and removed again if it does not commit.
 */
export async function bookIn(staff: StaffMember, reference: string, input: IntakeInput, photos: FormDataEntryValue[] = [], now = new Date()): Promise<BenchResult> {
  const replay = await jobByKey(input.idempotencyKey);
  if (replay) return { ok: true, jobCard: replay.jobCard, message: `${replay.jobCard} was already booked in with this form.` };
  const [exists] = await getDb().select({ id: serviceRequests.id }).from(serviceRequests).where(eq(serviceRequests.reference, reference));
  if (!exists) return { ok: false, reason: "not-found" };

  let stored: StoredFile[] = [];
  try {
    stored = await storePhotos(chosenFiles(photos));
  } catch (error) {
    if (error instanceof UploadError) return { ok: false, reason: "refused", field: "photos", message: error.message };
    throw error;
  }
  try {
    const result = await getDb().transaction((tx) => bookInWithin(tx, staff, reference, input, stored, now));
    return result;
  } catch (error) {
    await removeStored(stored);
    if (error instanceof Replayed) {
      const first = await jobByKey(input.idempotencyKey);
      if (first) return { ok: true, jobCard: first.jobCard, message: `${first.jobCard} was already booked in with this form.` };
    }
    if (error instanceof Refusal) return { ok: false, reason: "refused", field: error.field, message: error.message };
    throw error;
  }
}

/** The customer's unit with this serial number (compared by serialKey), after taking the serial's lock. */
function unitBySerial(tx: Transaction, customerId: number, key: string) {
  return unitOfCustomerBySerial(tx, customerId, key);
}

async function bookInWithin(tx: Transaction, staff: StaffMember, reference: string, input: IntakeInput, stored: StoredFile[], now: Date): Promise<BenchResult> {
  const [request] = await tx.select().from(serviceRequests).where(eq(serviceRequests.reference, reference));
  if (!request) throw new Refusal("form", "This request no longer exists.");
  if (request.status === "cancelled") throw new Refusal("form", "This request is cancelled: reopen the work under a new request before booking a unit in.");

  // Requests from before the customer records (or linked later by mobile) get theirs now.
  let customerId = request.customerId;
  if (customerId === null) {
    const ids = await ensureCustomers(tx, [{ mobile: request.mobile, name: request.contactName, company: request.company, email: request.email }]);
    customerId = ids.get(request.mobile)!;
    await tx.update(serviceRequests).set({ customerId }).where(eq(serviceRequests.id, request.id));
  }

  let unit: typeof equipmentUnits.$inferSelect;
  let newUnit = false;
  // Issue 17 §4: a serial number typed again in another case or with spaces ("ab 1234" for "AB1234") is the
  // same unit of this customer, not a second record. Two intakes of it at once wait on one lock.
  const serial = input.unit === "new" ? serialKey(input.serialNumber) : "";
  const sameSerial = serial ? await unitBySerial(tx, customerId, serial) : undefined;
  if (input.unit === "new" && !sameSerial) {
    unit = await addUnit(tx, {
      customerId,
      kind: input.kind,
      make: input.make!,
      model: input.model,
      rating: input.rating,
      serialNumber: input.serialNumber,
    });
    newUnit = true;
  } else {
    const [found] = sameSerial
      ? [sameSerial]
      : await tx
          .select()
          .from(equipmentUnits)
          .where(and(eq(equipmentUnits.id, Number(input.unit)), eq(equipmentUnits.customerId, customerId)));
    if (!found) throw new Refusal("unit", "Choose one of this customer's units, or enter a new one.");
    const [open] = await tx
      .select({ jobCard: benchJobs.jobCard, idempotencyKey: benchJobs.idempotencyKey })
      .from(benchJobs)
      .where(and(eq(benchJobs.unitId, found.id), inArray(benchJobs.stage, ["received", "diagnosis", "estimate", "repair", "testing", "ready"])));
    // The same form sent again while the first copy held the serial's lock: that copy's job is the answer.
    if (open && open.idempotencyKey === input.idempotencyKey) throw new Replayed();
    if (open) throw new Refusal("unit", `This unit is already in the workshop under ${open.jobCard}.`);
    unit = found;
  }

  const warranty = await runningWarranty(tx, unit.serialNumber, now);
  const jobCard = await nextReference(tx, "JC", now);
  const [job] = await tx
    .insert(benchJobs)
    .values({
      jobCard,
      requestId: request.id,
      unitId: unit.id,
      stage: "received",
      faultReported: input.faultReported,
      conditionOnArrival: input.conditionOnArrival,
      accessories: input.accessories ?? null,
      warrantyRepeatOfId: warranty?.id ?? null,
      receivedBy: staff.userId,
      idempotencyKey: input.idempotencyKey,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: benchJobs.idempotencyKey })
    .returning();
  if (!job) throw new Replayed();

  const warrantyNote = warranty ? ` Came back within the warranty of ${warranty.jobCard} (until ${indiaDate(warranty.warrantyUntil!)}).` : "";
  await tx.insert(benchEvents).values({
    benchJobId: job.id,
    stage: "received",
    note: `Received at our workshop under job card ${jobCard}.${warrantyNote}`,
    internal: false,
    actorUserId: staff.userId,
    createdAt: now,
  });
  if (stored.length) {
    await tx.insert(requestPhotos).values(
      stored.map((f, i) => ({
        requestId: request.id,
        benchJobId: job.id,
        ...photoColumns(f),
        source: "office" as const,
        uploadedBy: staff.userId,
        caption: "Condition on arrival",
        idempotencyKey: `${input.idempotencyKey}:${i + 1}`,
        createdAt: now,
      })),
    );
  }
  // The customer's unit is in the office's hands: the work has started. A request still new, contacted or
  // scheduled moves on to "in progress", and the response clock stops (this is contact) if it still ran.
  const starts = (["new", "contacted", "scheduled"] as const).some((s) => s === request.status);
  const status = starts ? "in_progress" : request.status;
  await tx
    .update(serviceRequests)
    .set({
      ...(starts ? statusChanges(request, "in_progress", now) : {}),
      ...(request.firstContactAt ? {} : { firstContactAt: now }),
      version: request.version + 1,
      updatedAt: now,
    })
    .where(eq(serviceRequests.id, request.id));
  await tx.insert(requestEvents).values({
    requestId: request.id,
    kind: "bench",
    status,
    note: `${unitText(unit)} booked in for bench repair: job card ${jobCard}.${warrantyNote}`,
    internal: false,
    actorUserId: staff.userId,
    createdAt: now,
  });
  await audit(
    tx,
    auditActor(staff),
    {
      action: "bench.intake",
      entityType: "bench",
      entityId: job.id,
      entityLabel: jobCard,
      after: {
        request: request.reference,
        unitId: unit.id,
        newUnit,
        unit: unitText(unit),
        faultReported: input.faultReported,
        conditionOnArrival: input.conditionOnArrival,
        accessories: input.accessories ?? null,
        photos: stored.length,
        warrantyRepeatOf: warranty?.jobCard ?? null,
      },
    },
    now,
  );
  return {
    ok: true,
    jobCard,
    message: `Booked in as ${jobCard}.${warranty ? ` Within warranty: the same serial number was repaired under ${warranty.jobCard}.` : ""} Print its label.`,
  };
}
