import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { and, asc, desc, eq, ilike, lt, sql, type SQL } from "drizzle-orm";
import { changeRecord, changesOrRefuse, type ChangeResult, type RecordKind } from "~/.server/admin/changes.ts";
import { keysetPage, PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { listEntries } from "~/.server/content/index.ts";
import { bumpContentVersion } from "~/.server/content/version.ts";
import { afterCommit, getDb } from "~/.server/db/index.ts";
import { libraryDocuments as d, libraryPins } from "~/.server/db/schema.ts";
import { findProfileForUser, type TechnicianUser } from "~/.server/technicians/jobs.ts";
import { detectDocument } from "~/.server/uploads/detect.ts";
import { UploadError } from "~/.server/uploads/index.ts";
import { absoluteStoredPath, deleteStored, sanitiseName, writeStored } from "~/.server/uploads/storage.ts";
import {
  LIBRARY_DOCUMENT_MAX_BYTES,
  STALE_LIBRARY_DOCUMENT_MESSAGE,
  type EditLibraryDocumentInput,
  type LibraryDocumentKind,
  type LibraryDocumentListFilters,
  type UploadLibraryDocumentInput,
} from "~/lib/forms/admin/technical-library.ts";

/**
 * The technical library's manuals and datasheets (issue 19 §3, ADR 047): PDFs by brand and model, uploaded in
 * /admin/technical-library/documents. A file is a PDF when its first bytes are `%PDF-` AND pdf.js (Mozilla's
 * parser) reads its structure and first page: a renamed executable or a truncated file is refused beside the
 * field, whatever its name or the browser's MIME type say. Files live in the storage directory's `library/`
 * folder under a name made on the server (never a path from the client).
 *
 * Who reads what: public documents are listed on /technical-data and served to anyone; staff-only documents
 * reach staff (the back office) and approved technicians (their portal's library) only. Technicians pin
 * documents; the portal's service worker keeps the pinned ones on the phone for reading offline.
 */

type Row = typeof d.$inferSelect;

export type LibraryAudience = "public" | "staff" | "technician";

// ── Checking a PDF ───────────────────────────────────────────────────────────────────────────────

/** Whether pdf.js reads the file's structure and its first page; resolves to the page count, or undefined. */
async function pdfPages(bytes: Uint8Array): Promise<number | undefined> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  // pdf.js takes the buffer over: give it a copy of its own.
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0, disableFontFace: true, useSystemFonts: false, stopAtErrors: true });
  const timer = setTimeout(() => void task.destroy(), 20_000);
  try {
    const doc = await task.promise;
    if (doc.numPages < 1) return undefined;
    await doc.getPage(1);
    return doc.numPages;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
    await task.destroy().catch(() => undefined);
  }
}

/**
 * A chosen file checked as a library PDF: its size, its first bytes (%PDF-), then a parse. Throws UploadError
 * with the message for beside the field; nothing is written.
 */
export async function checkLibraryPdf(file: File): Promise<{ bytes: Uint8Array; pages: number }> {
  const name = sanitiseName(file.name);
  const limit = `${LIBRARY_DOCUMENT_MAX_BYTES / (1024 * 1024)} MB`;
  if (file.size === 0) throw new UploadError(`${name} is empty: choose the PDF file.`);
  if (file.size > LIBRARY_DOCUMENT_MAX_BYTES) throw new UploadError(`${name} is larger than ${limit}: upload the manual's chapter on its own.`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length > LIBRARY_DOCUMENT_MAX_BYTES) throw new UploadError(`${name} is larger than ${limit}: upload the manual's chapter on its own.`);
  if (detectDocument(bytes) !== "PDF") throw new UploadError(`${name} is not a PDF file, whatever its name says. Save the manual as PDF and upload that.`);
  const pages = await pdfPages(bytes);
  if (!pages) throw new UploadError(`${name} starts like a PDF but cannot be read as one (damaged or cut short). Download it again and upload that.`);
  return { bytes, pages };
}

/** The name kept for the download: the uploaded name, ending in .pdf. */
function pdfName(name: string): string {
  const clean = sanitiseName(name);
  return /\.pdf$/i.test(clean) ? clean : `${clean.replace(/\.[A-Za-z0-9]{1,5}$/, "")}.pdf`;
}

// ── Addresses ────────────────────────────────────────────────────────────────────────────────────

