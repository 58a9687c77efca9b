import { parse } from "csv-parse/sync";
import { readSheet } from "read-excel-file/node";

/**
 * A file the office uploads, read into a header row and data rows of text: CSV (UTF-8, with or without its
 * byte-order mark) or Excel .xlsx (its first sheet). Anything else is refused with what to do instead, before a
 * single row is looked at. Server-only: read-excel-file is never in the browser's bundle (ADR 041).
 */

/** The largest file taken: 100,000 customers with a site and a unit each is about 15 MB as CSV. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024;
/** More rows than this is a file to split: each import is one transaction. */
export const IMPORT_MAX_ROWS = 200_000;

export interface Table {
  headers: string[];
  rows: string[][];
}

export type ReadResult = ({ ok: true } & Table) | { ok: false; message: string };

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

/** An Excel cell as text: numbers as typed (a mobile number stays its digits), dates as YYYY-MM-DD. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "number") return Number.isInteger(value) ? value.toFixed(0) : String(value);
  return String(value as string | boolean);
}

function delimiterOf(firstLine: string): string {
  const counts = [",", ";", "\t"].map((d) => [d, firstLine.split(d).length] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

function asTable(cells: string[][]): ReadResult {
  const [headers, ...rows] = cells;
  if (!headers || headers.every((h) => !h.trim())) return { ok: false, message: "The file is empty: its first row should name the columns." };
  if (rows.length > IMPORT_MAX_ROWS) return { ok: false, message: `The file has ${rows.length.toLocaleString("en-IN")} rows: at most ${IMPORT_MAX_ROWS.toLocaleString("en-IN")} go in one import. Split it into smaller files.` };
  return { ok: true, headers: headers.map((h) => h.trim()), rows };
}

export async function readTable(fileName: string, bytes: Uint8Array): Promise<ReadResult> {
  if (bytes.length === 0) return { ok: false, message: "The file is empty." };
  if (bytes.length > IMPORT_MAX_BYTES) return { ok: false, message: `The file is ${(bytes.length / 1024 / 1024).toFixed(1)} MB: the limit is ${IMPORT_MAX_MB} MB. Split it into smaller files.` };
  // Excel 97–2003 (.xls) is a different format (OLE2): say what to save it as rather than read it as text.
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0)) return { ok: false, message: "This is an old Excel file (.xls). In Excel choose File › Save As › Excel Workbook (.xlsx), or CSV UTF-8, and upload that." };
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) {
    try {
      const sheet = await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
      return asTable(sheet.map((row) => row.map(cellText)));
    } catch {
      return { ok: false, message: "This file could not be read as an Excel workbook (.xlsx). Save it again from Excel, or as CSV UTF-8." };
    }
  }
  if (startsWith(bytes, 0xff, 0xfe) || startsWith(bytes, 0xfe, 0xff)) {
    return { ok: false, message: "This file is saved as UTF-16 (Excel's “Unicode text”). In Excel choose Save As › CSV UTF-8 (Comma delimited) and upload that." };
  }
  let text: string;
  try {
    // fatal: a byte that is not UTF-8 is an error, never a silent U+FFFD; the BOM Excel writes is dropped.
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return {
      ok: false,
      message: `${fileName} is not UTF-8 text (it looks like it was saved as “CSV (Comma delimited)”, Windows-1252, which would garble names in other scripts). In Excel choose Save As › CSV UTF-8 (Comma delimited) and upload that.`,
    };
  }
  if (text.includes("\u0000")) return { ok: false, message: "This does not look like a CSV file. Upload a CSV (UTF-8) or an Excel .xlsx file." };
  try {
    const cells = parse(text, { delimiter: delimiterOf(text.slice(0, 4096).split("\n", 1)[0]!), relax_column_count: true, skip_empty_lines: false }) as string[][];
    // A file that ends with a line break has no empty last row; a blank line inside stays (its number counts).
    while (cells.length > 1 && cells.at(-1)!.every((c) => c === "")) cells.pop();
    return asTable(cells);
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return { ok: false, message: `The CSV could not be read${line ? ` at line ${line}` : ""}: check for an unclosed quote mark.` };
  }
}
