import type { z } from "zod";
import { refuseFields } from "~/.server/forms/index.ts";
import { fillFromProducts, isBlankLine, parseLineRows, rawFromLine, readLineRows, type PickerProduct, type RawLine } from "~/lib/money/line-rows.ts";
import type { DocumentLine } from "~/lib/money/document.ts";
import { placePreview, type Customer, type Site } from "./shared.ts";

/**
 * The quote form as the server reads and draws it (new quote and draft edit): the posted fields, the line
 * rows with picked products filled in, the place of supply the values give, and the errors beside each field.
 */

const HEADER_FIELDS = ["title", "terms", "notes", "site", "stateCode", "idempotencyKey"] as const;

export interface QuoteFormState {
  values: Record<string, string>;
  rows: RawLine[];
  errors: Record<string, string>;
  extraRows: number;
  place: ReturnType<typeof placePreview>["place"];
  needsState: boolean;
  gstinProblem: string | null;
}

export interface QuotePost {
  values: Record<string, string>;
  rows: RawLine[];
  /** Blank rows posted (drawn again, with three more after "Add lines"). */
  blanks: number;
}

export function readQuotePost(form: FormData, products: readonly PickerProduct[]): QuotePost {
  const values: Record<string, string> = {};
  for (const name of HEADER_FIELDS) {
    const v = form.get(name);
    if (typeof v === "string") values[name] = v.slice(0, 2000);
  }
  const all = fillFromProducts(readLineRows(form), products);
  return { values, rows: all.filter((r) => !isBlankLine(r)), blanks: all.filter(isBlankLine).length };
}

/** Lines as the form starts them: a rate of 0 is left blank for the office to fill. */
export function startRows(lines: readonly DocumentLine[]): RawLine[] {
  return lines.map((l) => {
    const raw = rawFromLine(l);
    return l.ratePaise === 0 ? { ...raw, rate: "" } : raw;
  });
}

export function formState(
  input: { values: Record<string, string>; rows: RawLine[]; errors?: Record<string, string>; extraRows?: number },
  customer: Pick<Customer, "gstin">,
  sites: readonly Pick<Site, "id" | "stateCode">[],
  supplierStateCode: string,
): QuoteFormState {
  const siteId = /^\d{1,10}$/.test(input.values.site ?? "") ? Number(input.values.site) : null;
  const state = /^\d{2}$/.test(input.values.stateCode ?? "") ? input.values.stateCode : undefined;
  const preview = placePreview(customer.gstin, sites, siteId, state, supplierStateCode);
  return { values: input.values, rows: input.rows, errors: input.errors ?? {}, extraRows: input.extraRows ?? 3, ...preview };
}

/**
 * The quote form drawn again through the form pipeline: refused (400, each message beside its field), or after
 * "Add lines" (200): the header as typed, the rows, and the place of supply they give.
 */
export function drawQuoteForm(
  form: FormData,
  input: { values: Record<string, string>; rows: RawLine[]; errors: Record<string, string>; extraRows: number },
  customer: Pick<Customer, "gstin">,
  sites: readonly Pick<Site, "id" | "stateCode">[],
  supplierStateCode: string,
  status: 200 | 400 = 400,
) {
  const { values: _typed, errors, ...shown } = formState(input, customer, sites, supplierStateCode);
  return refuseFields(form, errors, { fields: HEADER_FIELDS, extra: shown, status });
}

/** The header through its schema and the lines row by row: the typed data, or every message by field. */
export function checkQuotePost<S extends z.ZodType>(post: QuotePost, schema: S, extra: Record<string, string>, products: readonly PickerProduct[]) {
  const header = schema.safeParse({ ...post.values, ...extra });
  const lines = parseLineRows(post.rows, products);
  const errors: Record<string, string> = { ...lines.errors };
  if (!header.success) {
    for (const issue of header.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  }
  if (lines.rows.length === 0) errors.lines = "Add at least one line: what is quoted, with its rate.";
  if (Object.keys(errors).length > 0 || !header.success) return { ok: false as const, errors, rows: lines.rows };
  return { ok: true as const, data: header.data as z.output<S>, lines: lines.lines };
}