const slugName = (fileName: string) => encodeURIComponent(fileName);

/** Where a document is downloaded: on /technical-data (public ones), in the technician's portal, or in the back office. */
export function libraryDocumentHref(doc: { id: number; fileName: string }, audience: LibraryAudience): string {
  if (audience === "public") return `/technical-data/documents/${doc.id}/${slugName(doc.fileName)}`;
  if (audience === "technician") return `/technician/library/documents/${doc.id}/${slugName(doc.fileName)}`;
  return `/admin/technical-library/documents/${doc.id}/file`;
}

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────

export interface LibraryDocumentItem {
  id: number;
  title: string;
  brand: string;
  model: string;
  kind: LibraryDocumentKind;
  public: boolean;
  fileName: string;
  bytes: number;
  pages: number;
  updatedAt: string;
  href: string;
}

function item(row: Row, audience: LibraryAudience): LibraryDocumentItem {
  return {
    id: row.id,
    title: row.title,
    brand: row.brand,
    model: row.model,
    kind: row.kind,
    public: row.public,
    fileName: row.fileName,
    bytes: row.bytes,
    pages: row.pages,
    updatedAt: row.updatedAt.toISOString(),
    href: libraryDocumentHref(row, audience),
  };
}

const like = (v: string) => `%${v.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function filterCondition(f: LibraryDocumentListFilters): SQL | undefined {
  return and(f.brand ? ilike(d.brand, like(f.brand)) : undefined, f.model ? ilike(d.model, like(f.model)) : undefined, f.kind ? eq(d.kind, f.kind) : undefined);
}

/** The back office's list: newest first, on keyset pages, filtered by brand, model and kind. */
export async function listLibraryDocuments(f: LibraryDocumentListFilters, cursor: Cursor | undefined, size = PAGE_SIZE) {
  const after = cursor && typeof cursor[0] === "number" ? lt(d.id, cursor[1]) : undefined;
  const [found, [counted], brands] = await Promise.all([
    getDb().select().from(d).where(and(filterCondition(f), after)).orderBy(desc(d.id)).limit(size + 1),
    getDb().select({ n: sql<number>`count(*)::int` }).from(d).where(filterCondition(f)),
    getDb().selectDistinct({ brand: d.brand }).from(d).orderBy(asc(d.brand)).limit(200),
  ]);
  const page = keysetPage(found, (row): Cursor => [row.id, row.id], size);
  return { rows: page.rows.map((row) => item(row, "staff")), next: page.next, total: Number(counted?.n ?? 0), brands: brands.map((b) => b.brand) };
}

export async function libraryDocumentRecord(id: number) {
  const [row] = await getDb().select().from(d).where(eq(d.id, id));
  return row ? { ...item(row, "staff"), version: row.version, publicHref: row.public ? libraryDocumentHref(row, "public") : undefined } : undefined;
}

/** What /technical-data lists: the public documents, by brand, model and title. */
export async function publicLibraryDocuments(): Promise<LibraryDocumentItem[]> {
  const rows = await getDb().select().from(d).where(eq(d.public, true)).orderBy(asc(d.brand), asc(d.model), asc(d.title), asc(d.id));
  return rows.map((row) => item(row, "public"));
}

/** A document's stored file for an audience: a staff-only document is never the public's (undefined, as for a wrong id). */
export async function libraryDocumentFile(id: number, audience: LibraryAudience): Promise<{ path: string; fileName: string; public: boolean } | undefined> {
  const [row] = await getDb()
    .select({ path: d.path, fileName: d.fileName, public: d.public })
    .from(d)
    .where(and(eq(d.id, id), audience === "public" ? eq(d.public, true) : undefined));
  return row;
}

/**
 * A library PDF as a response: application/pdf, opened in the browser under its name (the address's name is
 * for people; the id decides), never sniffed, sandboxed. Public documents may be kept by shared caches for
 * ten minutes (a document made staff-only stops being served by this server at once); staff-only ones by the
 * reader's browser only. The ETag lets a reader's browser (and the technician's service worker) revalidate.
 */
export async function libraryPdfResponse(request: Request, file: { path: string; fileName: string; public: boolean }, audience: LibraryAudience): Promise<Response> {
  const absolute = absoluteStoredPath(file.path);
  const data = absolute ? await readFile(absolute).catch(() => undefined) : undefined;
  if (!data) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  const etag = `"${createHash("sha256").update(file.path).update(String(data.byteLength)).digest("base64url").slice(0, 22)}"`;
  const headers: Record<string, string> = {
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    "Cache-Control": audience === "public" && file.public ? "public, max-age=600" : "private, max-age=600",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(data, { headers: { ...headers, "Content-Length": String(data.byteLength) } });
}

// ── Changes (back office) ────────────────────────────────────────────────────────────────────────

export type LibraryUploadResult = { ok: true; id: number; message: string };

/**
 * Stores an uploaded manual or datasheet (checked by checkLibraryPdf) and its row, with the audit entry. The file
 * is named by the form's one-time key: the same form sent twice stores one document. Throws UploadError.
 */
export async function uploadLibraryDocument(staff: StaffMember, input: UploadLibraryDocumentInput, file: File, now = new Date()): Promise<LibraryUploadResult> {
  const path = `library/${input.idempotencyKey}.pdf`;
  const sent = async () => (await getDb().select({ id: d.id, title: d.title }).from(d).where(eq(d.path, path)))[0];
  const already = await sent();
  if (already) return { ok: true, id: already.id, message: `“${already.title}” is uploaded.` };
  const { bytes, pages } = await checkLibraryPdf(file);
  await writeStored(path, bytes);
  try {
    const id = await getDb().transaction(async (tx) => {
      const [row] = await tx
        .insert(d)
        .values({ title: input.title, brand: input.brand, model: input.model, kind: input.kind, public: input.public, path, fileName: pdfName(file.name), bytes: bytes.length, pages, uploadedBy: staff.userId, createdAt: now, updatedAt: now })
        .returning({ id: d.id });
      await audit(
        tx,
        auditActor(staff),
        { action: "library-document.upload", entityType: "library-document", entityId: row!.id, entityLabel: input.title, before: null, after: { title: input.title, brand: input.brand, model: input.model, kind: input.kind, public: input.public, bytes: bytes.length, pages } },
        now,
      );
      return row!.id;
    });
    if (input.public) bumpContentVersion();
    return { ok: true, id, message: input.public ? `“${input.title}” is uploaded and listed on /technical-data.` : `“${input.title}” is uploaded, for staff and technicians only.` };
  } catch (error) {
    // The same form sent twice at once: the other request stored it (and wrote the file under the same name).
    const other = await sent();
    if (other) return { ok: true, id: other.id, message: `“${other.title}” is uploaded.` };
    await deleteStored(path).catch(() => undefined);
    throw error;
  }
}

const DOCUMENT: RecordKind<Row, number> = {
  table: d,
  entityType: "library-document",
  stale: STALE_LIBRARY_DOCUMENT_MESSAGE,
  key: d.id,
  lock: true,
  label: ({ row }) => row.title,
  stampsUpdatedAt: true,
};

export type LibraryDocumentResult = ChangeResult;

/** Title, brand, model, kind and who reads it, on the version the page showed. */
export async function editLibraryDocument(staff: StaffMember, id: number, input: EditLibraryDocumentInput, now = new Date()): Promise<LibraryDocumentResult> {
  const result = await changeRecord(DOCUMENT, id, input.version, staff, now, async ({ row, save, audit }) => {
    const fields = { title: input.title, brand: input.brand, model: input.model, kind: input.kind, public: input.public };
    const diff = changesOrRefuse({ title: row.title, brand: row.brand, model: row.model, kind: row.kind, public: row.public }, fields);
    await save(fields);
    await audit("library-document.update", diff.before, diff.after);
    if (row.public !== input.public) return input.public ? "Saved: it is listed on /technical-data." : "Saved: it is off /technical-data, for staff and technicians only.";
    return "Saved.";
  });
  if (result.ok) bumpContentVersion();
  return result;
}

/** Removes a document (and, once committed, its file); technicians' pins of it go with it. */
export async function removeLibraryDocument(staff: StaffMember, id: number, version: number, now = new Date()): Promise<LibraryDocumentResult> {
  const result = await changeRecord(DOCUMENT, id, version, staff, now, async ({ tx, row, audit }) => {
    await tx.delete(d).where(eq(d.id, row.id));
    await audit("library-document.remove", { title: row.title, brand: row.brand, model: row.model, kind: row.kind, public: row.public }, null);
    afterCommit(() => void deleteStored(row.path).catch(() => undefined));
    return `“${row.title}” is removed.`;
  });
  if (result.ok) bumpContentVersion();
  return result;
}

// ── The technician's library ─────────────────────────────────────────────────────────────────────

/** Whether this technician reads the library: an approved application (an applicant does not). */
export async function technicianReadsLibrary(user: TechnicianUser): Promise<boolean> {
  return (await findProfileForUser(user))?.status === "approved";
}

export interface TechnicianFaultTable {
  slug: string;
  brand: string;
  series: string;
  public: boolean;
  codes: number;
  /** With a search: the codes that match it (code and name), at most 20. */
  matches: Array<{ code: string; name: string }>;
  href: string;
}

/**
 * The whole library for a technician: every fault-code table (staff-only ones too) and every document, found by
 * one search over brand, model or series, title and fault code; and which documents they pinned.
 */
export async function technicianLibrary(user: TechnicianUser, q: string | undefined) {
  const words = (q ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const [tables, docs, pins] = await Promise.all([
    listEntries("fault-table"),
    getDb().select().from(d).orderBy(asc(d.brand), asc(d.model), asc(d.title), asc(d.id)),
    getDb().select({ id: libraryPins.documentId }).from(libraryPins).where(eq(libraryPins.userId, user.id)),
  ]);
  const pinned = new Set(pins.map((p) => p.id));
  const hasAll = (text: string) => words.every((w) => text.includes(w));
  const faultTables: TechnicianFaultTable[] = tables.flatMap((t) => {
    const heading = `${t.data.brand} ${t.data.series}`.toLowerCase();
    const codeMatches = words.length ? t.data.codes.filter((c) => hasAll(`${heading} ${c.code} ${c.name}`.toLowerCase()) && words.some((w) => `${c.code} ${c.name}`.toLowerCase().includes(w))) : [];
    if (words.length && !hasAll(heading) && codeMatches.length === 0) return [];
    return [{ slug: t.slug, brand: t.data.brand, series: t.data.series, public: t.data.public, codes: t.data.codes.length, matches: codeMatches.slice(0, 20).map((c) => ({ code: c.code, name: c.name })), href: `/technician/library/tables/${t.slug}` }];
  });
  const documents = docs
    .filter((row) => !words.length || hasAll(`${row.brand} ${row.model} ${row.title} ${row.kind}`.toLowerCase()))
    .map((row) => ({ ...item(row, "technician"), pinned: pinned.has(row.id) }));
  // The pinned documents, whatever the search: the phone keeps them all.
  const pinnedDocuments = docs.filter((row) => pinned.has(row.id)).map((row) => libraryDocumentHref(row, "technician"));
  return { faultTables, documents, pinnedDocuments, tablePages: tables.map((t) => `/technician/library/tables/${t.slug}`) };
}

/** One fault-code table, whole, for a technician (staff-only ones too). */
export async function technicianFaultTable(slug: string) {
  const table = (await listEntries("fault-table")).find((t) => t.slug === slug);
  return table && { slug: table.slug, ...table.data };
}

/** Pins or unpins a document for this technician; pinning twice keeps one pin. Answers false for a document that is gone. */
export async function setLibraryPin(user: TechnicianUser, documentId: number, pin: boolean, now = new Date()): Promise<boolean> {
  if (!pin) {
    await getDb().delete(libraryPins).where(and(eq(libraryPins.userId, user.id), eq(libraryPins.documentId, documentId)));
    return true;
  }
  const [exists] = await getDb().select({ id: d.id }).from(d).where(eq(d.id, documentId));
  if (!exists) return false;
  try {
    await getDb().insert(libraryPins).values({ userId: user.id, documentId, createdAt: now }).onConflictDoNothing();
  } catch (error) {
    // Removed by the office meanwhile (the pin's reference to it fails).
    const e = error as { code?: string; cause?: { code?: string } };
    if (e?.code === "23503" || e?.cause?.code === "23503") return false;
    throw error;
  }
  return true;
}

/** The pinned documents' rows, for tests and the count on the page. */
export async function pinnedDocumentIds(userId: number): Promise<number[]> {
  const rows = await getDb().select({ id: libraryPins.documentId }).from(libraryPins).where(eq(libraryPins.userId, userId));
  return rows.map((r) => r.id);
}
