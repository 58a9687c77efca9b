import { contentVersion, listEntries } from "~/.server/content/index.ts";
import { noteContentRead } from "~/.server/content/version.ts";

/**
 * One fault-code lookup for everything that reads a code as a keypad shows it: the chat assistant (public
 * tables only), the office's quote for a request that names a code (every table), and so the same records
 * /technical-data and the technician's library list (content entries of kind "fault-table", edited in
 * /admin/technical-library). Exact code, any case; a code found in several tables answers once per table.
 */

export interface FaultHit {
  brand: string;
  series: string;
  code: string;
  name: string;
  causes: string;
  remedy: string;
  /** The table is on /technical-data (else staff and technicians only). */
  public: boolean;
}

/** Codes by their keypad text, lower-case; rebuilt when the content changes. */
let faultIndex: { version: number; expires: number; byCode: Map<string, FaultHit[]> } | undefined;

async function byCode(): Promise<Map<string, FaultHit[]>> {
  const now = Date.now();
  // A hit reads no entries: the page being rendered depends on the tables all the same (ADR 058).
  noteContentRead("fault-table");
  if (faultIndex && faultIndex.version === contentVersion() && faultIndex.expires > now) return faultIndex.byCode;
  const index = new Map<string, FaultHit[]>();
  for (const table of await listEntries("fault-table")) {
    for (const c of table.data.codes) {
      const key = c.code.toLowerCase();
      const list = index.get(key) ?? [];
      list.push({ brand: table.data.brand, series: table.data.series, code: c.code, name: c.name, causes: c.causes, remedy: c.remedy, public: table.data.public });
      index.set(key, list);
    }
  }
  // listEntries holds the rows for 30 s; this index follows it.
  faultIndex = { version: contentVersion(), expires: now + 30_000, byCode: index };
  return index;
}

/**
 * The tables' entries for a code: "public" reads the tables on /technical-data only (the chat assistant is
 * public); "staff" reads every table (the back office, technicians).
 */
export async function lookupFaultCode(code: string, audience: "public" | "staff"): Promise<FaultHit[]> {
  const key = code.trim().toLowerCase();
  if (!key) return [];
  const hits = (await byCode()).get(key) ?? [];
  return audience === "public" ? hits.filter((h) => h.public) : hits;
}
