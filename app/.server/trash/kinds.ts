import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { AuditActor } from "~/.server/audit/index.ts";
import { eraseCustomer } from "~/.server/customers/personal-data.ts";
import type { Transaction } from "~/.server/db/index.ts";
import { contentEntries, customers, products, serviceRequests } from "~/.server/db/schema.ts";
import type { Permission } from "~/lib/auth/permissions.ts";
import { productLabel } from "~/lib/forms/admin/products.ts";
import { snapshotFiles } from "./files.ts";
import type { Holders, Snapshot } from "./graph.ts";

/**
 * The kinds of record the trash holds (ADR 046). Adding a kind (vendors, once their table exists) is one
 * entry here: its table, who may delete it, how the trash names it and links to it, and what refuses a
 * delete or a restore. A "move" kind leaves its table whole (its dependants are found from the schema's
 * foreign keys, ~/.server/trash/graph.ts), so no query anywhere needs to know about the trash; a "mark" kind
 * stays in its table because tax records point at it, and then every query that lists it must skip it.
 */

type Row = Record<string, unknown>;

interface KindBase {
  /** The key stored in trash.kind. */
  key: string;
  /** Its name in a sentence ("the product"), and the trash page's group heading. */
  noun: string;
  group: string;
  /** Who may delete one (and restore it). "Delete forever" is the owner's (settings) in every kind. */
  permission: Permission;
  /** The entity type its audit entries are written on (the record's own history keeps them). */
  entityType: (row: Row) => string;
  /** The page of the record once it is restored. */
  href: (row: Row) => string;
  /** What the trash page shows: its name and a second line; `audit`, the audit entry's label when not the name. */
  describe: (row: Row) => { label: string; detail: string | null; audit?: string };
  /** Site pages show it: their cached copies are dropped after a change. */
  publicPages?: boolean;
  /**
   * Its natural key when something else could make it again (the start-up seed: a content entry's kind/slug).
   * Stored with the entry; with `tombstone`, kept after the purge, so what was deleted stays deleted.
   */
  naturalKey?: (row: Row) => string;
  tombstone?: boolean;
  /** The communication threads its activity shows in, worked out again after a change (ADR 033). */
  threads?: (row: Row) => { customerIds: number[]; addresses: string[] };
}

export interface MoveKind extends KindBase {
  mode: "move";
  table: PgTable;
  /** Why it cannot go to the trash, from the record and what references it; undefined: it can. */
  refuse?: (row: Row, holders: Holders, snapshot: Snapshot) => string | undefined;
  /** Why it cannot come back (its slug or number taken meanwhile); undefined: it can. */
  conflict?: (tx: Transaction, row: Row) => Promise<string | undefined>;
  /** Stored files the snapshot's rows name, deleted when it is purged. */
  files?: (snapshot: Snapshot) => string[];
}

export interface MarkKind extends KindBase {
  mode: "mark";
  /** Loads the record (for update), or undefined when it is gone or already in the trash. */
  load: (tx: Transaction, id: number) => Promise<Row | undefined>;
  refuse?: (row: Row) => string | undefined;
  /** What the trash entry keeps of the row for its page, links and audit entries (describe, href, entityType read it). */
  summary: (row: Row) => Row;
  /** Hides it; returns what it took off the row, kept in the trash entry. */
  hide: (tx: Transaction, row: Row, now: Date) => Promise<Row>;
  /** Shows it again with what was kept; a refusal (its mobile taken meanwhile) writes nothing. */
  unhide: (tx: Transaction, id: number, kept: Row, now: Date) => Promise<string | undefined>;
  /** The end of its 30 days: what the law lets go, goes. */
  purge: (tx: Transaction, id: number, kept: Row, actor: AuditActor, now: Date) => Promise<void>;
}

export type TrashKind = MoveKind | MarkKind;

const str = (v: unknown) => (typeof v === "string" ? v : v === null || v === undefined ? "" : String(v));

const CONTENT_KIND_LABELS: Record<string, string> = {
  service: "Service",
  "fault-table": "Fault-code table",
  article: "Article",
  page: "Page",
  faq: "FAQ",
  career: "Opening",
  course: "Course",
  product: "Product category",
  project: "Project",
  "case-study": "Case study",
  "future-service": "Planned service",
  place: "Place",
  "city-service": "City service page",
};

/** The back-office screen that edits a content kind (others are edited with the CMS once it is built). */
const CONTENT_SCREENS: Record<string, string> = { service: "/admin/services", "fault-table": "/admin/technical-library" };

