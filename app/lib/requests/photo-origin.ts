/**
 * Who took a request's photo, in words, for its caption and its alternative text (issue 17 §4, §6): the
 * customer's own photos were "sent with the request"; a technician's were taken on site; a video call's
 * snapshot was taken during the call. Before, every photo was captioned "Photo sent with the request".
 */
export type PhotoSource = "customer" | "technician" | "office" | "video";

export interface PhotoOrigin {
  source: PhotoSource;
  /** The name of whoever added it (a technician, a staff member), when known. */
  takenBy: string | null;
  /** The caption given with it (a snapshot's, a technician's), when there is one. */
  caption: string | null;
  originalName: string;
}

/** "Taken on site by Suresh Reddy", "Snapshot from the video call by Anita", "Sent with the request". */
export function photoOriginText(p: Pick<PhotoOrigin, "source" | "takenBy">): string {
  const by = p.takenBy ? ` by ${p.takenBy}` : "";
  switch (p.source) {
    case "customer":
      return "Sent with the request";
    case "technician":
      return `Taken on site${by}`;
    case "video":
      return `Snapshot from the video call${by}`;
    case "office":
      return `Added by the office${by}`;
  }
}

/** The photo's alternative text: who took it, and its caption or file name. */
export function photoAlt(p: PhotoOrigin): string {
  return `${photoOriginText(p)}: ${p.caption?.trim() || p.originalName}`;
}
