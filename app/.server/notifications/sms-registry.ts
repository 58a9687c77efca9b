import { and, asc, eq, sql } from "drizzle-orm";
import { audit, changedFields } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { getDb, readOnce, type Database, type Transaction } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { smsTemplates } from "~/.server/db/schema.ts";
import { DLT_TEMPLATES, DLT_VARIABLE_MAX_LENGTH, type DltTemplateName } from "./templates.ts";
import { effectiveSms } from "~/.server/settings/integrations.ts";
import { DLT_PLACEHOLDER, STALE_TEMPLATE_MESSAGE } from "~/lib/forms/admin/communications.ts";

/**
 * The DLT template registry (/admin/sms/templates). India's rules (TRAI DLT) let an SMS out only from a
 * template registered with its DLT template id under a registered sender id (header); this table is what
 * the office registered. The templates the code sends (~/.server/notifications/templates.ts) are seeded
 * into it by name at start-up, once: the office's later edits (the real DLT id, the sender id, a corrected
 * text) are never overwritten. Every SMS leaving the outbox is checked here (smsForSending): a template
 * that is not registered, or deactivated, is refused and the message fails without retries.
 */

export type SmsTemplateRow = typeof smsTemplates.$inferSelect;

export function isBuiltInSmsTemplate(name: string): name is DltTemplateName {
  return Object.hasOwn(DLT_TEMPLATES, name);
}

/** Inserts the built-in templates whose names are missing; existing rows (the office's edits) are kept. */
export async function seedSmsTemplates(db: Database | Transaction): Promise<number> {
  const { senderId } = await effectiveSms();
  const sender = /^[A-Z]{6}$/.test(senderId) ? senderId : "DECAUT";
  const rows = Object.entries(DLT_TEMPLATES).map(([name, t]) => ({
    name,
    dltTemplateId: t.id,
    senderId: sender,
    text: t.text,
    variables: [...t.variables],
    // DLT registers promotional content separately (it may go only to consenting customers, in set hours).
    category: name === "marketingOffer" ? ("promotional" as const) : ("service" as const),
  }));
  // A name or a DLT id already taken (the office may have reused a sample id) leaves that row alone.
  const inserted = await db.insert(smsTemplates).values(rows).onConflictDoNothing().returning({ id: smsTemplates.id });
  return inserted.length;
}

// ── The sender's cache ───────────────────────────────────────────────────────────────────────────

/** How long the sender trusts what it read: an edit on another instance reaches this one within it. */
const CACHE_MS = 30_000;

interface Registry {
  at: number;
  byName: Map<string, SmsTemplateRow>;
  byDltId: Map<string, SmsTemplateRow>;
}

// Per database (tests open one per file), kept on globalThis like the database handle.
const holder = globalThis as { __smsRegistry?: WeakMap<object, Registry> };

/** After an edit in this process: the next SMS reads the registry again. */
export function forgetSmsRegistry(): void {
  holder.__smsRegistry = new WeakMap();
  registryGeneration += 1;
}

/** Bumped by forgetSmsRegistry: a read under way before an edit is not joined after it. */
let registryGeneration = 0;
// Every SMS sent reads the registry: when the copy expires under a burst, one read for all of them (./read-once).
const registryRead = readOnce<object, Registry>(() => registryGeneration);

async function registry(): Promise<Registry> {
  const db = getDb();
  const map = (holder.__smsRegistry ??= new WeakMap());
  const cached = map.get(db);
  if (cached && Date.now() - cached.at < CACHE_MS) return cached;
  return registryRead(db, async () => {
    // Seeding is idempotent and cheap: a database that was never started through startServices (a test, a
    // script) gets the built-in templates too, and nothing the office changed is touched.
    await seedSmsTemplates(db);
    const rows = await db.select().from(smsTemplates);
    const fresh: Registry = { at: Date.now(), byName: new Map(rows.map((r) => [r.name, r])), byDltId: new Map(rows.map((r) => [r.dltTemplateId, r])) };
    map.set(db, fresh);
    return fresh;
  });
}

/** An SMS the registry refuses: never retried (it would be refused again). */
export class SmsTemplateRefused extends Error {
  readonly permanent = true;
}

