import { describe, expect, it } from "vitest";
import { keyFor, refusal, resetRateLimits, signReference, takeToken, verifyReference, waitText } from "~/.server/forms/index.ts";
import { yearMonthInIndia } from "~/.server/db/references.ts";
import { fieldErrors, indianMobile } from "~/lib/forms/fields.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { quickRequestSchema, serviceRequestSchema } from "~/lib/forms/service-request.ts";

describe("Indian mobile numbers", () => {
  it.each([
    ["98480 12345", "+919848012345"],
    ["+91-98480-12345", "+919848012345"],
    ["09848012345", "+919848012345"],
    ["919848012345", "+919848012345"],
    [" 7013 456 789 ", "+917013456789"],
  ])("%s becomes %s", (typed, normalised) => {
    expect(indianMobile.parse(typed)).toBe(normalised);
  });

  it.each(["12345", "5848012345", "040 2345 6789", "+1 415 555 0100", "98480123456789", "abcdefghij", ""])("%s is refused", (typed) => {
    expect(indianMobile.safeParse(typed).success).toBe(false);
  });
});

describe("service request schema", () => {
  const valid = {
    contactName: " Ravi ",
    mobile: "9848012345",
    siteAddress: "Plot 12, IDA Jeedimetla",
    city: "Hyderabad",
    service: "vfd-repair",
    faultDescription: "Trips on OC at start",
    urgency: "emergency",
    consent: "yes",
    email: "",
    preferredDate: "",
  };

  it("trims text, drops blank optional fields and normalises the mobile", () => {
    const parsed = serviceRequestSchema.parse(valid);
    expect(parsed).toMatchObject({ contactName: "Ravi", mobile: "+919848012345", email: undefined, preferredDate: undefined });
  });

  it("refuses a preferred date in the past and explains each missing field", () => {
    const result = serviceRequestSchema.safeParse({ ...valid, preferredDate: "2020-01-01", contactName: "", urgency: "soon", consent: undefined });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!);
    expect(errors).toMatchObject({
      preferredDate: "The preferred date cannot be in the past.",
      contactName: "Enter your name.",
      urgency: "Choose how urgent it is.",
      consent: "Please agree to the privacy notice so that we can act on your request.",
    });
    expect(serviceRequestSchema.safeParse({ ...valid, preferredDate: todayInIndia() }).success).toBe(true);
  });

  it("refuses control characters (NUL cannot be stored) and dates that are not on the calendar", () => {
    expect(fieldErrors(serviceRequestSchema.safeParse({ ...valid, contactName: "\u0000Ravi" }).error!).contactName).toBe(
      "Please remove the unusual characters from this text.",
    );
    expect(fieldErrors(serviceRequestSchema.safeParse({ ...valid, company: "Ravi\u0000" }).error!).company).toBeDefined();
    expect(serviceRequestSchema.safeParse({ ...valid, faultDescription: "Line one\r\nLine two\tend" }).success).toBe(true);
    for (const date of ["2031-04-31", "2030-02-29", "2031-13-01", "2031-1-1"]) {
      expect(fieldErrors(serviceRequestSchema.safeParse({ ...valid, preferredDate: date }).error!).preferredDate, date).toBe("Enter a valid date.");
    }
    expect(serviceRequestSchema.safeParse({ ...valid, preferredDate: "2032-02-29" }).success).toBe(true);
  });

  it("a bad form key becomes a message for the whole form (its field is hidden)", () => {
    const outcome = refusal({ errors: fieldErrors(serviceRequestSchema.safeParse({ ...valid, idempotencyKey: "12345" }).error!), values: {} });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.failure.errors.form).toBe("This form has expired. Please reload the page and send it again.");
  });

  it("refuses a huge description and a malformed form key", () => {
    expect(fieldErrors(serviceRequestSchema.safeParse({ ...valid, faultDescription: "x".repeat(4001) }).error!).faultDescription).toMatch(/under 4000/);
    expect(fieldErrors(serviceRequestSchema.safeParse({ ...valid, idempotencyKey: "' OR 1=1 --" }).error!).idempotencyKey).toMatch(/expired/);
  });

  it("the quick request takes the spec's five fields", () => {
    expect(quickRequestSchema.parse({ name: "A", phone: "9848012345", description: "Quote for AMC", consent: "on" })).toMatchObject({
      name: "A",
      phone: "+919848012345",
    });
  });
});

describe("rate limits", () => {
  it("allows the limit, then says how long to wait, then allows again after the window", async () => {
    await resetRateLimits();
    const limit = { max: 3, windowMs: 60_000 };
    const t0 = 1_000_000;
    expect([await takeToken("k", limit, t0), await takeToken("k", limit, t0), await takeToken("k", limit, t0)]).toEqual([undefined, undefined, undefined]);
    expect(await takeToken("k", limit, t0 + 15_000)).toBe(45);
    expect(await takeToken("other", limit, t0)).toBeUndefined();
    expect(await takeToken("k", limit, t0 + 60_000)).toBeUndefined();
    expect(waitText(45)).toBe("45 seconds");
    expect(waitText(600)).toBe("10 minutes");
  });
});

describe("idempotency keys and receipts", () => {
  it("uses the form's key, else the same content on the same day gives the same key", () => {
    expect(keyFor("f", "k-1", { a: 1 })).toBe("k-1");
    expect(keyFor("f", undefined, { a: "1", b: "2" })).toBe(keyFor("f", undefined, { b: "2", a: "1" }));
    expect(keyFor("f", undefined, { a: "1" })).not.toBe(keyFor("f", undefined, { a: "2" }));
    expect(keyFor("f", undefined, { a: "1" })).not.toBe(keyFor("g", undefined, { a: "1" }));
  });

  it("a receipt's signature verifies only for its own reference", () => {
    const sig = signReference("SR-2611-0042");
    expect(verifyReference("SR-2611-0042", sig)).toBe(true);
    expect(verifyReference("SR-2611-0043", sig)).toBe(false);
    expect(verifyReference("SR-2611-0042", "x")).toBe(false);
  });

  it("references use the month in India", () => {
    // 31 Oct 2026 20:00 UTC is already 1 November in India.
    expect(yearMonthInIndia(new Date("2026-10-31T20:00:00Z"))).toBe("2611");
    expect(yearMonthInIndia(new Date("2026-10-31T18:00:00Z"))).toBe("2610");
  });
});
