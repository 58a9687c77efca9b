/**
 * What the page that says the database is down shows (ADR 069): made on the server
 * (~/.server/http/database-outage.ts), shown by the root error boundary.
 */
export interface OutageData {
  outage: true;
  /** The support phone and WhatsApp number from the last settings the server read (none if it read none). */
  supportPhone: string | undefined;
  whatsapp: string | undefined;
  /** The request was a post: what was sent could not be stored. */
  post: boolean;
}

/** The outage's data, if this thrown error response is the outage. */
export function outageOf(error: unknown): OutageData | undefined {
  const data = (error as { status?: unknown; data?: unknown } | null)?.status === 503 ? (error as { data?: unknown }).data : undefined;
  return (data as Partial<OutageData> | null | undefined)?.outage === true ? (data as OutageData) : undefined;
}
