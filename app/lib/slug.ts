/**
 * The spec's slug rule for /service/{slug}: the name lowercased, each run of spaces turned into one hyphen,
 * non-word characters removed (hyphens are kept). "PLC Repair & Programming" -> "plc-repair--programming".
 */
export function serviceSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]/g, "");
}