export interface SmsForSending {
  body: string;
  dltTemplateId: string;
  senderId: string;
  /** The variables in the registered template's order. */
  variables: Record<string, string>;
}

function fill(text: string, names: readonly string[], values: Record<string, string>): string {
  let index = 0;
  return text.replaceAll(DLT_PLACEHOLDER, () => {
    const name = names[index++];
    const value = name === undefined ? undefined : values[name];
    if (value === undefined) throw new SmsTemplateRefused(`SMS template: no value for its variable ${name ?? index}`);
    return value;
  });
}

/**
 * What the provider is given for an outbox SMS: `templateId` is the DLT id the message was queued with
 * (a built-in template's id in the code, or a registered template's). The registered row decides the DLT
 * id and the sender id sent; when the office registered a text different from the code's, the message is
 * the registered text with the same variables, so that what goes out is exactly what DLT holds.
 */
export async function smsForSending(templateId: string, body: string, values: Record<string, string>): Promise<SmsForSending> {
  const reg = await registry();
  const builtIn = Object.entries(DLT_TEMPLATES).find(([, t]) => t.id === templateId);
  const row = builtIn ? reg.byName.get(builtIn[0]) : reg.byDltId.get(templateId);
  if (!row) throw new SmsTemplateRefused(`SMS refused: template ${templateId.slice(0, 40)} is not in the DLT registry`);
  if (!row.active) throw new SmsTemplateRefused(`SMS refused: template ${row.name} is deactivated in the DLT registry`);
  const names = row.variables;
  const ordered: Record<string, string> = {};
  for (const name of names) if (name in values) ordered[name] = values[name]!;
  const sameText = builtIn ? builtIn[1].text === row.text : true;
  return { body: sameText ? body : fill(row.text, names, values), dltTemplateId: row.dltTemplateId, senderId: row.senderId, variables: ordered };
}

// ── Screens ──────────────────────────────────────────────────────────────────────────────────────

export interface SmsTemplateView {
  id: number;
  name: string;
  builtIn: boolean;
  dltTemplateId: string;
  senderId: string;
  text: string;
  variables: string[];
  category: string;
  active: boolean;
  version: number;
  updatedAt: string;
  /** For a built-in template, what the code sends it for (the variables' names are fixed by the code). */
  differsFromCode: boolean;
}

function view(r: SmsTemplateRow): SmsTemplateView {
  const builtIn = isBuiltInSmsTemplate(r.name);
  return {
    id: r.id,
    name: r.name,
    builtIn,
    dltTemplateId: r.dltTemplateId,
    senderId: r.senderId,
    text: r.text,
    variables: r.variables,
    category: r.category,
    active: r.active,
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
    differsFromCode: builtIn ? DLT_TEMPLATES[r.name as DltTemplateName].text !== r.text : false,
  };
}

export async function listSmsTemplates(): Promise<SmsTemplateView[]> {
  await seedSmsTemplates(getDb());
  const rows = await getDb().select().from(smsTemplates).orderBy(asc(smsTemplates.name));
  return rows.map(view);
}

export async function smsTemplate(id: number): Promise<SmsTemplateView | null> {
  const [row] = await getDb().select().from(smsTemplates).where(eq(smsTemplates.id, id));
  return row ? view(row) : null;
}

export type TemplateResult = { ok: true; message: string; id: number } | { ok: false; field: string; message: string } | { ok: false; reason: "not-found" };

interface TemplateFields {
  dltTemplateId: string;
  senderId: string;
  text: string;
  variables: string[];
  category: "service" | "transactional" | "promotional";
}

const taken = (error: unknown): TemplateResult | null =>
  isUniqueViolation(error) ? { ok: false, field: "dltTemplateId", message: "Another template already has this DLT template id (or this name)." } : null;

export async function addSmsTemplate(staff: StaffMember, input: TemplateFields & { name: string }): Promise<TemplateResult> {
  if (isBuiltInSmsTemplate(input.name)) return { ok: false, field: "name", message: "That name is one of the built-in templates: edit it in the list instead." };
  try {
    const id = await getDb().transaction(async (tx) => {
      const [row] = await tx
        .insert(smsTemplates)
        .values({ ...input, updatedBy: staff.userId })
        .returning();
      await audit(tx, auditActor(staff), { action: "sms-template.add", entityType: "sms-template", entityId: row!.id, entityLabel: row!.name, after: input });
      return row!.id;
    });
    forgetSmsRegistry();
    return { ok: true, id, message: `Template ${input.name} added to the registry.` };
  } catch (error) {
    const refusal = taken(error);
    if (refusal) return refusal;
    throw error;
  }
}

