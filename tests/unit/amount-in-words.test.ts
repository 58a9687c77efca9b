import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_WORDS_PAISE, rupeesInWords } from "~/lib/money/amount-in-words.ts";
import { formatPaise, formatRoundOff } from "~/lib/format.ts";

describe("amount in words", () => {
  it("reads amounts the way an Indian invoice prints them", () => {
    expect(rupeesInWords(0)).toBe("Rupees Zero Only");
    expect(rupeesInWords(1)).toBe("Rupees Zero and One Paisa Only");
    expect(rupeesInWords(99)).toBe("Rupees Zero and Ninety-Nine Paise Only");
    expect(rupeesInWords(100)).toBe("Rupees One Only");
    expect(rupeesInWords(9900)).toBe("Rupees Ninety-Nine Only");
    expect(rupeesInWords(10000)).toBe("Rupees One Hundred Only");
    expect(rupeesInWords(1_00_000_00)).toBe("Rupees One Lakh Only");
    expect(rupeesInWords(1_23_456_78)).toBe("Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only");
    expect(rupeesInWords(12_34_56_789_01)).toBe(
      "Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and One Paisa Only",
    );
    expect(rupeesInWords(4_252_14)).toBe("Rupees Four Thousand Two Hundred Fifty-Two and Fourteen Paise Only");
    expect(rupeesInWords(1_00_00_000_00)).toBe("Rupees One Crore Only");
    expect(rupeesInWords(10_00_011_00)).toBe("Rupees Ten Lakh Eleven Only");
    expect(rupeesInWords(MAX_WORDS_PAISE)).toBe(
      "Rupees Nine Thousand Nine Hundred Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only",
    );
  });

  it("refuses what is not an amount it can read", () => {
    expect(() => rupeesInWords(-1)).toThrow(RangeError);
    expect(() => rupeesInWords(1.5)).toThrow(RangeError);
    expect(() => rupeesInWords(MAX_WORDS_PAISE + 1)).toThrow(RangeError);
  });

  it("every amount in range reads as words that end in Only", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: MAX_WORDS_PAISE })), (paise) => {
        const words = rupeesInWords(paise);
        expect(words).toMatch(/^Rupees [A-Z][A-Za-z -]* Only$/);
        expect(words).not.toMatch(/undefined|NaN|\s{2}|-\s|\s-/);
        // Paise are named exactly when there are some; "Zero" only for no rupees.
        expect(/ and .* Pais[ae] Only$/.test(words)).toBe(paise % 100 !== 0);
        expect(words.startsWith("Rupees Zero")).toBe(paise < 100);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("rupee formatting", () => {
  it("groups the Indian way and always shows paise", () => {
    expect(formatPaise(0)).toBe("₹0.00");
    expect(formatPaise(5)).toBe("₹0.05");
    expect(formatPaise(1_23_456_78)).toBe("₹1,23,456.78");
    expect(formatPaise(12_34_56_789_01)).toBe("₹12,34,56,789.01");
    expect(formatPaise(MAX_WORDS_PAISE)).toBe("₹99,99,99,99,999.99");
    expect(formatPaise(-40)).toBe("\u2212₹0.40");
  });

  it("signs the round-off line so its direction shows", () => {
    expect(formatRoundOff(-40)).toBe("\u22120.40");
    expect(formatRoundOff(50)).toBe("+0.50");
    expect(formatRoundOff(0)).toBe("0.00");
  });
});
