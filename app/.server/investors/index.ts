/**
 * Investors (issue 12, §8): the enquiries sent from /investors (inbound_messages with form "investor"),
 * with their status (new, replied, closed) and the office's replies, e-mailed through the outbox and kept
 * on the conversation thread (~/.server/communications: recordConversation, keyed to the enquiry); and the
 * documents /investors publishes (reports as PDF), uploaded here and served from the storage directory.
 *
 * inbound_messages and investor_documents have no version column: what the page showed travels with each
 * form instead (an enquiry's status and reply count, a document's published state), and a change made
 * meanwhile refuses the stale form. Every change is audited in its own transaction.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { keysetPage, PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { recordConversation } from "~/.server/communications/index.ts";
import { bumpContentVersion } from "~/.server/content/version.ts";
import { afterCommit, getDb, type Transaction } from "~/.server/db/index.ts";
import { conversationMessages, inboundMessages, investorDocuments, outbox, users } from "~/.server/db/schema.ts";
import { queueMessages } from "~/.server/notifications/index.ts";
import { UploadError } from "~/.server/uploads/index.ts";
import { deleteStored, sanitiseName, writeStored } from "~/.server/uploads/storage.ts";
import { detectDocument } from "~/.server/uploads/detect.ts";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import {
  INVESTOR_DOCUMENT_MAX_BYTES,
  investorStatusLabel,
  STALE_DOCUMENT_MESSAGE,
  STALE_ENQUIRY_MESSAGE,
  type DocumentActionInput,
  type EnquiryStatusInput,
  type InvestorListFilters,
  type ReplyInput,
  type UploadDocumentInput,
} from "~/lib/forms/admin/investors.ts";

const FORM = "investor";

export type InvestorResult = { ok: true; message: string } | { ok: false; reason?: "not-found"; field: string; message: string };

// ── Enquiries ────────────────────────────────────────────────────────────────────────────────────

export interface InvestorEnquiryItem {
  reference: string;
  name: string;
  company: string | null;
  email: string | null;
  mobile: string | null;
  subject: string | null;
  message: string;
  status: string;
  statusLabel: string;
  /** ISO */
  createdAt: string;
  replies: number;
}

const STATUS_CONDITIONS: Record<InvestorListFilters["status"], SQL | undefined> = {
  open: inArray(inboundMessages.status, ["new", "replied"]),
  new: eq(inboundMessages.status, "new"),
  replied: eq(inboundMessages.status, "replied"),
  closed: eq(inboundMessages.status, "closed"),
  all: undefined,
};

const repliesOf = sql<number>`(select count(*) from ${conversationMessages} where ${conversationMessages.inboundMessageId} = ${inboundMessages.id} and ${conversationMessages.direction} = 'out')`.mapWith(Number);

export async function listInvestorEnquiries(filters: InvestorListFilters, cursor: Cursor | undefined) {
  const db = getDb();
  const after = cursor && typeof cursor[0] === "string" && !Number.isNaN(Date.parse(cursor[0])) ? cursor : undefined;
  const where = and(
    eq(inboundMessages.form, FORM),
    STATUS_CONDITIONS[filters.status],
    after ? sql`(${inboundMessages.createdAt}, ${inboundMessages.id}) < (${new Date(after[0] as string).toISOString()}::timestamptz, ${after[1]})` : undefined,
  );
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: inboundMessages.id,
        reference: inboundMessages.reference,
        name: inboundMessages.name,
        company: inboundMessages.company,
        email: inboundMessages.email,
        mobile: inboundMessages.mobile,
        subject: inboundMessages.subject,
        message: inboundMessages.message,
        status: inboundMessages.status,
        createdAt: inboundMessages.createdAt,
        replies: repliesOf,
      })
      .from(inboundMessages)
      .where(where)
      .orderBy(desc(inboundMessages.createdAt), desc(inboundMessages.id))
      .limit(PAGE_SIZE + 1),
    db.select({ status: inboundMessages.status, n: count() }).from(inboundMessages).where(eq(inboundMessages.form, FORM)).groupBy(inboundMessages.status),
  ]);
  const page = keysetPage(rows, (r) => [r.createdAt.toISOString(), r.id]);
  const by = new Map(counts.map((c) => [c.status, c.n]));
  const n = (s: string) => by.get(s) ?? 0;
  return {
    rows: page.rows.map(
      (r): InvestorEnquiryItem => ({
        reference: r.reference,
        name: r.name,
        company: r.company,
        email: r.email,
        mobile: r.mobile,
        subject: r.subject,
        message: r.message,
        status: r.status,
        statusLabel: investorStatusLabel(r.status),
        createdAt: r.createdAt.toISOString(),
        replies: r.replies,
      }),
    ),
    next: page.next,
    counts: { open: n("new") + n("replied"), new: n("new"), replied: n("replied"), closed: n("closed"), all: counts.reduce((s, c) => s + c.n, 0) },
  };
}

