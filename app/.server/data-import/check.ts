import type { CheckedRow, ImportKind, RowProblem } from "./kind.ts";
import type { Table } from "./read.ts";

/**
 * A file's rows checked against a kind, with its column mapping: the rows that pass, and a report of the rest
 * that stays small however many rows are wrong (the first few errors of each column, and the totals), so
 * that 100,000 bad rows make a short page, not a 100,000-row one.
 */

/** How many errors of each column the page lists; the rest are counted. */
export const ERRORS_SHOWN_PER_COLUMN = 5;

/** A header as compared: no case, no spaces or punctuation ("Mobile No." = "mobileno"). */
export function headerKey(header: string): string {
  return header
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

/**
 * Each field to the file's column that holds it: the header remembered for the kind first, then the
 * column's own label and aliases. A column is used once.
 */
export function autoMapping(kind: ImportKind, headers: readonly string[], remembered: Record<string, string> = {}): Record<string, number> {
  const keys = headers.map(headerKey);
  const taken = new Set<number>();
  const mapping: Record<string, number> = {};
  const find = (wanted: readonly string[]) => keys.findIndex((k, i) => k !== "" && !taken.has(i) && wanted.includes(k));
  for (const pass of ["remembered", "named"] as const) {
    for (const column of kind.columns) {
      if (mapping[column.field] !== undefined) continue;
      const wanted = pass === "remembered" ? (remembered[column.field] ? [remembered[column.field]!] : []) : [column.label, column.field, ...(column.aliases ?? [])].map(headerKey);
      const index = find(wanted);
      if (index >= 0) {
        mapping[column.field] = index;
        taken.add(index);
      }
    }
  }
  return mapping;
}

/**
 * A cell a spreadsheet would run as a formula (CSV injection): "=", "@" first, or "+" / "-" first followed by
 * more than a number (a mobile "+91 98480 12345" and "-5" are values; "+cmd|' /C calc'!A0" is not). Leading
 * tabs and carriage returns are how such a cell hides, so they are looked through.
 */
export function isFormula(value: string): boolean {
  const v = value.replace(/^[\s]+/, "");
  if (/^[=@]/.test(v)) return true;
  return /^[+-]/.test(v) && /[^\d\s.,()+\-/]/.test(v);
}

export const FORMULA_MESSAGE = "This cell is a spreadsheet formula: formulas are refused. Type the value itself.";

export interface ColumnErrors {
  field: string;
  label: string;
  total: number;
  /** The first few: line in the file and the message. */
  first: Array<{ line: number; message: string }>;
}

export interface CheckReport<R> {
  /** Required columns the mapping leaves out: nothing can be imported until they are mapped. */
  missing: string[];
  valid: CheckedRow<R>[];
  /** Rows with at least one error (blank rows are skipped, not refused). */
  refusedRows: number;
  errorCount: number;
  columns: ColumnErrors[];
}

export function checkRows<R>(kind: ImportKind<R>, table: Table, mapping: Record<string, number>): CheckReport<R> {
  const missing = kind.columns.filter((c) => c.required && mapping[c.field] === undefined).map((c) => c.label);
  const byField = new Map<string, ColumnErrors>();
  const errorsOfRow = new Map<number, Set<string>>();
  const add = (line: number, field: string, message: string) => {
    const seen = errorsOfRow.get(line) ?? new Set<string>();
    if (seen.has(field)) return;
    seen.add(field);
    errorsOfRow.set(line, seen);
    const label = kind.columns.find((c) => c.field === field)?.label ?? "Row";
    const column = byField.get(field) ?? { field, label, total: 0, first: [] };
    column.total += 1;
    if (column.first.length < ERRORS_SHOWN_PER_COLUMN) column.first.push({ line, message });
    byField.set(field, column);
  };
  const passed: CheckedRow<R>[] = [];
  if (missing.length === 0) {
    const mapped = Object.entries(mapping).filter(([field]) => kind.columns.some((c) => c.field === field));
    table.rows.forEach((cells, index) => {
      const line = index + 2;
      if (cells.every((c) => !c.trim())) return;
      const input: Record<string, string> = {};
      let formula = false;
      for (const [field, column] of mapped) {
        const value = cells[column] ?? "";
        if (isFormula(value)) {
          add(line, field, FORMULA_MESSAGE);
          formula = true;
        } else if (value.trim()) input[field] = value;
      }
      const result = kind.row.safeParse(input);
      if (!result.success) {
        for (const issue of result.error.issues) add(line, String(issue.path[0] ?? "form"), issue.message);
      } else if (!formula) passed.push({ line, row: result.data });
    });
    for (const problem of kind.crossCheck(passed)) add(problem.line, problem.field, problem.message);
  }
  const valid = passed.filter((r) => !errorsOfRow.has(r.line));
  const order = kind.columns.map((c) => c.field);
  const columns = [...byField.values()].sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
  return { missing, valid, refusedRows: errorsOfRow.size, errorCount: columns.reduce((n, c) => n + c.total, 0), columns };
}

/**
 * The report with problems found against the stored records (kind.checkStored) added: each is a row that
 * passed the checks above, now refused, its error listed under its column as the others are.
 */
export function withProblems<R>(kind: ImportKind<R>, report: CheckReport<R>, problems: readonly RowProblem[]): CheckReport<R> {
  if (problems.length === 0) return report;
  const columns = new Map(report.columns.map((c) => [c.field, { ...c, first: [...c.first] }]));
  const lines = new Set<number>();
  const seen = new Set<string>();
  for (const p of problems) {
    const key = `${p.line}|${p.field}`;
    if (seen.has(key)) continue;
    seen.add(key);
    lines.add(p.line);
    const label = kind.columns.find((c) => c.field === p.field)?.label ?? "Row";
    const column = columns.get(p.field) ?? { field: p.field, label, total: 0, first: [] };
    column.total += 1;
    if (column.first.length < ERRORS_SHOWN_PER_COLUMN) column.first.push({ line: p.line, message: p.message });
    columns.set(p.field, column);
  }
  const order = kind.columns.map((c) => c.field);
  const sorted = [...columns.values()].sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
  for (const c of sorted) c.first.sort((a, b) => a.line - b.line);
  return {
    missing: report.missing,
    valid: report.valid.filter((r) => !lines.has(r.line)),
    refusedRows: report.refusedRows + lines.size,
    errorCount: sorted.reduce((n, c) => n + c.total, 0),
    columns: sorted,
  };
}
