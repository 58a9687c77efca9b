/**
 * How the technician portal (and the customer's request page) show a job's visit and site: the visit
 * window in India time, the India date a moment falls on, and a maps link for the site address.
 */

const visitDay = new Intl.DateTimeFormat("en-IN", { weekday: "short", day: "numeric", month: "short", timeZone: "Asia/Kolkata" });
const visitClock = new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" });

/** "Tue, 24 Nov, 10:00 am - 1:00 pm" (India time). */
export function visitWindow(start: string, end: string | null): string {
  const from = new Date(start);
  const until = end ? ` - ${visitClock.format(new Date(end))}` : "";
  return `${visitDay.format(from)}, ${visitClock.format(from)}${until}`;
}

/** "10:05 am" (India time). */
export function clockTime(iso: string): string {
  return visitClock.format(new Date(iso));
}

/** The India date (YYYY-MM-DD) a moment falls on. */
export function indiaDate(iso: string | Date): string {
  const t = typeof iso === "string" ? new Date(iso).getTime() : iso.getTime();
  return new Date(t + 330 * 60_000).toISOString().slice(0, 10);
}

/** Google Maps' search link for the site (opens the Maps app on a phone). */
export function mapsHref(address: string | null, city: string | null): string | undefined {
  const query = [address, city].filter((part) => part && part.trim()).join(", ");
  return query ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}` : undefined;
}

/** "1 h 25 min", "40 min". */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}
