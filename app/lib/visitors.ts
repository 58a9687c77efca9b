/** Visitor figures (spec §7), shared by the server and the public site's footer. */

/** A session counts as online while it has pinged within this many minutes (the ping comes every 2). */
export const ONLINE_WINDOW_MINUTES = 5;

/** How often an open page pings (spec §7: every 120 s). */
export const PING_INTERVAL_MS = 120_000;

export interface VisitorFigures {
  online: number;
  total: number;
  /** The spec's "Today" figure: max(online × 10, 100), shown followed by "+". */
  today: number;
}

/** The spec's formula for the "Today" figure. */
export function todayFigure(online: number): number {
  return Math.max(online * 10, 100);
}

/** The dashboard panel's figures: online now, in all and per page (the page each session is on). */
export interface LiveVisitors {
  online: number;
  pages: Array<{ pagePath: string; sessions: number }>;
  windowMinutes: number;
}