export interface InvestorEnquiryRecord extends InvestorEnquiryItem {
  id: number;
  mobileLabel: string | null;
  /** The form's other fields, as the visitor gave them. */
  details: Array<[string, string]>;
  thread: Array<{ id: number; subject: string | null; body: string; at: string; by: string | null; status: string }>;
  /** What the page shows now: travels with each form; a change made since refuses it. */
  seen: string;
}

const seenOf = (status: string, replies: number) => `${status}:${replies}`;

export async function investorEnquiry(reference: string): Promise<InvestorEnquiryRecord | undefined> {
  const db = getDb();
  const [row] = await db
    .select()
    .from(inboundMessages)
    .where(and(eq(inboundMessages.reference, reference), eq(inboundMessages.form, FORM)));
  if (!row) return undefined;
  const replies = await db
    .select({ id: conversationMessages.id, subject: conversationMessages.subject, body: conversationMessages.body, at: conversationMessages.createdAt, by: users.name, byMobile: users.mobile, status: conversationMessages.status })
    .from(conversationMessages)
    .leftJoin(users, eq(users.id, conversationMessages.staffUserId))
    .where(and(eq(conversationMessages.inboundMessageId, row.id), eq(conversationMessages.direction, "out")))
    .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id));
  const details = Object.entries((row.details ?? {}) as Record<string, unknown>)
    .filter((e): e is [string, string] => typeof e[1] === "string" && e[1].trim() !== "")
    .map(([k, v]): [string, string] => [k.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase()), v]);
  return {
    id: row.id,
    reference: row.reference,
    name: row.name,
    company: row.company,
    email: row.email,
    mobile: row.mobile,
    mobileLabel: row.mobile ? formatIndianPhone(row.mobile) : null,
    subject: row.subject,
    message: row.message,
    status: row.status,
    statusLabel: investorStatusLabel(row.status),
    createdAt: row.createdAt.toISOString(),
    replies: replies.length,
    details,
    thread: replies.map((r) => ({ id: r.id, subject: r.subject, body: r.body, at: r.at.toISOString(), by: r.by ?? (r.byMobile ? formatIndianPhone(r.byMobile) : null), status: r.status })),
    seen: seenOf(row.status, replies.length),
  };
}

/** The enquiry locked for a change, with what it is now (status and replies) to compare with the form's. */
async function lockedEnquiry(tx: Transaction, reference: string) {
  const [row] = await tx
    .select()
    .from(inboundMessages)
    .where(and(eq(inboundMessages.reference, reference), eq(inboundMessages.form, FORM)))
    .for("update");
  if (!row) return undefined;
  const [replies] = await tx
    .select({ n: count() })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.inboundMessageId, row.id), eq(conversationMessages.direction, "out")));
  return { row, seen: seenOf(row.status, replies?.n ?? 0) };
}

/**
 * E-mails a reply to the enquirer through the outbox and keeps it on the thread (recordConversation, keyed
 * by the form's one-time key: the same form sent twice sends one e-mail), and marks the enquiry replied.
 * An enquiry without an e-mail address is refused with its number to call instead.
 */
export async function replyToEnquiry(staff: StaffMember, reference: string, input: ReplyInput, now = new Date()): Promise<InvestorResult> {
  const repeat = await getDb().select({ id: conversationMessages.id }).from(conversationMessages).where(eq(conversationMessages.idempotencyKey, `investor-reply:${input.idempotencyKey}`));
  if (repeat.length > 0) return { ok: true, message: "Your reply was sent." };
  return getDb().transaction(async (tx): Promise<InvestorResult> => {
    const found = await lockedEnquiry(tx, reference);
    if (!found) return { ok: false, reason: "not-found", field: "form", message: "No such enquiry." };
    const { row } = found;
    if (found.seen !== input.seen) return { ok: false, field: "form", message: STALE_ENQUIRY_MESSAGE };
    if (!row.email) {
      return { ok: false, field: "body", message: `This enquiry has no e-mail address${row.mobile ? `: call ${formatIndianPhone(row.mobile)} instead` : ""}.` };
    }
    const dedupeKey = `investor:${row.reference}:reply:${input.idempotencyKey}`;
    await queueMessages(tx, [
      {
        channel: "email",
        recipient: row.email,
        subject: input.subject,
        body: input.body,
        template: "investor-reply",
        variables: { reference: row.reference },
        dedupeKey,
      },
    ]);
    const [queued] = await tx.select({ id: outbox.id }).from(outbox).where(eq(outbox.dedupeKey, dedupeKey));
    await recordConversation(tx, {
      mobile: row.mobile,
      channel: "email",
      direction: "out",
      subject: input.subject,
      body: input.body,
      template: "investor-reply",
      status: "queued",
      outboxId: queued?.id ?? null,
      inboundMessageId: row.id,
      staffUserId: staff.userId,
      meta: { investorEnquiry: row.reference, to: row.email },
      idempotencyKey: `investor-reply:${input.idempotencyKey}`,
    });
    if (row.status !== "replied") await tx.update(inboundMessages).set({ status: "replied" }).where(eq(inboundMessages.id, row.id));
    await audit(
      tx,
      auditActor(staff),
      { action: "investor.reply", entityType: "enquiry", entityId: row.reference, entityLabel: row.reference, before: { status: row.status }, after: { status: "replied", to: row.email, subject: input.subject } },
      now,
    );
    return { ok: true, message: `Your reply was e-mailed to ${row.email}.` };
  });
}