export async function editSmsTemplate(staff: StaffMember, id: number, input: TemplateFields & { version: number }): Promise<TemplateResult> {
  const { version, ...fields } = input;
  try {
    const result = await getDb().transaction(async (tx): Promise<TemplateResult> => {
      const [before] = await tx.select().from(smsTemplates).where(eq(smsTemplates.id, id)).for("update");
      if (!before) return { ok: false, reason: "not-found" };
      if (before.version !== version) return { ok: false, field: "form", message: STALE_TEMPLATE_MESSAGE };
      if (isBuiltInSmsTemplate(before.name)) {
        const code = DLT_TEMPLATES[before.name];
        if (fields.variables.join(",") !== code.variables.join(",")) {
          return { ok: false, field: "variables", message: `This built-in template is filled by the site with ${code.variables.join(", ")}: keep those variables, in that order.` };
        }
      }
      const change = changedFields(
        { dltTemplateId: before.dltTemplateId, senderId: before.senderId, text: before.text, variables: before.variables, category: before.category },
        fields,
      );
      if (Object.keys(change.after).length === 0) return { ok: true, id, message: "Nothing changed." };
      await tx
        .update(smsTemplates)
        .set({ ...fields, version: sql`${smsTemplates.version} + 1`, updatedBy: staff.userId, updatedAt: new Date() })
        .where(and(eq(smsTemplates.id, id), eq(smsTemplates.version, version)));
      await audit(tx, auditActor(staff), { action: "sms-template.edit", entityType: "sms-template", entityId: id, entityLabel: before.name, ...change });
      return { ok: true, id, message: `Template ${before.name} saved.` };
    });
    forgetSmsRegistry();
    return result;
  } catch (error) {
    const refusal = taken(error);
    if (refusal) return refusal;
    throw error;
  }
}

export async function setSmsTemplateActive(staff: StaffMember, id: number, version: number, active: boolean): Promise<TemplateResult> {
  const result = await getDb().transaction(async (tx): Promise<TemplateResult> => {
    const [before] = await tx.select().from(smsTemplates).where(eq(smsTemplates.id, id)).for("update");
    if (!before) return { ok: false, reason: "not-found" };
    if (before.version !== version) return { ok: false, field: "form", message: STALE_TEMPLATE_MESSAGE };
    if (before.active === active) return { ok: true, id, message: active ? "The template is already active." : "The template is already deactivated." };
    await tx
      .update(smsTemplates)
      .set({ active, version: sql`${smsTemplates.version} + 1`, updatedBy: staff.userId, updatedAt: new Date() })
      .where(eq(smsTemplates.id, id));
    await audit(tx, auditActor(staff), {
      action: active ? "sms-template.activate" : "sms-template.deactivate",
      entityType: "sms-template",
      entityId: id,
      entityLabel: before.name,
      before: { active: before.active },
      after: { active },
    });
    return { ok: true, id, message: active ? `Template ${before.name} is active again.` : `Template ${before.name} deactivated: no SMS goes out from it.` };
  });
  forgetSmsRegistry();
  return result;
}

/** A registered template filled by the office (a thread's reply): each value one line, at most 30 characters. */
export function fillForReply(t: SmsTemplateView, values: Record<string, string>): { body: string; variables: Record<string, string> } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const variables: Record<string, string> = {};
  for (const name of t.variables) {
    const value = (values[name] ?? "").replace(/\s+/g, " ").trim();
    if (!value) errors[`var-${name}`] = `Fill in ${name}.`;
    else if (Array.from(value).length > DLT_VARIABLE_MAX_LENGTH) errors[`var-${name}`] = `At most ${DLT_VARIABLE_MAX_LENGTH} characters (DLT's limit for a variable).`;
    else variables[name] = value;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { body: fill(t.text, t.variables, variables), variables };
}
