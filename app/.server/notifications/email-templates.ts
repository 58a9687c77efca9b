import { and, desc, eq, inArray } from "drizzle-orm";
import { audit, changedFields } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { getDatabaseHandle, getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { emailTemplates, outbox } from "~/.server/db/schema.ts";
import type { OutboxMessage } from "./index.ts";
import { STALE_TEMPLATE_MESSAGE } from "~/lib/forms/admin/communications.ts";
import { formatDateTime } from "~/lib/format.ts";

/**
 * The office's e-mail texts (/admin/emails/templates). Each e-mail the site sends is composed in code and
 * queued under a template name ("request-customer", "quote-sent"...); a row of email_templates with that
 * name replaces its subject and body when it is queued (applyEmailTemplates, called by the outbox), so the
 * office can change what customers read without a release. The body is Markdown with {{variables}}:
 * {{content}} and {{subject}} are the built-in e-mail's own text and subject (the built-in template is
 * exactly "{{content}}"), and each e-mail also offers the values it was queued with (a reference, a number).
 * Deleting the row (Reset) brings the built-in text back.
 */

export interface EmailTemplateInfo {
  name: string;
  label: string;
  /** When it goes out. */
  description: string;
  /** The values it is queued with, besides content and subject. */
  variables: readonly string[];
}

/** The e-mails customers receive: what the office may reword. */
export const CUSTOMER_EMAILS: readonly EmailTemplateInfo[] = [
  { name: "request-customer", label: "Service request received", description: "To the customer, when their service request arrives.", variables: ["reference"] },
  { name: "inbound-sender", label: "Form received", description: "To the sender of a contact, callback, quote or other form.", variables: ["reference"] },
  { name: "request-scheduled", label: "Visit booked", description: "To the customer, when their visit is scheduled.", variables: ["reference"] },
  { name: "request-awaiting-customer", label: "Waiting on the customer", description: "To the customer, when the job waits on them.", variables: ["reference"] },
  { name: "request-completed", label: "Job completed", description: "To the customer, when their job is done.", variables: ["reference"] },
  { name: "request-cancelled", label: "Request cancelled", description: "To the customer, when their request is closed without the work.", variables: ["reference"] },
  { name: "request-duplicate", label: "Duplicate request", description: "To the customer, when a request repeats an earlier one.", variables: ["reference"] },
  { name: "quote-sent", label: "Quote sent", description: "To the customer, with a quote to approve.", variables: ["reference", "version"] },
  { name: "invoice-issued", label: "Invoice issued", description: "To the customer, with a tax invoice.", variables: ["number"] },
  { name: "feedback-request", label: "Rate the job", description: "To the customer, asking for a rating once a job is completed.", variables: [] },
  { name: "ticket-acknowledgement", label: "Help-desk ticket opened", description: "To the customer, when their ticket is opened.", variables: [] },
  { name: "ticket-reply", label: "Help-desk reply", description: "To the customer, when the office answers their ticket.", variables: [] },
  { name: "office-reply", label: "Reply from a thread", description: "The office's own e-mail from a customer's thread (/admin/communications).", variables: [] },
];

const BUILT_IN = { subject: "{{subject}}", body: "{{content}}" };
const VARIABLE = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

export function emailTemplateInfo(name: string): EmailTemplateInfo | undefined {
  return CUSTOMER_EMAILS.find((t) => t.name === name);
}

/** Fills {{variables}}; an unknown one is left out (the editor refuses unknown names on save). */
export function renderEmailTemplate(text: string, values: Record<string, string>): string {
  return text.replace(VARIABLE, (_m, name: string) => values[name] ?? "");
}

/** The variable names a text uses that the e-mail does not offer. */
export function unknownVariables(info: EmailTemplateInfo, text: string): string[] {
  const allowed = new Set(["content", "subject", ...info.variables]);
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]!).filter((n) => !allowed.has(n)))];
}

// ── The outbox's hook ────────────────────────────────────────────────────────────────────────────

const CACHE_MS = 30_000;
type Overrides = { at: number; rows: Map<string, { subject: string; body: string }> };
const holder = globalThis as { __emailTemplates?: WeakMap<object, Overrides> };

