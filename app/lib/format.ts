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

const wholeRupees = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });

/**
 * Paise as rupees with Indian grouping and always two decimals: 12345678 -> "₹1,23,456.78", -40 -> "−₹0.40".
 * Split into rupees and paise as integers (never divided as a float), so every paisa prints exactly.
 */
export function formatPaise(paise: number, { wholeRupeesBare = false }: { wholeRupeesBare?: boolean } = {}): string {
  const sign = paise < 0 ? "\u2212" : "";
  const abs = Math.abs(paise);
  // A figure said in passing ("Estimate of ₹14,200") reads better without ".00"; documents keep the paise.
  const fraction = wholeRupeesBare && abs % 100 === 0 ? "" : `.${String(abs % 100).padStart(2, "0")}`;
  return `${sign}₹${wholeRupees.format(Math.floor(abs / 100))}${fraction}`;
}

/** A round-off line's amount, always signed so the direction shows: -40 -> "−0.40", 10 -> "+0.10", 0 -> "0.00". */
export function formatRoundOff(paise: number): string {
  const sign = paise < 0 ? "\u2212" : paise > 0 ? "+" : "";
  const abs = Math.abs(paise);
  return `${sign}${wholeRupees.format(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, "0")}`;
}
