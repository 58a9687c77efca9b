import { stringify } from "csv-stringify/sync";
import type { MiddlewareFunction } from "react-router";
import type { z } from "zod";
import { staffOf, type StaffMember } from "~/.server/auth/staff.ts";
import { noStore } from "~/.server/http/cache.ts";
import { hasControlCharacters } from "~/lib/forms/fields.ts";

/**
 * The one list pattern of the back office. A list screen's filters, sort and search live in the query
 * string (bookmarkable, shareable, working without JavaScript); its pages are keyset pages (the cursor is
 * the last row's sort value and id, so page 500 costs what page 1 costs); it shows the count of matches;
 * and ?format=csv exports every row of the current filter.
 *
 *   const query = parseListQuery(url, filtersSchema);          // filters from the address, bad values dropped
 *   const page = await listRequests(query.filters, query.cursor); // the domain: WHERE (sort, id) < cursor LIMIT n+1
 *   if (query.csv) return csvResponse("requests", COLUMNS, await allRequests(query.filters));
 */
export const PAGE_SIZE = 50;
/** A CSV export is capped so that one click cannot tie the server up; the count says when it was cut. */
export const CSV_MAX_ROWS = 50_000;

/**
 * Where a list stops counting (ADR 024, 2026-11-28): beyond it the screen says "more than 10,000", which is
 * all a person reads from a count that large, and counting 400,000 audit entries on every view is not free.
 */
export const COUNT_CAP = 10_000;

/** A count that stopped at COUNT_CAP: `capped` says there are more than `count`. */
export interface CappedCount {
  count: number;
  capped: boolean;
}

export function cappedCount(n: number): CappedCount {
  return n > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: n, capped: false };
}

export type Cursor = [string | number, number];

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

/** The cursor of ?after=, or undefined for the first page (a tampered cursor is treated as none). */
export function decodeCursor(value: string | null): Cursor | undefined {
  if (!value || value.length > 200) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 2 && (typeof parsed[0] === "string" || typeof parsed[0] === "number") && Number.isInteger(parsed[1])) {
      return [parsed[0], parsed[1] as number];
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** Rows fetched with LIMIT PAGE_SIZE + 1: the page, and the next page's cursor when there is one. */
export function keysetPage<T>(rows: T[], cursorOf: (row: T) => Cursor, size = PAGE_SIZE): { rows: T[]; next: string | null } {
  if (rows.length <= size) return { rows, next: null };
  const page = rows.slice(0, size);
  return { rows: page, next: encodeCursor(cursorOf(page[page.length - 1]!)) };
}

/**
 * The address of the same list with some query parameters changed (null removes one). Any change but
 * the page itself starts again from the first page.
 */
export function listHref(url: URL, changes: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams(url.search);
  if (!("after" in changes)) params.delete("after");
  params.delete("format");
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

/** The query parameters as a plain object, for a list's Zod filter schema (unknown keys are ignored). */
export function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  // A value with a control character is a bad value, left out like any other (a NUL in a search reached the
  // database and answered 500: found by npm run scan).
  for (const [key, value] of url.searchParams) if (value !== "" && !hasControlCharacters(value)) out[key] = value.slice(0, 200);
  return out;
}

export interface ListQuery<F> {
  /** The filters, sort and search: what the schema made of the address, each bad value left out. */
  filters: F;
  /** ?after=: the page's cursor (undefined on the first page, or when tampered with). */
  cursor: Cursor | undefined;
  /** ?format=csv: every row of the filter, as a download. */
  csv: boolean;
}

/**
 * A list's query string through its Zod schema. A bad value (a mistyped status, a date that does not
 * exist, a number too large) is dropped and the rest still applies: a hand-edited or stale address shows
 * the list with fewer filters, never an error page. The schema gives defaults for what is left out, and
 * must accept an empty object.
 */
export function parseListQuery<F>(url: URL, schema: z.ZodType<F>): ListQuery<F> {
  const input: Record<string, string> = queryObject(url);
  delete input.after;
  delete input.format;
  let parsed = schema.safeParse(input);
  // Each round drops the fields an issue names; a schema with n fields settles in at most n rounds.
  for (let round = 0; !parsed.success && round < 50; round++) {
    const bad = new Set(parsed.error.issues.map((issue) => issue.path[0]).filter((key): key is string => typeof key === "string" && key in input));
    if (bad.size === 0) break;
    for (const key of bad) delete input[key];
    parsed = schema.safeParse(input);
  }
  if (!parsed.success) parsed = schema.safeParse({});
  if (!parsed.success) throw new Error("parseListQuery: the list's schema must accept an empty query");
  return { filters: parsed.data, cursor: decodeCursor(url.searchParams.get("after")), csv: url.searchParams.get("format") === "csv" };
}

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
}