export function forgetEmailTemplates(): void {
  holder.__emailTemplates = new WeakMap();
}

/** The cache's key: the open database (getDb would refuse inside the caller's transaction). */
const NO_HANDLE = {};
function cacheKey(): object {
  try {
    return getDatabaseHandle();
  } catch {
    return NO_HANDLE;
  }
}

async function overrides(db: Database | Transaction): Promise<Overrides["rows"]> {
  const key = cacheKey();
  const map = (holder.__emailTemplates ??= new WeakMap());
  const cached = map.get(key);
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.rows;
  const rows = await db.select({ name: emailTemplates.name, subject: emailTemplates.subject, body: emailTemplates.body }).from(emailTemplates);
  const fresh = { at: Date.now(), rows: new Map(rows.map((r) => [r.name, { subject: r.subject, body: r.body }])) };
  map.set(key, fresh);
  return fresh.rows;
}

/** The e-mails among messages whose template the office rewrote, in the office's words; the rest as they are. */
export async function applyEmailTemplates(db: Database | Transaction, messages: OutboxMessage[]): Promise<OutboxMessage[]> {
  if (!messages.some((m) => m.channel === "email")) return messages;
  const rows = await overrides(db);
  if (rows.size === 0) return messages;
  return messages.map((m) => {
    const override = m.channel === "email" ? rows.get(m.template) : undefined;
    if (!override) return m;
    const values = { ...(m.variables ?? {}), content: m.body, subject: m.subject ?? "" };
    const subject = renderEmailTemplate(override.subject, values).replace(/\s+/g, " ").trim().slice(0, 200);
    return { ...m, subject: subject || m.subject, body: renderEmailTemplate(override.body, values) };
  });
}

// ── Screens ──────────────────────────────────────────────────────────────────────────────────────

export interface EmailTemplateView extends EmailTemplateInfo {
  subject: string;
  body: string;
  /** 0: the built-in text (no row). */
  version: number;
  customised: boolean;
  updatedAt: string | null;
  /** The newest e-mail sent under this name: the preview's values. */
  sample: { subject: string; body: string; variables: Record<string, string>; at: string } | null;
}

export async function listEmailTemplates(): Promise<Array<EmailTemplateInfo & { customised: boolean; version: number; updatedAt: string | null }>> {
  const rows = await getDb().select().from(emailTemplates).where(inArray(emailTemplates.name, CUSTOMER_EMAILS.map((t) => t.name)));
  const byName = new Map(rows.map((r) => [r.name, r]));
  return CUSTOMER_EMAILS.map((t) => {
    const row = byName.get(t.name);
    return { ...t, customised: Boolean(row), version: row?.version ?? 0, updatedAt: row?.updatedAt.toISOString() ?? null };
  });
}

export async function emailTemplate(name: string): Promise<EmailTemplateView | null> {
  const info = emailTemplateInfo(name);
  if (!info) return null;
  const db = getDb();
  const [[row], [latest]] = await Promise.all([
    db.select().from(emailTemplates).where(eq(emailTemplates.name, name)),
    db
      .select({ subject: outbox.subject, body: outbox.body, variables: outbox.variables, createdAt: outbox.createdAt })
      .from(outbox)
      .where(and(eq(outbox.channel, "email"), eq(outbox.template, name)))
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(1),
  ]);
  return {
    ...info,
    subject: row?.subject ?? BUILT_IN.subject,
    body: row?.body ?? BUILT_IN.body,
    version: row?.version ?? 0,
    customised: Boolean(row),
    updatedAt: row?.updatedAt.toISOString() ?? null,
    sample: latest
      ? {
          subject: latest.subject ?? "",
          body: latest.body,
          variables: Object.fromEntries(Object.entries((latest.variables ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)])),
          at: latest.createdAt.toISOString(),
        }
      : null,
  };
}

/**
 * The preview: the text rendered with the newest e-mail sent under this name, or with sample values. An
 * e-mail sent after an override already carries the office's words, so its "content" is only approximate:
 * the preview says which e-mail it used.
 */