export async function changeEnquiryStatus(staff: StaffMember, reference: string, input: EnquiryStatusInput, now = new Date()): Promise<InvestorResult> {
  return getDb().transaction(async (tx): Promise<InvestorResult> => {
    const found = await lockedEnquiry(tx, reference);
    if (!found) return { ok: false, reason: "not-found", field: "form", message: "No such enquiry." };
    if (found.seen !== input.seen) return { ok: false, field: "form", message: STALE_ENQUIRY_MESSAGE };
    if (found.row.status === input.status) return { ok: true, message: `It is already ${investorStatusLabel(input.status).toLowerCase()}.` };
    await tx.update(inboundMessages).set({ status: input.status }).where(eq(inboundMessages.id, found.row.id));
    await audit(
      tx,
      auditActor(staff),
      { action: "investor.status", entityType: "enquiry", entityId: reference, entityLabel: reference, before: { status: found.row.status }, after: { status: input.status } },
      now,
    );
    return { ok: true, message: `Marked ${investorStatusLabel(input.status).toLowerCase()}.` };
  });
}

// ── Documents ────────────────────────────────────────────────────────────────────────────────────

export interface InvestorDocumentItem {
  id: number;
  title: string;
  period: string | null;
  fileName: string;
  bytes: number;
  published: boolean;
  /** ISO */
  createdAt: string;
  uploadedBy: string | null;
  /** The public address of the file. */
  href: string;
}

export function documentHref(d: { id: number; fileName: string }): string {
  return `/investors/documents/${d.id}/${encodeURIComponent(d.fileName)}`;
}

/** Every document for the office, newest first (a business publishes a handful a year). */
export async function listInvestorDocuments(): Promise<InvestorDocumentItem[]> {
  const rows = await getDb()
    .select({ d: investorDocuments, by: users.name })
    .from(investorDocuments)
    .leftJoin(users, eq(users.id, investorDocuments.uploadedBy))
    .orderBy(desc(investorDocuments.createdAt), desc(investorDocuments.id))
    .limit(500);
  return rows.map(({ d, by }) => ({
    id: d.id,
    title: d.title,
    period: d.period,
    fileName: d.fileName,
    bytes: d.bytes,
    published: d.published,
    createdAt: d.createdAt.toISOString(),
    uploadedBy: by,
    href: documentHref(d),
  }));
}

/** What /investors lists: the published documents, newest first. */
export async function publishedInvestorDocuments(): Promise<Array<Pick<InvestorDocumentItem, "id" | "title" | "period" | "bytes" | "href" | "createdAt">>> {
  const rows = await getDb()
    .select()
    .from(investorDocuments)
    .where(eq(investorDocuments.published, true))
    .orderBy(desc(investorDocuments.createdAt), desc(investorDocuments.id))
    .limit(100);
  return rows.map((d) => ({ id: d.id, title: d.title, period: d.period, bytes: d.bytes, href: documentHref(d), createdAt: d.createdAt.toISOString() }));
}

/** A published document's file for the public route, or undefined (unpublished, deleted, or a wrong id). */
export async function publishedDocumentFile(id: number): Promise<{ path: string; fileName: string } | undefined> {
  const [row] = await getDb()
    .select({ path: investorDocuments.path, fileName: investorDocuments.fileName })
    .from(investorDocuments)
    .where(and(eq(investorDocuments.id, id), eq(investorDocuments.published, true)));
  return row;
}

