/** Idempotency keys: the form's own key, or one made from what was typed, so a form sent twice makes one record. */
import { createHash } from "node:crypto";

/**
 * The submission's idempotency key: the form's own, or, for a form sent without one, a hash of what was
 * typed and the day in India, so that sending the same form twice still makes one record.
 */
export function keyFor(formName: string, given: string | undefined, values: Record<string, unknown>): string {
  if (given) return given;
  const day = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  const content = JSON.stringify(Object.entries(values).filter(([k]) => k !== "idempotencyKey").sort());
  return `content:${createHash("sha256").update(`${formName}|${day}|${content}`).digest("base64url")}`;
}