export function previewEmail(t: EmailTemplateView, subject: string, body: string): { subject: string; body: string; basis: string } {
  const values: Record<string, string> = {};
  for (const v of t.variables) values[v] = t.sample?.variables[v] ?? `[${v}]`;
  values.content = t.sample?.body ?? `[The ${t.label.toLowerCase()} e-mail's own text, composed by the site]`;
  values.subject = t.sample?.subject ?? `[The ${t.label.toLowerCase()} e-mail's own subject]`;
  return {
    subject: renderEmailTemplate(subject, values).replace(/\s+/g, " ").trim(),
    body: renderEmailTemplate(body, values),
    basis: t.sample ? `the newest ${t.label.toLowerCase()} e-mail, sent ${formatDateTime(t.sample.at)}` : "sample values (none of these e-mails has been sent yet)",
  };
}

export type EmailTemplateResult = { ok: true; message: string } | { ok: false; field: string; message: string } | { ok: false; reason: "not-found" };

export async function saveEmailTemplate(staff: StaffMember, name: string, input: { version: number; subject: string; body: string }): Promise<EmailTemplateResult> {
  const info = emailTemplateInfo(name);
  if (!info) return { ok: false, reason: "not-found" };
  for (const field of ["subject", "body"] as const) {
    const unknown = unknownVariables(info, input[field]);
    if (unknown.length > 0) {
      const allowed = ["content", "subject", ...info.variables].map((v) => `{{${v}}}`).join(", ");
      return { ok: false, field, message: `${unknown.map((v) => `{{${v}}}`).join(", ")} is not a value of this e-mail: use ${allowed}.` };
    }
  }
  try {
    const result = await getDb().transaction(async (tx): Promise<EmailTemplateResult> => {
      const [before] = await tx.select().from(emailTemplates).where(eq(emailTemplates.name, name)).for("update");
      if ((before?.version ?? 0) !== input.version) return { ok: false, field: "form", message: STALE_TEMPLATE_MESSAGE };
      const change = changedFields({ subject: before?.subject ?? BUILT_IN.subject, body: before?.body ?? BUILT_IN.body }, { subject: input.subject, body: input.body });
      if (Object.keys(change.after).length === 0) return { ok: true, message: "Nothing changed." };
      if (before) {
        await tx
          .update(emailTemplates)
          .set({ subject: input.subject, body: input.body, version: before.version + 1, updatedBy: staff.userId, updatedAt: new Date() })
          .where(and(eq(emailTemplates.name, name), eq(emailTemplates.version, before.version)));
      } else {
        await tx.insert(emailTemplates).values({ name, subject: input.subject, body: input.body, version: 1, updatedBy: staff.userId });
      }
      await audit(tx, auditActor(staff), { action: "email-template.edit", entityType: "email-template", entityId: name, entityLabel: info.label, ...change });
      return { ok: true, message: `The “${info.label}” e-mail is saved: the next ones go out in these words.` };
    });
    forgetEmailTemplates();
    return result;
  } catch (error) {
    // Two first edits at once: the second one's insert meets the first's row.
    if (isUniqueViolation(error)) return { ok: false, field: "form", message: STALE_TEMPLATE_MESSAGE };
    throw error;
  }
}

export async function resetEmailTemplate(staff: StaffMember, name: string, version: number): Promise<EmailTemplateResult> {
  const info = emailTemplateInfo(name);
  if (!info) return { ok: false, reason: "not-found" };
  const result = await getDb().transaction(async (tx): Promise<EmailTemplateResult> => {
    const [before] = await tx.select().from(emailTemplates).where(eq(emailTemplates.name, name)).for("update");
    if (!before) return { ok: true, message: "This e-mail already has its built-in text." };
    if (before.version !== version) return { ok: false, field: "form", message: STALE_TEMPLATE_MESSAGE };
    await tx.delete(emailTemplates).where(eq(emailTemplates.name, name));
    await audit(tx, auditActor(staff), {
      action: "email-template.reset",
      entityType: "email-template",
      entityId: name,
      entityLabel: info.label,
      before: { subject: before.subject, body: before.body },
      after: BUILT_IN,
    });
    return { ok: true, message: `The “${info.label}” e-mail is back to its built-in text.` };
  });
  forgetEmailTemplates();
  return result;
}
