import { z } from "zod";

/**
 * The data-import screens' forms (/admin/data-import, /admin/data-import/{id}). The file and its rows are
 * checked on the server only (~/.server/data-import): these are the small forms around them.
 */

/** What a file can hold: a kind is added here and in ~/.server/data-import/batches.ts when its table lands. */
export const IMPORT_KIND_OPTIONS = [
  { value: "customers", label: "Customers, with their sites and units" },
  { value: "products", label: "Products and parts" },
] as const;
export type ImportKindName = (typeof IMPORT_KIND_OPTIONS)[number]["value"];

export const importUploadSchema = z.object({
  kind: z.enum(
    IMPORT_KIND_OPTIONS.map((k) => k.value),
    "Choose what the file holds.",
  ),
});

export const IMPORT_INTENTS = ["map", "dry-run", "commit", "undo"] as const;
export const importIntentSchema = z.object({ intent: z.enum(IMPORT_INTENTS, "Reload the page and try again.") });

/** A column choice: "" is "not in the file", otherwise the file column's index. */
export const MAP_FIELD_PREFIX = "column-";
export const columnChoice = z
  .string()
  .regex(/^(\d{1,4})?$/, "Choose a column of the file.")
  .transform((v) => (v === "" ? undefined : Number(v)));
