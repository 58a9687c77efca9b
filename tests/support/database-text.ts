import { sql } from "drizzle-orm";
import type { Database } from "~/.server/db/index.ts";

/** One stored value that contains what was looked for: where it is, and the text around it. */
export interface Finding {
  table: string;
  column: string;
  excerpt: string;
  /** The whole value, as text. */
  value: string;
  /** The whole row, as JSON (to tell whose it is: customer_id, request_id...). */
  row: Record<string, unknown>;
}

/**
 * Every text, varchar and json(b) column of every table in the public schema, searched for each needle
 * (case-insensitive, as text: a jsonb value is searched in its JSON form). What a person who can read the
 * database, a backup or any screen built on it would find.
 */
export async function findInDatabase(db: Database, needles: string[]): Promise<Finding[]> {
  const columns = (await db.execute(sql`
    select table_name, column_name from information_schema.columns
     where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')
     order by table_name, column_name`)) as unknown as { rows: Array<{ table_name: string; column_name: string }> };
  const findings: Finding[] = [];
  for (const { table_name: table, column_name: column } of columns.rows) {
    if (table.startsWith("__drizzle")) continue;
    for (const needle of needles) {
      const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const found = (await db.execute(
        sql`select ${sql.identifier(column)}::text as value, to_jsonb(t) as row from ${sql.identifier(table)} t where ${sql.identifier(column)}::text ilike ${pattern} limit 50`,
      )) as unknown as { rows: Array<{ value: string; row: Record<string, unknown> | string }> };
      for (const { value, row } of found.rows) {
        const at = value.toLowerCase().indexOf(needle.toLowerCase());
        const parsed = typeof row === "string" ? (JSON.parse(row) as Record<string, unknown>) : row;
        findings.push({ table, column, excerpt: value.slice(Math.max(0, at - 40), at + needle.length + 40), value, row: parsed });
      }
    }
  }
  return findings;
}