/** An instant as ISO 8601 in India time ("2026-11-22T15:05:00+05:30"): what a spreadsheet in the office reads right. */
export function csvInstant(iso: string | null): string {
  if (!iso) return "";
  return `${new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 19)}+05:30`;
}

/**
 * A cell of every CSV we write (the list exports, a customer's copy of their data): a text a spreadsheet would
 * run as a formula (=, +, -, @ first) gets a leading apostrophe; an object (a stored JSON field) is written as JSON.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const s = typeof value === "object" ? JSON.stringify(value) : String(value as string | number | boolean);
  return typeof value === "string" && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

function csvLines<T>(columns: CsvColumn<T>[], rows: T[]): string {
  return stringify(rows.map((row) => columns.map((c) => csvCell(c.value(row)))));
}

function csvHeaders(name: string): HeadersInit {
  const date = new Date().toISOString().slice(0, 10);
  return { ...noStore(), "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}-${date}.csv"` };
}

/**
 * A CSV download of rows already read. Cells that a spreadsheet would run as a formula get a leading
 * apostrophe, so an exported customer name can never execute in Excel.
 */
export function csvResponse<T>(name: string, columns: CsvColumn<T>[], rows: T[]): Response {
  return new Response(`\uFEFF${stringify([columns.map((c) => c.header)])}${csvLines(columns, rows)}`, { headers: csvHeaders(name) });
}

/** How many rows a streamed export reads per query; the first query reads fewer (the time to the first byte). */
export const CSV_BATCH_ROWS = 1_000;
export const CSV_FIRST_BATCH_ROWS = 100;

/**
 * A list's rows for an export, read in keyset batches (docs/decisions/024, 2026-11-28): each batch is one
 * short query `WHERE (sort, id) < last row's LIMIT n`, the same walk as the screen's pages, so no query
 * holds the database (PGlite runs one at a time) for the whole file, and memory holds one batch, not 50,000
 * rows. `read` is the list's own page query with a batch size; the walk stops after `max` rows.
 */
export async function* keysetBatches<T>(
  read: (cursor: Cursor | undefined, size: number) => Promise<T[]>,
  cursorOf: (row: T) => Cursor,
  max = CSV_MAX_ROWS,
  batch = CSV_BATCH_ROWS,
): AsyncGenerator<T[]> {
  let cursor: Cursor | undefined;
  let sent = 0;
  while (sent < max) {
    // The first batch is small: the download starts as soon as its first rows are read.
    const size = Math.min(sent === 0 ? Math.min(batch, CSV_FIRST_BATCH_ROWS) : batch, max - sent);
    const rows = await read(cursor, size);
    if (rows.length > 0) yield rows;
    sent += rows.length;
    if (rows.length < size) return;
    cursor = cursorOf(rows[rows.length - 1]!);
  }
}

/**
 * A CSV download streamed batch by batch: the first batch is read before the response starts (an error
 * there is still an error page), then each further batch is read when the connection asks for more. A
 * failure half-way aborts the download (the browser reports it failed), never a silently short file.
 */
export async function csvStream<T>(name: string, columns: CsvColumn<T>[], batches: AsyncIterable<T[]>): Promise<Response> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  const encoder = new TextEncoder();
  let head: string | null = `\uFEFF${stringify([columns.map((c) => c.header)])}${first.done ? "" : csvLines(columns, first.value)}`;
  let done = first.done === true;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (head !== null) {
        controller.enqueue(encoder.encode(head));
        head = null;
        if (done) controller.close();
        return;
      }
      const next = await iterator.next();
      if (next.done) {
        done = true;
        controller.close();
      } else controller.enqueue(encoder.encode(csvLines(columns, next.value)));
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
  return new Response(body, { headers: csvHeaders(name) });
}

/**
 * What a list gives its export: every row at once (a short list), or keyset batches (keysetBatches), or a
 * promise of either (when the filters need a look-up first).
 */
export type CsvRows<T> = T[] | AsyncIterable<T[]> | Promise<T[] | AsyncIterable<T[]>>;

/** An export's rows, streamed when they come in batches. */
export async function csvFile<T>(name: string, columns: CsvColumn<T>[], rows: CsvRows<T>): Promise<Response> {
  const read = await rows;
  return Symbol.asyncIterator in read ? csvStream(name, columns, read) : csvResponse(name, columns, read);
}

/**
 * How a list reads its filters from the address: its Zod schema (through parseListQuery), or its own
 * reader when the filters need more (a look-up of the choices offered, a range put the right way round).
 */
