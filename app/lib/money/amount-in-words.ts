/**
 * The amount in words a tax invoice prints, in Indian numbering (crore, lakh, thousand, hundred):
 * 12345678 paise -> "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only".
 * Shared by server and browser; pure.
 */

const ONES = [
  "Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
  "Eleven", "Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen",
] as const;
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"] as const;

/** The largest amount in words: ₹99,99,99,99,999.99 (9,999 crore and change). */
export const MAX_WORDS_PAISE = 99_99_99_99_999_99;

/** 1-99. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? "";
  const ten = TENS[Math.floor(n / 10)] ?? "";
  return n % 10 === 0 ? ten : `${ten}-${ONES[n % 10] ?? ""}`;
}

/** 1 - 99,99,999 as words (thousand and hundred below a lakh); empty for 0. */
function belowCrore(n: number): string {
  const parts: string[] = [];
  const lakh = Math.floor(n / 1_00_000);
  const thousand = Math.floor((n % 1_00_000) / 1000);
  const hundred = Math.floor((n % 1000) / 100);
  const rest = n % 100;
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (hundred) parts.push(`${belowHundred(hundred)} Hundred`);
  if (rest) parts.push(belowHundred(rest));
  return parts.join(" ");
}

/** Whole rupees in words, "Zero" for 0. Crores above 99 are counted in thousands and hundreds ("Twelve Thousand Crore"). */
function wholeInWords(n: number): string {
  if (n === 0) return ONES[0];
  const crore = Math.floor(n / 1_00_00_000);
  const below = n % 1_00_00_000;
  return [crore ? `${belowCrore(crore)} Crore` : "", belowCrore(below)].filter(Boolean).join(" ");
}

/** Paise in words for a tax invoice. Throws RangeError for a negative, fractional or too large amount. */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0 || paise > MAX_WORDS_PAISE) {
    throw new RangeError(`Amount in words needs whole paise from 0 to ${MAX_WORDS_PAISE}; got ${paise}`);
  }
  const rupees = Math.floor(paise / 100);
  const fraction = paise % 100;
  const words = `Rupees ${wholeInWords(rupees)}`;
  if (fraction === 0) return `${words} Only`;
  return `${words} and ${belowHundred(fraction)} ${fraction === 1 ? "Paisa" : "Paise"} Only`;
}
