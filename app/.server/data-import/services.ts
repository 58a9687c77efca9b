import { z } from "zod";
import { Refusal } from "~/.server/admin/changes.ts";
import { clearContentCache } from "~/.server/content/index.ts";
import { contentEntries } from "~/.server/db/schema.ts";
import { importServicesIn, storedServiceSlugs } from "~/.server/service-catalogue/changes.ts";
import { optionalText } from "~/lib/forms/fields.ts";
import { optionalRupees, sacCode } from "~/lib/forms/admin/services.ts";
import { SERVICE_CATEGORIES } from "~/lib/settings-schema.ts";
import { serviceSlug } from "~/lib/slug.ts";
import { ImportConflictError, oneRowPerKey, tally, type CheckedRow, type Effect, type ImportKind, type RowProblem } from "./kind.ts";

/**
 * The service catalogue (/admin/services) from a file. Natural key: the slug, the service's address
 * (/service/{slug}); without a slug column, the slug the name makes by the spec's rule (as /admin/services
 * makes it). A cell left blank keeps what the service has; a new service needs its name, category and
 * summary, and is added hidden unless the file's Shown column says yes. The SAC code and the price band go
 * through the service form's own fields. Each service changed is one change through the kernel, with its
 * audit entry; the home catalogue, the service page, the search and the sitemap show it once the import
 * (or its undo) commits.
 */

const SLUG = /^[\w-]+$/;

const category = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const found = SERVICE_CATEGORIES.find((c) => c.toLowerCase() === v.toLowerCase());
    if (!found) {
      ctx.addIssue({ code: "custom", message: `Give one of the categories: ${SERVICE_CATEGORIES.join(", ")}.` });
      return z.NEVER;
    }
    return found;
  });

const shown = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const answer = v.toLowerCase();
    if (["yes", "y", "true", "1", "shown", "show"].includes(answer)) return true;
    if (["no", "n", "false", "0", "hidden", "hide"].includes(answer)) return false;
    ctx.addIssue({ code: "custom", message: "Write yes (shown on the site) or no (hidden)." });
    return z.NEVER;
  });

const rowSchema = z
  .object({
    slug: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v.toLowerCase() : undefined))
      .pipe(z.string().max(120).regex(SLUG, "A slug is letters, digits and hyphens, e.g. vfd-repair.").optional()),
    name: optionalText(120),
    category,
    summary: optionalText(400),
    body: optionalText(20_000),
    turnaround: optionalText(120),
    sac: sacCode,
    bandMin: optionalRupees("The lowest indicative price"),
    bandMax: optionalRupees("The highest indicative price"),
    shown,
  })
  .superRefine((v, ctx) => {
    if (!v.slug && !v.name) ctx.addIssue({ code: "custom", path: ["name"], message: "Name the service, or give the slug of the one to change." });
    else if (!v.slug && !serviceSlug(v.name!)) ctx.addIssue({ code: "custom", path: ["name"], message: "The name needs letters or digits: its address is made from them." });
    if ((v.bandMin === undefined) !== (v.bandMax === undefined)) {
      ctx.addIssue({ code: "custom", path: [v.bandMin === undefined ? "bandMin" : "bandMax"], message: "Give both ends of the band, or neither." });
    } else if (v.bandMin !== undefined && v.bandMax !== undefined && v.bandMin > v.bandMax) {
      ctx.addIssue({ code: "custom", path: ["bandMax"], message: "The highest price is below the lowest: check the figures." });
    }
  });

export type ServiceRow = z.output<typeof rowSchema>;

const keyOf = (row: ServiceRow) => row.slug ?? serviceSlug(row.name!);

const crossCheck = oneRowPerKey<ServiceRow>(
  keyOf,
  (row) => (row.slug ? "slug" : "name"),
  (first, _row, key) => `Line ${first} is the same service (${key}): one row per service.`,
);

/** A row for a service not in the catalogue must say all a new service needs. */
async function checkStored(db: Parameters<NonNullable<ImportKind["checkStored"]>>[0], rows: CheckedRow<ServiceRow>[]): Promise<RowProblem[]> {
  const known = await storedServiceSlugs(db, rows.map((r) => keyOf(r.row)));
  const problems: RowProblem[] = [];
  for (const { line, row } of rows) {
    if (known.has(keyOf(row))) continue;
    if (!row.name) problems.push({ line, field: "name", message: `No service has the slug ${keyOf(row)}: name it to add it, or correct the slug.` });
    if (!row.category) problems.push({ line, field: "category", message: "A new service needs its category." });
    if (!row.summary) problems.push({ line, field: "summary", message: "A new service needs its summary: the card's text on the home page." });
  }
  return problems;
}

export const servicesKind: ImportKind<ServiceRow> = {
  name: "services",
  label: "Services of the catalogue",
  columns: [
    { field: "slug", label: "Slug", aliases: ["Address", "URL slug", "Service slug"] },
    { field: "name", label: "Name", aliases: ["Service", "Service name", "Title"] },
    { field: "category", label: "Category" },
    { field: "summary", label: "Summary", aliases: ["Short description", "Card text"] },
    { field: "body", label: "Description", aliases: ["Body", "Details", "Page text"] },
    { field: "turnaround", label: "Turnaround", aliases: ["Turnaround time", "TAT"] },
    { field: "sac", label: "SAC code", aliases: ["SAC"] },
    { field: "bandMin", label: "Price from (₹)", aliases: ["Price from", "Lowest price", "Band min", "Min price"] },
    { field: "bandMax", label: "Price to (₹)", aliases: ["Price to", "Highest price", "Band max", "Max price"] },
    { field: "shown", label: "Shown", aliases: ["Shown on site", "Visible", "Published"] },
  ],
  row: rowSchema,
  crossCheck,
  checkStored,
  records: { service: "Services" },
  entities: [{ entity: "service", table: contentEntries, noun: "service", labelColumn: "title", versioned: true }],
  async upsert(tx, rows, now, staff) {
    let done;
    try {
      done = await importServicesIn(
        tx,
        staff,
        rows.map(({ row }) => ({
          slug: keyOf(row),
          name: row.name,
          category: row.category,
          summary: row.summary,
          body: row.body,
          turnaround: row.turnaround,
          sac: row.sac,
          band: row.bandMin !== undefined && row.bandMax !== undefined ? { minPaise: row.bandMin, maxPaise: row.bandMax } : undefined,
          shown: row.shown,
        })),
        now,
      );
    } catch (error) {
      if (error instanceof Refusal) throw new ImportConflictError(error.message);
      throw error;
    }
    const effects: Effect[] = [];
    const counts: Record<string, number> = {};
    for (const s of done) {
      tally(counts, "service", s.effect);
      if (s.effect !== "unchanged") effects.push({ entity: "service", entityId: s.id, effect: s.effect, before: s.before, versionAfter: s.versionAfter });
    }
    return { effects, counts };
  },
  afterUndo: clearContentCache,
};
