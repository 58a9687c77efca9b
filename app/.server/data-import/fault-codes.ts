import { z } from "zod";
import { Refusal } from "~/.server/admin/changes.ts";
import { clearContentCache } from "~/.server/content/index.ts";
import { contentEntries } from "~/.server/db/schema.ts";
import { importFaultCodesIn } from "~/.server/technical-library/fault-tables.ts";
import { optionalText, requiredText } from "~/lib/forms/fields.ts";
import { faultTableSlug } from "~/lib/forms/admin/technical-library.ts";
import { ImportConflictError, oneRowPerKey, tally, type Effect, type ImportKind } from "./kind.ts";

/**
 * Fault codes into the technical library's tables (/admin/technical-library): one row is a code of a brand's
 * series. Natural key: brand and series (as the table's address makes them: no case, no punctuation), then
 * the code (any case). A code already in its table takes the file's name, and its causes and remedy where
 * the file gives them; a brand and series without a table get a new one, for staff and technicians only
 * until it is put on /technical-data. Each table changed is one change through the kernel, with its audit
 * entry; the public pages are drawn again once the import (or its undo) commits.
 */

const rowSchema = z
  .object({
    brand: requiredText("Name the brand, e.g. ABB.", 60),
    series: requiredText("Name the series, e.g. ACS580.", 80),
    code: requiredText("Give the code as the keypad shows it, e.g. F0001.", 20),
    name: requiredText("Give the code's name, e.g. Overcurrent.", 200),
    causes: optionalText(1_000),
    remedy: optionalText(2_000),
  })
  .superRefine((r, ctx) => {
    if (!faultTableSlug(r.brand, r.series)) ctx.addIssue({ code: "custom", path: ["series"], message: "The brand and series need letters or digits: the table's address is made from them." });
  });

export type FaultCodeRow = z.output<typeof rowSchema>;

const crossCheck = oneRowPerKey<FaultCodeRow>(
  (row) => `${faultTableSlug(row.brand, row.series)}|${row.code.toLowerCase()}`,
  () => "code",
  (first) => `Line ${first} has the same code for this brand and series: one row per code.`,
);

export const faultCodesKind: ImportKind<FaultCodeRow> = {
  name: "fault-codes",
  label: "Fault codes, by brand and series",
  columns: [
    { field: "brand", label: "Brand", required: true, aliases: ["Make", "Manufacturer"] },
    { field: "series", label: "Series", required: true, aliases: ["Model", "Drive series", "Product series"] },
    { field: "code", label: "Code", required: true, aliases: ["Fault code", "Alarm code", "Error code", "Fault"] },
    { field: "name", label: "Name", required: true, aliases: ["Fault name", "Description", "Meaning", "Message"] },
    { field: "causes", label: "Causes", aliases: ["Cause", "Possible causes"] },
    { field: "remedy", label: "Remedy", aliases: ["Remedies", "Action", "Corrective action", "Solution"] },
  ],
  row: rowSchema,
  crossCheck,
  records: { "fault-table": "Fault-code tables", "fault-code": "Fault codes" },
  entities: [{ entity: "fault-table", table: contentEntries, noun: "fault-code table", labelColumn: "title", versioned: true }],
  async upsert(tx, rows, now, staff) {
    let tables;
    try {
      tables = await importFaultCodesIn(tx, staff, rows.map((r) => r.row), now);
    } catch (error) {
      if (error instanceof Refusal) throw new ImportConflictError(error.message);
      throw error;
    }
    const effects: Effect[] = [];
    const counts: Record<string, number> = {};
    for (const t of tables) {
      tally(counts, "fault-code", "created", t.codes.created);
      tally(counts, "fault-code", "updated", t.codes.updated);
      tally(counts, "fault-code", "unchanged", t.codes.unchanged);
      if (t.created) {
        tally(counts, "fault-table", "created");
        effects.push({ entity: "fault-table", entityId: t.id, effect: "created", before: null, versionAfter: t.versionAfter });
      } else if (t.before) {
        tally(counts, "fault-table", "updated");
        effects.push({ entity: "fault-table", entityId: t.id, effect: "updated", before: t.before, versionAfter: t.versionAfter });
      } else tally(counts, "fault-table", "unchanged");
    }
    return { effects, counts };
  },
  afterUndo: clearContentCache,
};
