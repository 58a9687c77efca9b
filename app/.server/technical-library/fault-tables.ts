import { parse } from "csv-parse/sync";
import { and, asc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { changesOrRefuse, Refusal, type ChangeResult, type ChangeStep } from "~/.server/admin/changes.ts";
import { contentEntryKind, changeContentEntry, changeContentEntryIn, type LoadedEntry } from "~/.server/content/changes.ts";
import { keysetPage, PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { clearContentCache } from "~/.server/content/index.ts";
import { faultTableData, type KindData } from "~/.server/content/schemas.ts";
import { afterCommit, getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { contentEntries as c } from "~/.server/db/schema.ts";
import {
  FAULT_CODE_COLUMNS,
  faultTableSlug,
  MAX_FAULT_CODES,
  STALE_FAULT_TABLE_MESSAGE,
  type EditFaultTableInput,
  type FaultTableFilter,
  type FaultTableListFilters,
  type FaultTableStateIntent,
  type NewFaultTableInput,
} from "~/lib/forms/admin/technical-library.ts";

/**
 * The technical library's fault-code tables (/admin/technical-library): content entries of kind
 * "fault-table", one per brand and series. The public /technical-data page, the chat assistant and the site
 * search read the same entries, the public ones only; technicians read them all. Each change is one
 * transaction with its audit entry, made on the version the staff member saw, and drops the cached pages
 * once committed (clearContentCache).
 */

type FaultTable = KindData<"fault-table">;
type FaultCode = FaultTable["codes"][number];
type Entry = typeof c.$inferSelect;

const LIMITS: Record<(typeof FAULT_CODE_COLUMNS)[number], number> = { code: 20, name: 200, causes: 1_000, remedy: 2_000 };

/**
 * Codes typed or uploaded as CSV (code, name, causes, remedy; a header line naming the columns is skipped):
 * the codes, or the first problems with the line each is on. A code given twice is refused, not merged.
 */
export function parseFaultCodes(text: string): { codes: FaultCode[] } | { problem: string } {
  if (!text.trim()) return { codes: [] };
  let rows: string[][];
  try {
    rows = parse(text.replace(/^\uFEFF/, ""), { relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return { problem: `The CSV could not be read${line ? ` at line ${line}` : ""}: check the quotes around a value with a comma in it.` };
  }
  const start = rows[0]?.[0]?.toLowerCase() === "code" ? 1 : 0;
  const problems: string[] = [];
  const seen = new Map<string, number>();
  const codes: FaultCode[] = [];
  for (let i = start; i < rows.length; i++) {
    const line = i + 1;
    const [code = "", name = "", causes = "", remedy = "", ...rest] = rows[i]!;
    if (rest.some((v) => v !== "")) problems.push(`Line ${line} has more than four values: put a value with a comma in quotes.`);
    else if (!code || !name) problems.push(`Line ${line} needs a code and its name.`);
    else if (Object.entries({ code, name, causes, remedy }).some(([k, v]) => v.length > LIMITS[k as keyof typeof LIMITS])) problems.push(`Line ${line} is too long (code 20, name 200, causes 1,000, remedy 2,000 characters).`);
    else if (seen.has(code.toLowerCase())) problems.push(`Line ${line} repeats code ${code} (line ${seen.get(code.toLowerCase())}).`);
    else {
      seen.set(code.toLowerCase(), line);
      codes.push({ code, name, causes, remedy });
    }
    if (problems.length >= 5) break;
  }
  if (problems.length) return { problem: problems.join(" ") };
  if (codes.length > MAX_FAULT_CODES) return { problem: `A table holds at most ${MAX_FAULT_CODES.toLocaleString("en-IN")} codes: split it by series.` };
  return { codes };
}

/** The codes as the form's CSV text (quoted where a value needs it), header first. */
export function faultCodesCsv(codes: readonly FaultCode[]): string {
  const cell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [FAULT_CODE_COLUMNS.join(","), ...codes.map((x) => [x.code, x.name, x.causes, x.remedy].map(cell).join(","))].join("\n");
}

/** The full-text body of a table: its codes and names, so the site search finds a table by a keypad code. */
const searchBody = (codes: readonly FaultCode[]) => codes.map((x) => `${x.code} ${x.name}`).join("\n");

const isPrivate = sql`(${c.data}->>'public') = 'false'`;

// ── The list and the record ──────────────────────────────────────────────────────────────────────

export interface FaultTableListItem {
  id: number;
  slug: string;
  brand: string;
  series: string;
  codes: number;
  public: boolean;
  updatedAt: string;
}

function showCondition(show: FaultTableFilter): SQL | undefined {
  return show === "public" ? sql`not ${isPrivate}` : show === "private" ? isPrivate : undefined;
}

function baseCondition(q: string | undefined): SQL | undefined {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : undefined;
  // A code is found through the table's body, which lists every code and its name.
  return and(eq(c.kind, "fault-table"), pattern ? or(ilike(c.title, pattern), ilike(c.body, pattern)) : undefined);
}

export async function listFaultTables(f: FaultTableListFilters, cursor: Cursor | undefined, size = PAGE_SIZE) {
  const after = cursor && typeof cursor[0] === "number" ? sql`(${c.position}, ${c.id}) > (${cursor[0]}, ${cursor[1]})` : undefined;
  const [found, [counts]] = await Promise.all([
    getDb()
      .select({ id: c.id, slug: c.slug, data: c.data, position: c.position, updatedAt: c.updatedAt })
      .from(c)
      .where(and(baseCondition(f.q), showCondition(f.show), after))
      .orderBy(asc(c.position), asc(c.id))
      .limit(size + 1),
    getDb()
      .select({ all: sql<number>`count(*)::int`, public: sql<number>`count(*) filter (where not ${isPrivate})::int`, private: sql<number>`count(*) filter (where ${isPrivate})::int` })
      .from(c)
      .where(baseCondition(f.q)),
  ]);
  const page = keysetPage(found, (row): Cursor => [row.position, row.id], size);
  const counts3: Record<FaultTableFilter, number> = { all: Number(counts?.all ?? 0), public: Number(counts?.public ?? 0), private: Number(counts?.private ?? 0) };
  return {
    rows: page.rows.map((row): FaultTableListItem => {
      const data = faultTableData.safeParse(row.data);
      return {
        id: row.id,
        slug: row.slug,
        brand: data.success ? data.data.brand : "",
        series: data.success ? data.data.series : row.slug,
        codes: data.success ? data.data.codes.length : 0,
        public: data.success ? data.data.public : true,
        updatedAt: row.updatedAt.toISOString(),
      };
    }),
    next: page.next,
    total: counts3[f.show],
    counts: counts3,
  };
}

export async function faultTableRecord(id: number) {
  const [row] = await getDb()
    .select()
    .from(c)
    .where(and(eq(c.id, id), eq(c.kind, "fault-table")));
  if (!row) return undefined;
  const parsed = faultTableData.safeParse(row.data);
  const data = parsed.success ? parsed.data : faultTableData.parse({ brand: "", series: row.title, source: "", codes: [] });
  return { id: row.id, slug: row.slug, version: row.version, updatedAt: row.updatedAt.toISOString(), ...data, csv: faultCodesCsv(data.codes) };
}

// ── Changes ──────────────────────────────────────────────────────────────────────────────────────

export type FaultTableExisting = { id: number; label: string };
export type AddFaultTableResult = { ok: true; id: number } | { ok: false; field: string; message: string; existing?: FaultTableExisting };
export type FaultTableResult = ChangeResult<object, { existing: FaultTableExisting }>;

async function duplicateOf(db: Transaction | Database, slug: string, except?: number): Promise<FaultTableExisting | undefined> {
  const [row] = await db
    .select({ id: c.id, label: c.title })
    .from(c)
    .where(and(eq(c.kind, "fault-table"), eq(c.slug, slug), except ? sql`${c.id} <> ${except}` : undefined));
  return row;
}

const duplicateMessage = (e: FaultTableExisting) => `${e.label} is already a table: open it to change its codes.`;

function codesOrRefuse(text: string): FaultCode[] {
  const parsed = parseFaultCodes(text);
  if ("problem" in parsed) throw new Refusal("codes", parsed.problem);
  return parsed.codes;
}

export async function addFaultTable(staff: StaffMember, input: NewFaultTableInput, now = new Date()): Promise<AddFaultTableResult> {
  const slug = faultTableSlug(input.brand, input.series);
  try {
    const result = await getDb().transaction(async (tx): Promise<AddFaultTableResult> => {
      const existing = await duplicateOf(tx, slug);
      if (existing) return { ok: false, field: "series", message: duplicateMessage(existing), existing };
      const codes = codesOrRefuse(input.codes);
      const data: FaultTable = { brand: input.brand, series: input.series, source: input.source ?? "", codes, public: input.public };
      const [last] = await tx.select({ position: sql<number>`coalesce(max(${c.position}), -1)::int` }).from(c).where(eq(c.kind, "fault-table"));
      const title = `${input.brand} ${input.series}`;
      const [made] = await tx
        .insert(c)
        .values({ kind: "fault-table", slug, title, body: searchBody(codes), data, position: Number(last?.position ?? -1) + 1, updatedAt: now })
        .returning({ id: c.id });
      await audit(tx, auditActor(staff), { action: "fault-table.add", entityType: "fault-table", entityId: made!.id, entityLabel: title, before: null, after: { ...data, codes: codes.length } }, now);
      return { ok: true, id: made!.id };
    });
    // Only the pages that read this kind (ADR 058).
    if (result.ok) clearContentCache(["fault-table"]);
    return result;
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, field: error.field, message: error.message };
    if (!isUniqueViolation(error)) throw error;
    const existing = await duplicateOf(getDb(), slug);
    if (!existing) throw error;
    return { ok: false, field: "series", message: duplicateMessage(existing), existing };
  }
}

type Loaded = LoadedEntry<"fault-table">;

const FAULT_TABLE = contentEntryKind("fault-table", {
  stale: STALE_FAULT_TABLE_MESSAGE,
  empty: (row) => faultTableData.parse({ brand: "", series: row.title, source: "", codes: [] }),
  refuse: (error) => (isUniqueViolation(error) ? { field: "series", message: "Another table already has this brand and series." } : undefined),
});

function change(id: number, version: number, staff: StaffMember, step: (s: ChangeStep<Entry, Loaded>) => Promise<string>, now: Date): Promise<FaultTableResult> {
  return changeContentEntry<"fault-table", { existing: FaultTableExisting }>(FAULT_TABLE, id, version, staff, step, now);
}

/** How a change of codes reads in the log: counts, not the whole table. */
function codeChanges(before: readonly FaultCode[], after: readonly FaultCode[]) {
  const was = new Map(before.map((x) => [x.code.toLowerCase(), JSON.stringify(x)]));
  const now = new Map(after.map((x) => [x.code.toLowerCase(), JSON.stringify(x)]));
  return {
    added: [...now.keys()].filter((k) => !was.has(k)).length,
    removed: [...was.keys()].filter((k) => !now.has(k)).length,
    changed: [...now.keys()].filter((k) => was.has(k) && was.get(k) !== now.get(k)).length,
  };
}

export function editFaultTable(staff: StaffMember, id: number, input: EditFaultTableInput, now = new Date()): Promise<FaultTableResult> {
  return change(id, input.version, staff, async ({ tx, row, loaded, save, audit }) => {
    const codes = codesOrRefuse(input.codes);
    const slug = faultTableSlug(input.brand, input.series);
    const existing = await duplicateOf(tx, slug, row.id);
    if (existing) throw new Refusal("series", duplicateMessage(existing), { existing });
    const data: FaultTable = { brand: input.brand, series: input.series, source: input.source ?? "", codes, public: input.public };
    const counts = codeChanges(loaded.data.codes, codes);
    const meta = changesOrRefuse(
      { brand: loaded.data.brand, series: loaded.data.series, source: loaded.data.source, public: loaded.data.public, codes: JSON.stringify(loaded.data.codes) },
      { brand: data.brand, series: data.series, source: data.source, public: data.public, codes: JSON.stringify(codes) },
    );
    // The address stays: links to /technical-data?brand=… and the chat's answers keep working.
    await save({ title: `${input.brand} ${input.series}`, body: searchBody(codes), data });
    const { codes: _before, ...before } = meta.before;
    const { codes: _after, ...after } = meta.after;
    await audit("fault-table.update", before, { ...after, ...(counts.added + counts.removed + counts.changed ? { codes: counts } : {}) });
    return `Saved: ${codes.length} ${codes.length === 1 ? "code" : "codes"}.`;
  }, now);
}

/** Codes from a CSV file added to the table; a code already there takes the file's text. */
export function importFaultCodes(staff: StaffMember, id: number, version: number, csvText: string, now = new Date()): Promise<FaultTableResult> {
  return change(id, version, staff, async ({ loaded, save, audit }) => {
    const parsed = parseFaultCodes(csvText);
    if ("problem" in parsed) throw new Refusal("file", parsed.problem);
    if (parsed.codes.length === 0) throw new Refusal("file", "The file has no codes: one per line, code, name, causes, remedy.");
    const merged = new Map(loaded.data.codes.map((x) => [x.code.toLowerCase(), x]));
    for (const x of parsed.codes) merged.set(x.code.toLowerCase(), x);
    const codes = [...merged.values()];
    if (codes.length > MAX_FAULT_CODES) throw new Refusal("file", `A table holds at most ${MAX_FAULT_CODES.toLocaleString("en-IN")} codes: split it by series.`);
    const counts = codeChanges(loaded.data.codes, codes);
    if (counts.added + counts.changed === 0) throw new Refusal("file", "Every code in the file is already in the table, as it is: nothing was changed.");
    await save({ body: searchBody(codes), data: { ...loaded.data, codes } });
    await audit("fault-table.import", null, { codes: counts });
    return `Imported: ${counts.added} new, ${counts.changed} changed; the table has ${codes.length} codes.`;
  }, now);
}

const STATE_CHANGES: Record<FaultTableStateIntent, { public: boolean; message: string; already: string }> = {
  publish: { public: true, message: "On /technical-data: visitors, the chat assistant and the site search find its codes.", already: "This table is already on /technical-data." },
  unpublish: { public: false, message: "Off /technical-data: staff and technicians still read it.", already: "This table is already for staff and technicians only." },
};

export function changeFaultTableState(staff: StaffMember, id: number, input: { intent: FaultTableStateIntent; version: number }, now = new Date()): Promise<FaultTableResult> {
  const s = STATE_CHANGES[input.intent];
  return change(id, input.version, staff, async ({ loaded, save, audit }) => {
    const diff = changesOrRefuse({ public: loaded.data.public }, { public: s.public }, s.already);
    await save({ data: { ...loaded.data, public: s.public } });
    await audit(`fault-table.${input.intent}`, diff.before, diff.after);
    return s.message;
  }, now);
}

// ── Codes from a data import (/admin/data-import, ADR 048) ───────────────────────────────────────

/** One row of a fault-code file: a blank causes or remedy keeps what the table has. */
export interface FaultCodeImportRow {
  brand: string;
  series: string;
  code: string;
  name: string;
  causes?: string;
  remedy?: string;
}

/** What the import did to one table: enough for its batch to count it and for undo to put it back. */
export interface FaultTableImported {
  id: number;
  created: boolean;
  /** The table's columns as they were (an updated table): undo writes them back as they were. */
  before: { body: string; data: unknown } | null;
  versionAfter: number;
  codes: { created: number; updated: number; unchanged: number };
}

/**
 * Codes from a data import, by brand, series and code, merged into their tables inside the import's own
 * transaction: a table that changes goes through the change kernel (its version moves on, its audit entry
 * "fault-table.import" is written) and the cached pages are dropped once the import commits; a brand and
 * series with no table yet gets a new one, for staff and technicians only until it is put on /technical-data.
 * A Refusal (a table over its limit, changed meanwhile) rolls the whole import back.
 */
export async function importFaultCodesIn(tx: Transaction, staff: StaffMember, rows: readonly FaultCodeImportRow[], now: Date): Promise<FaultTableImported[]> {
  const groups = new Map<string, { brand: string; series: string; rows: FaultCodeImportRow[] }>();
  for (const r of rows) {
    const slug = faultTableSlug(r.brand, r.series);
    const group = groups.get(slug) ?? { brand: r.brand, series: r.series, rows: [] };
    group.rows.push(r);
    groups.set(slug, group);
  }
  const slugs = [...groups.keys()];
  const stored = new Map<string, Entry>();
  if (slugs.length) {
    const found = await tx
      .select()
      .from(c)
      .where(and(eq(c.kind, "fault-table"), sql`${c.slug} in (select jsonb_array_elements_text(${JSON.stringify(slugs)}::jsonb))`))
      .orderBy(asc(c.id))
      .for("update");
    for (const row of found) stored.set(row.slug, row);
  }
  const [last] = await tx.select({ position: sql<number>`coalesce(max(${c.position}), -1)::int` }).from(c).where(eq(c.kind, "fault-table"));
  let position = Number(last?.position ?? -1);
  const out: FaultTableImported[] = [];
  for (const [slug, group] of groups) {
    const row = stored.get(slug);
    const parsed = row ? faultTableData.safeParse(row.data) : undefined;
    const merged = new Map((parsed?.success ? parsed.data.codes : []).map((x) => [x.code.toLowerCase(), x]));
    const codes = { created: 0, updated: 0, unchanged: 0 };
    for (const r of group.rows) {
      const key = r.code.toLowerCase();
      const was = merged.get(key);
      const next: FaultCode = { code: was?.code ?? r.code, name: r.name, causes: r.causes ?? was?.causes ?? "", remedy: r.remedy ?? was?.remedy ?? "" };
      if (!was) codes.created += 1;
      else if (JSON.stringify(was) === JSON.stringify(next)) codes.unchanged += 1;
      else codes.updated += 1;
      merged.set(key, next);
    }
    const all = [...merged.values()];
    const title = row?.title ?? `${group.brand} ${group.series}`;
    if (all.length > MAX_FAULT_CODES) throw new Refusal("code", `${title} would hold ${all.length.toLocaleString("en-IN")} codes: a table holds at most ${MAX_FAULT_CODES.toLocaleString("en-IN")}. Split it by series.`);
    if (!row) {
      const data: FaultTable = { brand: group.brand, series: group.series, source: "", codes: all, public: false };
      position += 1;
      const [made] = await tx.insert(c).values({ kind: "fault-table", slug, title, body: searchBody(all), data, position, updatedAt: now }).returning({ id: c.id, version: c.version });
      await audit(tx, auditActor(staff), { action: "fault-table.add", entityType: "fault-table", entityId: made!.id, entityLabel: title, before: null, after: { brand: data.brand, series: data.series, public: false, codes: all.length } }, now);
      afterCommit(() => clearContentCache(["fault-table"]));
      out.push({ id: made!.id, created: true, before: null, versionAfter: made!.version, codes });
      continue;
    }
    if (codes.created + codes.updated === 0) {
      out.push({ id: row.id, created: false, before: null, versionAfter: row.version, codes });
      continue;
    }
    const result = await changeContentEntryIn(tx, FAULT_TABLE, row.id, row.version, staff, async ({ loaded, save, audit }) => {
      await save({ body: searchBody(all), data: { ...loaded.data, codes: all } });
      await audit("fault-table.import", null, { codes: { added: codes.created, changed: codes.updated } });
      return "";
    }, now);
    if (!result.ok) throw new Refusal("code", `${title} was removed while the import ran.`);
    out.push({ id: row.id, created: false, before: { body: row.body, data: row.data }, versionAfter: row.version + 1, codes });
  }
  return out;
}
