import type { Snapshot } from "./graph.ts";

/** The stored files a request's snapshot names (its photos, the sign-off's signature): deleted when it goes for good. */
export function snapshotFiles(snapshot: Snapshot): string[] {
  const rowsOf = (table: string) => snapshot.tables?.find((t) => t.table === table)?.rows ?? [];
  return [...rowsOf("request_photos").map((p) => p.path), ...rowsOf("job_signoffs").map((s) => s.signature_path)].filter(
    (f): f is string => typeof f === "string" && f.length > 0,
  );
}
