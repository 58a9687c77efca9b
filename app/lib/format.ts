const rupees = new Intl.NumberFormat("en-IN");

/** ₹2,500 - ₹15,000, Indian digit grouping. */
export function formatRupeeRange(min: number, max: number): string {
  return `₹${rupees.format(min)} - ₹${rupees.format(max)}`;
}

const longDate = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" });

/** "2026-03-05" -> "5 March 2026". */
export function formatDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T00:00:00+05:30`));
}

const dateTime = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

/** A moment in India's time: "22 Nov 2026, 3:05 pm". Takes the ISO string a loader sends. */
export function formatDateTime(iso: string | Date): string {
  return dateTime.format(typeof iso === "string" ? new Date(iso) : iso);
}
