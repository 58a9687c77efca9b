import type { RequestStatus } from "./status.ts";

/**
 * The technician's stages on a job, as set from the phone on site. Each moves the request's status (what
 * the customer and the office read) along with it.
 */
export const FIELD_STAGES = [
  { value: "on_the_way", label: "On the way", status: "on_the_way" },
  { value: "on_site", label: "On site", status: "in_progress" },
  { value: "needs_parts", label: "Needs parts", status: "awaiting_parts" },
  { value: "needs_quote", label: "Needs a quote", status: "awaiting_customer" },
  { value: "work_done", label: "Work done", status: "completed" },
] as const satisfies ReadonlyArray<{ value: string; label: string; status: RequestStatus }>;

export type FieldStage = (typeof FIELD_STAGES)[number]["value"];

export function isFieldStage(value: unknown): value is FieldStage {
  return FIELD_STAGES.some((s) => s.value === value);
}

export function fieldStageLabel(stage: string | null): string {
  return FIELD_STAGES.find((s) => s.value === stage)?.label ?? "Not started";
}
