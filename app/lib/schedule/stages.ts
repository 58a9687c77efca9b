/** A visit's stage on the schedule board, which its colour says (shared by the board's server and its page). */
export type VisitStage = "scheduled" | "on_the_way" | "on_site" | "waiting" | "work_done";

export const STAGE_LABELS: Record<VisitStage, string> = {
  scheduled: "Scheduled",
  on_the_way: "On the way",
  on_site: "On site",
  waiting: "Waiting (parts or customer)",
  work_done: "Work done",
};
