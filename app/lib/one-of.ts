/**
 * Whether a value read from outside (a form's intent, a query string, a stored kind) is one of a fixed list,
 * narrowing it to that list's type. Every such list is tested the same way, so none lets a non-string through.
 */
export function isOneOf<const T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (list as readonly string[]).includes(value);
}
