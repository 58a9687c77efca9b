import { z } from "zod";
import { optionalText, requiredText } from "~/lib/forms/fields.ts";
import { changedMeanwhile } from "~/lib/forms/stale.ts";

/**
 * The technical library's forms and filters (/admin/technical-library): fault-code tables per brand and series.
 * One schema per form, shared by the server and the browser. The codes are typed (or pasted from a
 * spreadsheet) as CSV, one code per line: code, name, causes, remedy; the server reads them with csv-parse
 * and says which line is wrong.
 */

export const STALE_FAULT_TABLE_MESSAGE = changedMeanwhile("fault-code table");

/** The CSV columns, in order; a first line naming them is a header and is skipped. */
export const FAULT_CODE_COLUMNS = ["code", "name", "causes", "remedy"] as const;

/** At most this many codes in one table (the largest drive manuals list a few hundred). */
export const MAX_FAULT_CODES = 2_000;

/** The CSV text's limit, typed or uploaded. */
export const MAX_FAULT_CSV_BYTES = 1_000_000;

export const FAULT_TABLE_FILTERS = [
  { value: "all", label: "All" },
  { value: "public", label: "On /technical-data" },
  { value: "private", label: "Staff and technicians only" },
] as const;
export type FaultTableFilter = (typeof FAULT_TABLE_FILTERS)[number]["value"];

export const faultTableListSchema = z.object({
  show: z.enum(FAULT_TABLE_FILTERS.map((f) => f.value)).default("all"),
  /** A brand, a series or a code as a keypad shows it. */
  q: z.string().trim().min(1).max(100).optional(),
});
export type FaultTableListFilters = z.output<typeof faultTableListSchema>;

const checkbox = z
  .union([z.literal(["yes", "on"]), z.literal("")])
  .optional()
  .transform((v) => v === "yes" || v === "on");

const tableFields = {
  brand: requiredText("Name the brand, e.g. ABB.", 60),
  series: requiredText("Name the series, e.g. ACS580.", 80),
  source: optionalText(300),
  public: checkbox,
  codes: z
    .string()
    .max(MAX_FAULT_CSV_BYTES, "The codes are more than 1 MB of text: split the table by series.")
    .optional()
    .transform((v) => v ?? ""),
};

export const newFaultTableSchema = z.object(tableFields);
export type NewFaultTableInput = z.output<typeof newFaultTableSchema>;

const version = z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again.");

export const editFaultTableSchema = z.object({ intent: z.literal("edit"), version, ...tableFields });
export type EditFaultTableInput = z.output<typeof editFaultTableSchema>;

/** Codes from a CSV file, added to the table (a code already there is replaced). */
export const importFaultCodesSchema = z.object({ intent: z.literal("import"), version });

export const FAULT_TABLE_STATE_INTENTS = ["publish", "unpublish"] as const;
export type FaultTableStateIntent = (typeof FAULT_TABLE_STATE_INTENTS)[number];
export const faultTableStateSchema = z.object({ intent: z.enum(FAULT_TABLE_STATE_INTENTS), version });

export function isFaultTableIntent(v: unknown): v is "edit" | "import" | FaultTableStateIntent {
  return v === "edit" || v === "import" || (FAULT_TABLE_STATE_INTENTS as readonly unknown[]).includes(v);
}

/** A table's address on the site: brand and series, lower-case, runs of other characters as one hyphen. */
export function faultTableSlug(brand: string, series: string): string {
  return `${brand} ${series}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

// ── Manuals and datasheets (PDF, by brand and model) ─────────────────────────────────────────────

export const STALE_LIBRARY_DOCUMENT_MESSAGE = changedMeanwhile("document");

/** A manual or datasheet: PDF only, checked by its content, at most this size. */
export const LIBRARY_DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;

export const LIBRARY_DOCUMENT_KINDS = [
  { value: "manual", label: "Manual" },
  { value: "datasheet", label: "Datasheet" },
] as const;
export type LibraryDocumentKind = (typeof LIBRARY_DOCUMENT_KINDS)[number]["value"];

export function libraryKindLabel(kind: string): string {
  return LIBRARY_DOCUMENT_KINDS.find((k) => k.value === kind)?.label ?? kind;
}

const kind = z.enum(
  LIBRARY_DOCUMENT_KINDS.map((k) => k.value),
  "Choose whether it is a manual or a datasheet.",
);

const documentFields = {
  title: requiredText("Give the document a title, e.g. ACS580 firmware manual.", 150),
  brand: requiredText("Name the brand, e.g. ABB.", 60),
  model: requiredText("Name the model or series, e.g. ACS580.", 80),
  kind,
  public: checkbox,
};

export const uploadLibraryDocumentSchema = z.object({
  intent: z.literal("upload"),
  idempotencyKey: z.uuid("This form has expired. Reload the page and send it again."),
  ...documentFields,
});
export type UploadLibraryDocumentInput = z.output<typeof uploadLibraryDocumentSchema>;

export const editLibraryDocumentSchema = z.object({ intent: z.literal("edit"), version, ...documentFields });
export type EditLibraryDocumentInput = z.output<typeof editLibraryDocumentSchema>;

export const removeLibraryDocumentSchema = z.object({ intent: z.literal("remove"), version });

/** The documents list's filters: brand, model and kind (each optional). */
export const libraryDocumentListSchema = z.object({
  brand: z.string().trim().min(1).max(60).optional(),
  model: z.string().trim().min(1).max(80).optional(),
  kind: kind.optional(),
});
export type LibraryDocumentListFilters = z.output<typeof libraryDocumentListSchema>;

/** The technician's library: one search box for a brand, a model, a title or a fault code. */
export const technicianLibrarySchema = z.object({ q: z.string().trim().max(100).optional().transform((v) => v || undefined) });

/** A technician pins a document (kept on the phone for reading offline) or unpins it. */
export const libraryPinSchema = z.object({
  intent: z.enum(["pin", "unpin"]),
  document: z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again.").max(2_147_483_647, "Reload the page and try again."),
});
