/** A visit's stage on the schedule board, which its colour says (shared by the board's server and its page). */
export type VisitStage = "scheduled" | "on_the_way" | "on_site" | "waiting" | "work_done";

export const STAGE_LABELS: Record<VisitStage, string> = {
  scheduled: "Scheduled",
  on_the_way: "On the way",
  on_site: "On site",
  waiting: "Waiting (parts or customer)",
  work_done: "Work done",
};

/** A job's visit stage from its status and the technician's field stage (the board, the agenda and the calendar feed). */
export function stageOf(status: string, fieldStage: string | null): VisitStage {
  if (status === "completed") return "work_done";
  if (status === "in_progress" || fieldStage === "on_site") return "on_site";
  if (status === "on_the_way" || fieldStage === "on_the_way") return "on_the_way";
  if (status === "awaiting_parts" || status === "awaiting_customer") return "waiting";
  return "scheduled";
}