/** Any document's file, for the office (an unpublished one is previewed before publishing). */
export async function documentFile(id: number): Promise<{ path: string; fileName: string } | undefined> {
  const [row] = await getDb().select({ path: investorDocuments.path, fileName: investorDocuments.fileName }).from(investorDocuments).where(eq(investorDocuments.id, id));
  return row;
}

/** The name kept for the download: the uploaded name, ending in .pdf. */
function pdfName(name: string): string {
  const clean = sanitiseName(name);
  return /\.pdf$/i.test(clean) ? clean : `${clean}.pdf`;
}

/**
 * Stores an uploaded report: PDF only (its first bytes are %PDF-, whatever its name says), at most
 * INVESTOR_DOCUMENT_MAX_BYTES. The file is named by the form's one-time key, so the same form sent twice
 * stores one document. Throws UploadError (the message goes beside the file field).
 */
export async function uploadInvestorDocument(staff: StaffMember, input: UploadDocumentInput, file: File, now = new Date()): Promise<InvestorResult> {
  const path = `investors/${input.idempotencyKey}.pdf`;
  const [existing] = await getDb().select({ id: investorDocuments.id }).from(investorDocuments).where(eq(investorDocuments.path, path));
  if (existing) return { ok: true, message: `“${input.title}” is uploaded.` };
  if (file.size > INVESTOR_DOCUMENT_MAX_BYTES) throw new UploadError(`The file is larger than ${INVESTOR_DOCUMENT_MAX_BYTES / (1024 * 1024)} MB.`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length === 0) throw new UploadError("Choose the PDF file to upload.");
  if (bytes.length > INVESTOR_DOCUMENT_MAX_BYTES) throw new UploadError(`The file is larger than ${INVESTOR_DOCUMENT_MAX_BYTES / (1024 * 1024)} MB.`);
  if (detectDocument(bytes) !== "PDF") throw new UploadError("This is not a PDF file. Save the report as PDF and upload that.");
  await writeStored(path, bytes);
  try {
    await getDb().transaction(async (tx) => {
      const [row] = await tx
        .insert(investorDocuments)
        .values({ title: input.title, period: input.period ?? null, path, fileName: pdfName(file.name), bytes: bytes.length, published: input.publish, uploadedBy: staff.userId, createdAt: now })
        .returning({ id: investorDocuments.id });
      await audit(
        tx,
        auditActor(staff),
        { action: "investor.document-upload", entityType: "investor-document", entityId: row!.id, entityLabel: input.title, before: null, after: { title: input.title, period: input.period ?? null, bytes: bytes.length, published: input.publish } },
        now,
      );
    });
  } catch (error) {
    await deleteStored(path).catch(() => undefined);
    throw error;
  }
  if (input.publish) bumpContentVersion();
  return { ok: true, message: input.publish ? `“${input.title}” is uploaded and listed on /investors.` : `“${input.title}” is uploaded, not yet published.` };
}

/** Publishes, unpublishes or deletes a document, on the state the page showed. */
export async function changeInvestorDocument(staff: StaffMember, input: DocumentActionInput, now = new Date()): Promise<InvestorResult> {
  const result = await getDb().transaction(async (tx): Promise<InvestorResult> => {
    const [doc] = await tx.select().from(investorDocuments).where(eq(investorDocuments.id, input.document)).for("update");
    if (!doc) return { ok: false, reason: "not-found", field: "form", message: "This document no longer exists." };
    if ((doc.published ? "published" : "unpublished") !== input.was) return { ok: false, field: "form", message: STALE_DOCUMENT_MESSAGE };
    const actor = auditActor(staff);
    if (input.intent === "delete") {
      await tx.delete(investorDocuments).where(eq(investorDocuments.id, doc.id));
      await audit(tx, actor, { action: "investor.document-delete", entityType: "investor-document", entityId: doc.id, entityLabel: doc.title, before: { title: doc.title, published: doc.published }, after: null }, now);
      // The file goes once the row is gone for good (after the commit).
      afterCommit(() => void deleteStored(doc.path).catch(() => undefined));
      return { ok: true, message: `“${doc.title}” is deleted.` };
    }
    const published = input.intent === "publish";
    if (doc.published === published) return { ok: true, message: published ? "It is already published." : "It is already unpublished." };
    await tx.update(investorDocuments).set({ published }).where(eq(investorDocuments.id, doc.id));
    await audit(
      tx,
      actor,
      { action: published ? "investor.document-publish" : "investor.document-unpublish", entityType: "investor-document", entityId: doc.id, entityLabel: doc.title, before: { published: doc.published }, after: { published } },
      now,
    );
    return { ok: true, message: published ? `“${doc.title}” is listed on /investors.` : `“${doc.title}” is no longer listed on /investors.` };
  });
  if (result.ok) bumpContentVersion();
  return result;
}