export const TRASH_KINDS: readonly TrashKind[] = [
  {
    key: "request",
    mode: "move",
    noun: "request",
    group: "Service requests",
    permission: "requests",
    table: serviceRequests,
    entityType: () => "request",
    href: (row) => `/admin/service-requests/${encodeURIComponent(str(row.reference))}`,
    describe: (row) => ({ label: str(row.reference), detail: [row.contact_name, row.service_name ?? row.fault_description].filter(Boolean).map(str).join(" · ").slice(0, 160) }),
    refuse: (_row, holders, snapshot) => {
      const quotes = snapshot.links.some((l) => l.table === "quotes");
      const invoices = snapshot.links.some((l) => l.table === "invoices");
      if (invoices) return "This request has an invoice, which the tax law keeps with it: cancel the request instead.";
      if (quotes) return "This request has a quote: cancel the request instead, so the quote keeps its job.";
      if (snapshot.tables.some((t) => t.table === "bench_jobs")) return "This request has a bench job: close the bench job and cancel the request instead.";
      if (Object.keys(holders).length) return `Other records still point at this request (${Object.keys(holders).join(", ")}): cancel it instead.`;
      return undefined;
    },
    threads: (row) => ({
      customerIds: typeof row.customer_id === "number" ? [row.customer_id] : [],
      addresses: [row.mobile, row.email].filter((a): a is string => typeof a === "string"),
    }),
    files: snapshotFiles,
  },
  {
    key: "customer",
    mode: "mark",
    noun: "customer",
    group: "Customers",
    permission: "customers",
    entityType: () => "customer",
    href: (row) => `/admin/customers/${encodeURIComponent(str(row.reference))}`,
    // The audit entry names the reference alone, as the customer's other entries do (an erasure leaves it).
    describe: (row) => ({ label: `${str(row.reference)} ${str(row.name)}`.trim(), detail: row.company ? str(row.company) : null, audit: str(row.reference) }),
    threads: (row) => ({ customerIds: [Number(row.id)], addresses: [row.mobile, row.email].filter((a): a is string => typeof a === "string") }),
    load: async (tx, id) => {
      const [row] = await tx.select().from(customers).where(and(eq(customers.id, id), isNull(customers.deletedAt))).for("update");
      return row;
    },
    summary: (row) => ({ id: row.id, reference: row.reference, name: row.name, company: row.company }),
    refuse: (row) => (row.erasedAt ? "This customer's personal data was erased: there is nothing left to delete." : undefined),
    hide: async (tx, row, now) => {
      // The contact details leave the row, so a new record may take the number and no message, sign-in or
      // thread finds the deleted one by them; the name stays for the invoices that print it.
      await tx
        .update(customers)
        .set({ deletedAt: now, mobile: null, email: null, userId: null, updatedAt: now, version: sql`${customers.version} + 1` })
        .where(eq(customers.id, Number(row.id)));
      return { mobile: row.mobile ?? null, email: row.email ?? null, userId: row.userId ?? null };
    },
    unhide: async (tx, id, kept, now) => {
      const mobile = typeof kept.mobile === "string" ? kept.mobile : null;
      if (mobile) {
        const [taken] = await tx.select({ reference: customers.reference, name: customers.name }).from(customers).where(and(eq(customers.mobile, mobile), ne(customers.id, id)));
        if (taken) return `The mobile ${mobile} now belongs to ${taken.reference} ${taken.name}: restoring would make two customers with one number. Change or delete that one first.`;
      }
      const userId = typeof kept.userId === "number" ? kept.userId : null;
      const [userTaken] = userId ? await tx.select({ id: customers.id }).from(customers).where(eq(customers.userId, userId)) : [];
      await tx
        .update(customers)
        .set({ deletedAt: null, mobile, email: typeof kept.email === "string" ? kept.email : null, userId: userTaken ? null : userId, updatedAt: now, version: sql`${customers.version} + 1` })
        .where(eq(customers.id, id));
      return undefined;
    },
    purge: async (tx, id, kept, actor, now) => {
      // The existing erasure (DPDP Act), with the number put back first so that it finds everything the
      // number is on; unless a new customer has the number now, whose messages are not this one's to erase.
      const mobile = typeof kept.mobile === "string" ? kept.mobile : null;
      const [taken] = mobile ? await tx.select({ id: customers.id }).from(customers).where(and(eq(customers.mobile, mobile), ne(customers.id, id))) : [];
      await tx
        .update(customers)
        .set({ mobile: taken ? null : mobile, email: typeof kept.email === "string" ? kept.email : null })
        .where(eq(customers.id, id));
      await eraseCustomer(tx, id, actor, { reason: "Deleted, and purged from the trash after 30 days", now });
      // What stays is an erased customer like any other (the customers list's Erased tab).
      await tx.update(customers).set({ deletedAt: null }).where(eq(customers.id, id));
      // Nothing the tax law keeps points at it: the erased row goes too (its sites and units with it).
      await tx.execute(sql`
        delete from customers c where c.id = ${id}
          and not exists (select 1 from invoices where customer_id = ${id}) and not exists (select 1 from quotes where customer_id = ${id})
          and not exists (select 1 from payments where customer_id = ${id}) and not exists (select 1 from refunds where customer_id = ${id})
          and not exists (select 1 from contracts where customer_id = ${id})`);
    },
  },
  {
    key: "product",
    mode: "move",
    noun: "product",
    group: "Products",
    permission: "money",
    table: products,
    publicPages: true,
    entityType: () => "product",
    href: (row) => `/admin/products/${str(row.id)}`,
    describe: (row) => ({
      label: productLabel({ name: str(row.name), make: (row.make as string | null) ?? null, model: (row.model as string | null) ?? null }),
      detail: row.category ? str(row.category) : null,
    }),
    refuse: (_row, holders, snapshot) => {
      const used = snapshot.links.filter((l) => l.table === "job_parts").reduce((n, l) => n + l.ids.length, 0);
      if (used) return `This product was used on ${used === 1 ? "a job" : `${used} jobs`}, which name it: withdraw it instead.`;
      // Purchasing's records name the product for good (ADR 045): a business document is never taken with it.
      const ordered = holders.purchase_order_lines ?? 0;
      if (ordered) return `This product is on ${ordered === 1 ? "a purchase order" : `${ordered} purchase order lines`}, which name it: withdraw it instead.`;
      if (holders.stock_movements) return "This product has stock received, used or counted, and its stock ledger names it: withdraw it instead.";
      const supplied = holders.vendor_parts ?? 0;
      if (supplied) return `${supplied === 1 ? "A vendor lists" : `${supplied} vendors list`} this product among the parts they supply: take it off their list first, or withdraw it.`;
      return undefined;
    },
    conflict: async (tx, row) => {
      const [other] = await tx
        .select({ id: products.id, name: products.name, make: products.make, model: products.model })
        .from(products)
        .where(
          and(
            sql`lower(coalesce(${products.make}, '')) = lower(${str(row.make)})`,
            sql`lower(coalesce(${products.model}, '')) = lower(${str(row.model)})`,
            sql`lower(${products.name}) = lower(${str(row.name)})`,
          ),
        );
      return other ? `${productLabel(other)} was added again since it was deleted: rename or delete that one first.` : undefined;
    },
  },
  {
    key: "content",
    mode: "move",
    noun: "entry",
    group: "Site content",
    permission: "settings",
    table: contentEntries,
    publicPages: true,
    // The start-up seed fills in a seeded entry that is missing: not one deleted here (~/.server/content/seed.ts).
    naturalKey: (row) => `${str(row.kind)}/${str(row.slug)}`,
    tombstone: true,
    entityType: (row) => (CONTENT_SCREENS[str(row.kind)] ? str(row.kind) : "content"),
    href: (row) => (CONTENT_SCREENS[str(row.kind)] ? `${CONTENT_SCREENS[str(row.kind)]}/${str(row.id)}` : "/admin/data-restoration/trash"),
    describe: (row) => ({ label: str(row.title), detail: `${CONTENT_KIND_LABELS[str(row.kind)] ?? str(row.kind)}, /${str(row.slug)}` }),
    conflict: async (tx, row) => {
      const [other] = await tx
        .select({ title: contentEntries.title })
        .from(contentEntries)
        .where(and(eq(contentEntries.kind, str(row.kind)), eq(contentEntries.slug, str(row.slug))));
      return other ? `The address /${str(row.slug)} is now used by “${other.title}”: change that one's address or delete it first.` : undefined;
    },
  },
];

export function trashKind(key: string): TrashKind | undefined {
  return TRASH_KINDS.find((k) => k.key === key);
}

/** Who may delete a content entry of this kind: the screen that edits it. */
export function contentPermission(kind: string): Permission {
  return kind === "fault-table" ? "library" : "settings";
}
