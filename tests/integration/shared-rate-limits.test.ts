import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { setDatabase, type DatabaseHandle } from "~/.server/db/index.ts";
import { rateLimitWindows } from "~/.server/db/schema.ts";
import { FORM_LIMITS, resetRateLimits, takeToken, takeTokens } from "~/.server/forms/rate-limit.ts";
import { describeEachEngine, engines, openAt } from "../support/test-databases.ts";

/**
 * Issue 20 §1 (ADR 050): with several instances on one PostgreSQL, a rate limit is counted once for all of
 * them, and a restart or a deploy resets nothing. PGlite (one process) counts in memory.
 */
describeEachEngine("rate limits", (database, engine) => {
  const limit = { max: 10, windowMs: 10 * 60_000 };

  it("lets the limit through, then answers the seconds left in the window, then opens a new window", async () => {
    await resetRateLimits();
    const t0 = Date.parse("2026-12-06T10:00:00Z");
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await takeToken("request:address:203.0.113.9", limit, t0));
    expect(answers).toEqual(Array(10).fill(undefined));
    expect(await takeToken("request:address:203.0.113.9", limit, t0 + 60_000)).toBe(540);
    expect(await takeToken("request:address:198.51.100.1", limit, t0 + 60_000)).toBeUndefined();
    expect(await takeToken("request:address:203.0.113.9", limit, t0 + limit.windowMs)).toBeUndefined();
  });

  it("lets exactly the limit through when many arrive at once", async () => {
    await resetRateLimits();
    const now = Date.now();
    const answers = await Promise.all(Array.from({ length: 60 }, () => takeToken("otp-send:192.0.2.7", limit, now)));
    expect(answers.filter((a) => a === undefined)).toHaveLength(10);
    expect(answers.filter((a) => a !== undefined).every((a) => a === 600)).toBe(true);
  });

  if (engine === "postgres") {
    it("counts the posts that arrive together in one statement, not one round trip each (issue 17 §8)", async () => {
      await resetRateLimits();
      const now = Date.now();
      const execute = vi.spyOn(database().handle.db, "execute");
      try {
        // Fifty visitors' request forms at once (each an address and a mobile), and twelve more from one address.
        const visitors = Array.from({ length: 50 }, (_, i) =>
          takeTokens(
            [
              [`request:address:10.0.0.${i}`, FORM_LIMITS.perAddress],
              [`request:mobile:+9190000000${String(i).padStart(2, "0")}`, FORM_LIMITS.perMobile],
            ],
            now,
          ),
        );
        const office = Array.from({ length: 12 }, (_, i) =>
          takeTokens(
            [
              ["request:address:192.0.2.50", FORM_LIMITS.perAddress],
              [`request:mobile:+9191000000${String(i).padStart(2, "0")}`, FORM_LIMITS.perMobile],
            ],
            now,
          ),
        );
        expect(await Promise.all(visitors)).toEqual(Array(50).fill(undefined));
        // The same answers as one statement each: ten from the one address pass, two wait for the window's end.
        const answers = await Promise.all(office);
        expect(answers.filter((a) => a === undefined)).toHaveLength(10);
        expect(answers.filter((a) => a !== undefined)).toEqual([600, 600]);
        expect(execute.mock.calls.length).toBeLessThanOrEqual(2);
      } finally {
        execute.mockRestore();
      }
    });
  }

  if (engine === "pglite") {
    it("keeps nothing in the database on the embedded engine", async () => {
      await takeToken("chat-ask:192.0.2.8", limit);
      expect(await database().handle.db.select().from(rateLimitWindows)).toEqual([]);
    });
  }
});

describe.runIf(engines.includes("postgres"))("rate limits across instances on postgres", () => {
  it("counts two instances' requests against one limit, at once, and a new instance starts from the same count", async () => {
    const { createTestDatabase } = await import("../support/test-databases.ts");
    const first = await createTestDatabase("postgres");
    const handles: DatabaseHandle[] = [first.handle, await openAt("postgres", first.location)];
    try {
      const limit = { max: 10, windowMs: 60 * 60_000 };
      const now = Date.now();
      // Each call reads the instance's database before its first await: alternate the two pools.
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => {
          setDatabase(handles[i % 2]);
          return takeToken("request:mobile:+919876543210", limit, now);
        }),
      );
      expect(answers.filter((a) => a === undefined)).toHaveLength(10);
      // Counted in the database that both instances share, not in this process's memory.
      const [row] = await first.handle.db.select().from(rateLimitWindows).where(eq(rateLimitWindows.key, "request:mobile:+919876543210"));
      expect(row?.count).toBe(40);

      // A restarted (or newly deployed) instance: its memory is empty, the count is not.
      const third = await openAt("postgres", first.location);
      handles.push(third);
      setDatabase(third);
      expect(await takeToken("request:mobile:+919876543210", limit, now + 1_000)).toBe(3599);
    } finally {
      setDatabase(undefined);
      for (const h of handles.slice(1)) await h.close();
      await first.destroy();
    }
  }, 60_000);
});