export type ListFilters<F> = z.ZodType<F> | ((url: URL) => F | Promise<F>);

/**
 * A list screen's `?format=csv`: the route's middleware answers with the file itself (a loader's Response
 * would be read as page data). The admin layout has already checked the staff member and the screen's
 * permission; `rows` reads every row of the current filter, at once or in keyset batches, and is given the
 * staff member for the lists that depend on who asks ("mine", a permission of their own).
 */
export function csvExportMiddleware<F, T>(
  name: string,
  filtersOf: ListFilters<F>,
  columns: CsvColumn<T>[],
  rows: (filters: F, staff: StaffMember) => CsvRows<T>,
): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const url = new URL(request.url);
    if (url.searchParams.get("format") !== "csv") return next();
    const staff = staffOf(context);
    const filters = typeof filtersOf === "function" ? await filtersOf(url) : parseListQuery(url, filtersOf).filters;
    return csvFile(name, columns, rows(filters, staff));
  };
}

/** A report's `?format=csv` (a screen without filters: the same rows as the screen, as a file). */
export function csvReportMiddleware<T>(name: string, columns: CsvColumn<T>[], rows: (staff: StaffMember) => CsvRows<T>): MiddlewareFunction<Response> {
  return csvExportMiddleware(name, () => ({}), columns, (_filters, staff) => rows(staff));
}

/** A list's tabs: one value of one query parameter each. */
export interface TabChoice<V extends string = string> {
  value: V;
  label: string;
}

/**
 * The tabs of a list: a link per value of the tab's parameter (`show` unless said), keeping the rest of the
 * query; the default tab's link drops the parameter. `counts` gives each its count (0 when missing),
 * `capped` the tabs whose count stopped at COUNT_CAP, `reset` the parameters a change of tab also drops
 * (a sort that only one tab has).
 */
export function tabLinks<V extends string>(
  url: URL,
  tabs: ReadonlyArray<TabChoice<V>>,
  options: { current: V; default: V; param?: string; counts?: Readonly<Partial<Record<V, number>>>; capped?: readonly string[]; reset?: readonly string[] },
) {
  const { current, param = "show", counts, capped, reset = [] } = options;
  return tabs.map((t) => ({
    href: listHref(url, { ...Object.fromEntries(reset.map((key) => [key, null])), [param]: t.value === options.default ? null : t.value }),
    label: t.label,
    current: t.value === current,
    count: counts ? (counts[t.value] ?? 0) : undefined,
    capped: capped?.includes(t.value) ?? false,
  }));
}

/** The next and first pages' links and the CSV link of a list, all keeping the rest of the query. */
export function pageLinks(url: URL, cursor: Cursor | undefined, next: string | null) {
  return {
    nextHref: next ? listHref(url, { after: next }) : null,
    firstHref: cursor ? listHref(url, {}) : null,
    csvHref: listHref(url, { format: "csv" }),
  };
}

/**
 * What every list screen draws around its rows when its tabs are `show`: a tab per filter with its count
 * (the default tab's link drops `show`), the next and first pages' links, and the CSV link.
 */
export function listLinks<V extends string>(
  url: URL,
  current: { show: V },
  cursor: Cursor | undefined,
  page: { next: string | null; counts: Readonly<Partial<Record<V, number>>>; capped?: readonly string[] },
  tabs: ReadonlyArray<TabChoice<V>>,
  defaultShow: V,
) {
  return {
    tabs: tabLinks(url, tabs, { current: current.show, default: defaultShow, counts: page.counts, capped: page.capped }),
    ...pageLinks(url, cursor, page.next),
  };
}

/**
 * The whole loader of a list screen whose tabs are `show` (docs/back-office.md): the filters read from the URL
 * with the list's schema, the domain's page of rows for them, the tabs with their counts, the next, first and
 * CSV links, and the sentence shown when nothing matches. A screen whose loader needs more builds it from
 * `parseListQuery` and `listLinks` instead.
 */
export async function listScreen<F extends { show: V }, V extends string, P extends { rows: unknown[]; total: number; next: string | null; counts: Readonly<Partial<Record<V, number>>>; capped?: readonly string[] }>(
  url: URL,
  schema: z.ZodType<F>,
  list: (filters: F, cursor: Cursor | undefined) => Promise<P>,
  tabs: ReadonlyArray<TabChoice<V>>,
  defaultShow: NoInfer<V>,
  empty: (filters: F) => string,
) {
  const { filters, cursor } = parseListQuery(url, schema);
  const page = await list(filters, cursor);
  return { filters, rows: page.rows as P["rows"], total: page.total, ...listLinks(url, filters, cursor, page, tabs, defaultShow), empty: empty(filters) };
}
