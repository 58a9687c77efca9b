import { and, asc, eq, sql } from "drizzle-orm";
import { changesOrRefuse, Refusal, type ChangeResult, type ChangeStep } from "~/.server/admin/changes.ts";
import { changedFields } from "~/.server/audit/index.ts";
import { contentEntryKind, changeContentEntry, changeContentEntryIn, type LoadedEntry } from "~/.server/content/changes.ts";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { clearContentCache } from "~/.server/content/index.ts";
import { serviceData, type ServiceData } from "~/.server/content/schemas.ts";
import { afterCommit, getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { contentEntries } from "~/.server/db/schema.ts";
import { serviceSlug } from "~/lib/slug.ts";
import { STALE_SERVICE_MESSAGE, type EditServiceInput, type ServiceInput, type ServiceStateIntent } from "~/lib/forms/admin/services.ts";

/**
 * The office's changes to the service catalogue (/admin/services). A service is a content entry of kind
 * "service": each change is one transaction with its audit entry, made on the version the staff member saw,
 * and, once committed, drops the content cache and the cached pages (clearContentCache), so the home
 * catalogue, the service page, the search and the sitemap show it on the next request.
 *
 * The slug is made once, from the name, by the spec's rule, and never changes: links to /service/{slug} that
 * customers and search engines keep go on working when the name is reworded.
 */

type Entry = typeof contentEntries.$inferSelect;

export type ServiceExisting = { id: number; name: string };

export type AddServiceResult = { ok: true; id: number; slug: string } | { ok: false; field: string; message: string; existing?: ServiceExisting };

export type ServiceResult = ChangeResult<object, { existing: ServiceExisting }>;

/** The place slugs the business serves: a ticked city must be one of them. */
async function knownPlaces(tx: Transaction): Promise<Set<string>> {
  const rows = await tx.select({ slug: contentEntries.slug }).from(contentEntries).where(eq(contentEntries.kind, "place"));
  return new Set(rows.map((r) => r.slug));
}

async function checkCities(tx: Transaction, cities: string[]): Promise<void> {
  const known = await knownPlaces(tx);
  if (cities.some((c) => !known.has(c))) throw new Refusal("cities", "A city ticked is no longer in the service area: reload the page and tick again.");
}

/** The service's kind-specific fields as stored, keeping what this form does not edit (its /services/ paths). */
function dataOf(input: ServiceInput, kept: Pick<ServiceData, "servicePaths" | "featured">): ServiceData {
  return serviceData.parse({
    category: input.category,
    brands: input.brands,
    faults: input.faults,
    deliverables: input.deliverables,
    turnaround: input.turnaround,
    faqs: input.faqs,
    servicePaths: kept.servicePaths,
    featured: kept.featured,
    sac: input.sac,
    band: input.band,
    shown: input.shown,
    cities: input.cities,
  });
}

/** A service as the audit log compares it: one flat record, so an entry lists only the fields that changed. */
function flat(row: Pick<Entry, "title" | "summary" | "body" | "position">, data: ServiceData) {
  return {
    name: row.title,
    summary: row.summary,
    body: row.body,
    position: row.position,
    category: data.category,
    turnaround: data.turnaround,
    brands: data.brands,
    faults: data.faults,
    deliverables: data.deliverables,
    faqs: data.faqs,
    sac: data.sac ?? null,
    band: data.band ?? null,
    shown: data.shown,
    cities: data.cities,
  };
}

async function duplicateOf(db: Transaction | Database, slug: string): Promise<ServiceExisting | undefined> {
  const [row] = await db
    .select({ id: contentEntries.id, name: contentEntries.title })
    .from(contentEntries)
    .where(and(eq(contentEntries.kind, "service"), eq(contentEntries.slug, slug)));
  return row;
}

const duplicateMessage = (e: ServiceExisting) => `${e.name} already has this address: open it to change it, or name this service differently.`;

export async function addService(staff: StaffMember, input: ServiceInput, now = new Date()): Promise<AddServiceResult> {
  const slug = serviceSlug(input.name);
  try {
    const result = await getDb().transaction(async (tx): Promise<AddServiceResult> => {
      const existing = await duplicateOf(tx, slug);
      if (existing) return { ok: false, field: "name", message: duplicateMessage(existing), existing };
      await checkCities(tx, input.cities);
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${contentEntries.position}), -1)::int` })
        .from(contentEntries)
        .where(eq(contentEntries.kind, "service"));
      const data = dataOf(input, { servicePaths: [], featured: false });
      const row = { kind: "service", slug, title: input.name, summary: input.summary, body: input.body, data, position: Number(last?.position ?? -1) + 1, updatedAt: now };
      const [made] = await tx.insert(contentEntries).values(row).returning({ id: contentEntries.id });
      await audit(tx, auditActor(staff), { action: "service.add", entityType: "service", entityId: made!.id, entityLabel: input.name, before: null, after: { slug, ...flat(row, data) } }, now);
      return { ok: true, id: made!.id, slug };
    });
    // Only the pages that read this kind (ADR 058).
    if (result.ok) clearContentCache(["service"]);
    return result;
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, field: error.field, message: error.message };
    // Two people adding the same service at once: the second is shown the first's.
    if (!isUniqueViolation(error)) throw error;
    const existing = await duplicateOf(getDb(), slug);
    if (!existing) throw error;
    return { ok: false, field: "name", message: duplicateMessage(existing), existing };
  }
}

type Loaded = LoadedEntry<"service">;

const SERVICE = contentEntryKind("service", {
  stale: STALE_SERVICE_MESSAGE,
  empty: () => serviceData.parse({ category: "Electrical", brands: [], faults: [], deliverables: [], turnaround: "", faqs: [], servicePaths: [] }),
});

function change(id: number, version: number, staff: StaffMember, step: (s: ChangeStep<Entry, Loaded>) => Promise<string>, now: Date): Promise<ServiceResult> {
  return changeContentEntry<"service", { existing: ServiceExisting }>(SERVICE, id, version, staff, step, now);
}

/**
 * Puts the service at `position` (1 is first) in the home page's order, moving the others along: every
 * service's position is written again as 0, 1, 2, ... so the order has no gaps or ties. The rows are locked
 * in order, so two reorders at once queue rather than interleave.
 */
async function placeAt(tx: Transaction, id: number, position: number): Promise<void> {
  const rows = await tx
    .select({ id: contentEntries.id, position: contentEntries.position })
    .from(contentEntries)
    .where(eq(contentEntries.kind, "service"))
    .orderBy(asc(contentEntries.position), asc(contentEntries.id))
    .for("update");
  const others = rows.filter((r) => r.id !== id);
  const order = [...others.slice(0, position - 1), { id, position: -1 }, ...others.slice(position - 1)];
  for (const [index, row] of order.entries()) {
    if (row.position !== index || row.id === id) await tx.update(contentEntries).set({ position: index }).where(eq(contentEntries.id, row.id));
  }
}

export function editService(staff: StaffMember, id: number, input: EditServiceInput, now = new Date()): Promise<ServiceResult> {
  return change(id, input.version, staff, async ({ tx, row, loaded, save, audit }) => {
    await checkCities(tx, input.cities);
    const data = dataOf(input, loaded.data);
    const currentPlace = Number(
      (
        await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(contentEntries)
          .where(and(eq(contentEntries.kind, "service"), sql`(${contentEntries.position}, ${contentEntries.id}) < (${row.position}, ${row.id})`))
      )[0]?.n ?? 0,
    ) + 1;
    const before = { ...flat(row, loaded.data), position: currentPlace };
    const after = { ...flat({ title: input.name, summary: input.summary, body: input.body, position: input.position }, data) };
    const diff = changesOrRefuse(before, after);
    if (input.position !== currentPlace) await placeAt(tx, row.id, input.position);
    await save({ title: input.name, summary: input.summary, body: input.body, data });
    await audit("service.update", diff.before, diff.after);
    return input.shown ? "Service saved: the site shows the change now." : "Service saved. It is hidden: the site does not show it.";
  }, now);
}

const STATE_CHANGES: Record<ServiceStateIntent, { shown: boolean; message: string; already: string }> = {
  show: { shown: true, message: "Shown: it is on the home catalogue, the services pages, the search and the sitemap.", already: "This service is already shown." },
  hide: { shown: false, message: "Hidden: it is off the home catalogue, the search and the sitemap, and its page answers 404.", already: "This service is already hidden." },
};

/** Show on the site, or hide from it (a service is never deleted: requests and quotes name it). */
export function changeServiceState(staff: StaffMember, id: number, input: { intent: ServiceStateIntent; version: number }, now = new Date()): Promise<ServiceResult> {
  const c = STATE_CHANGES[input.intent];
  return change(id, input.version, staff, async ({ loaded, save, audit }) => {
    const diff = changesOrRefuse({ shown: loaded.data.shown }, { shown: c.shown }, c.already);
    await save({ data: { ...loaded.data, shown: c.shown } });
    await audit(`service.${input.intent}`, diff.before, diff.after);
    return c.message;
  }, now);
}

// ── Services from a data import (/admin/data-import, ADR 048) ────────────────────────────────────

/** One row of a services file, by slug: a field left out keeps what the service has. */
export interface ServiceImportRow {
  slug: string;
  name?: string;
  category?: ServiceData["category"];
  summary?: string;
  body?: string;
  turnaround?: string;
  sac?: string;
  band?: { minPaise: number; maxPaise: number };
  shown?: boolean;
}

export interface ServiceImported {
  id: number;
  effect: "created" | "updated" | "unchanged";
  /** An updated service's columns as they were: undo writes them back as they were. */
  before: { title: string; summary: string; body: string; data: unknown } | null;
  versionAfter: number;
}

/** The slugs of the services already in the catalogue (shown or hidden). */
export async function storedServiceSlugs(db: Database | Transaction, slugs: readonly string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const rows = await db
    .select({ slug: contentEntries.slug })
    .from(contentEntries)
    .where(and(eq(contentEntries.kind, "service"), sql`${contentEntries.slug} in (select jsonb_array_elements_text(${JSON.stringify(slugs)}::jsonb))`));
  return new Set(rows.map((r) => r.slug));
}

/**
 * Services from a data import, inside the import's own transaction: a service whose slug is in the catalogue
 * is changed through the change kernel (its version moves on, "service.update" lists the fields that
 * changed); a new one is added hidden unless the file says it is shown ("service.add"), at the end of the
 * home page's order. The cached pages are dropped once the import commits. A new service needs its name,
 * category and summary (the import checks that before it gets here).
 */
export async function importServicesIn(tx: Transaction, staff: StaffMember, rows: readonly ServiceImportRow[], now: Date): Promise<ServiceImported[]> {
  const slugs = rows.map((r) => r.slug);
  const stored = new Map<string, Entry>();
  if (slugs.length) {
    const found = await tx
      .select()
      .from(contentEntries)
      .where(and(eq(contentEntries.kind, "service"), sql`${contentEntries.slug} in (select jsonb_array_elements_text(${JSON.stringify(slugs)}::jsonb))`))
      .for("update");
    for (const row of found) stored.set(row.slug, row);
  }
  const [last] = await tx
    .select({ position: sql<number>`coalesce(max(${contentEntries.position}), -1)::int` })
    .from(contentEntries)
    .where(eq(contentEntries.kind, "service"));
  let position = Number(last?.position ?? -1);
  const out: ServiceImported[] = [];
  for (const r of rows) {
    const row = stored.get(r.slug);
    if (!row) {
      if (!r.name || !r.category || !r.summary) throw new Refusal("name", `The new service ${r.slug} needs its name, category and summary.`);
      const data = serviceData.parse({ category: r.category, brands: [], faults: [], deliverables: [], turnaround: r.turnaround ?? "", faqs: [], servicePaths: [], featured: false, sac: r.sac, band: r.band, shown: r.shown ?? false, cities: [] });
      position += 1;
      const values = { kind: "service", slug: r.slug, title: r.name, summary: r.summary, body: r.body ?? "", data, position, updatedAt: now };
      const [made] = await tx.insert(contentEntries).values(values).returning({ id: contentEntries.id, version: contentEntries.version });
      await audit(tx, auditActor(staff), { action: "service.add", entityType: "service", entityId: made!.id, entityLabel: r.name, before: null, after: { slug: r.slug, ...flat(values, data) } }, now);
      afterCommit(() => clearContentCache(["service"]));
      out.push({ id: made!.id, effect: "created", before: null, versionAfter: made!.version });
      continue;
    }
    const parsed = serviceData.safeParse(row.data);
    const was = parsed.success ? parsed.data : undefined;
    const base = was ?? serviceData.parse({ category: r.category ?? "Electrical", brands: [], faults: [], deliverables: [], turnaround: "", faqs: [], servicePaths: [] });
    const data = serviceData.parse({
      ...base,
      ...(r.category ? { category: r.category } : {}),
      ...(r.turnaround !== undefined ? { turnaround: r.turnaround } : {}),
      ...(r.sac !== undefined ? { sac: r.sac } : {}),
      ...(r.band !== undefined ? { band: r.band } : {}),
      ...(r.shown !== undefined ? { shown: r.shown } : {}),
    });
    const next = { title: r.name ?? row.title, summary: r.summary ?? row.summary, body: r.body ?? row.body, position: row.position };
    const diff = changedFields(flat(row, base), flat(next, data));
    if (parsed.success && Object.keys(diff.after).length === 0) {
      out.push({ id: row.id, effect: "unchanged", before: null, versionAfter: row.version });
      continue;
    }
    const result = await changeContentEntryIn(tx, SERVICE, row.id, row.version, staff, async ({ save, audit }) => {
      await save({ title: next.title, summary: next.summary, body: next.body, data });
      await audit("service.update", diff.before, diff.after);
      return "";
    }, now);
    if (!result.ok) throw new Refusal("slug", `The service ${r.slug} was removed while the import ran.`);
    out.push({ id: row.id, effect: "updated", before: { title: row.title, summary: row.summary, body: row.body, data: row.data }, versionAfter: row.version + 1 });
  }
  return out;
}
