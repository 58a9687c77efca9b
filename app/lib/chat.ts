/** The chat assistant's wire types (issue 12 §6), shared by /api/chat and the widget. */

export interface ChatAnswer {
  kind: "fault-code" | "calculator" | "service" | "faq" | "article" | "page";
  title: string;
  /** Plain text, at most a couple of sentences. */
  snippet: string;
  /** A path on this site. */
  path: string;
}

export interface ChatLine {
  author: "customer" | "bot";
  body: string;
}

/** The transcript handed to the help desk: at most this many lines, each clipped. */
export const MAX_TRANSCRIPT_LINES = 40;
export const MAX_TRANSCRIPT_LINE = 1000;
