import { afterEach, expect, it, vi } from "vitest";
import { clearContentCache, listServices } from "~/.server/content/index.ts";
import { forgetSmsRegistry, smsForSending } from "~/.server/notifications/sms-registry.ts";
import { clearSettingsCache, getSiteSettings } from "~/.server/settings/index.ts";
import { effectiveSms } from "~/.server/settings/integrations.ts";
import { describeEachEngine } from "../support/test-databases.ts";

/**
 * Issue 17 §8: a cached copy that expires under a burst of form posts is read once for all the callers that
 * miss at once, not once each (150 reads of the private settings and 100 seedings of the SMS registry in one
 * go stalled PGlite's one thread for about a second, the request form's p99). Each still gets a fresh copy.
 */
describeEachEngine("cached reads under a burst", (database) => {
  afterEach(() => vi.restoreAllMocks());

  it("reads the settings once for fifty callers that miss at once, and again after a change", async () => {
    const select = vi.spyOn(database().handle.db, "select");
    clearSettingsCache();
    const copies = await Promise.all(Array.from({ length: 50 }, () => getSiteSettings()));
    expect(new Set(copies).size).toBe(1);
    const sms = await Promise.all(Array.from({ length: 50 }, () => effectiveSms()));
    expect(new Set(sms.map((s) => s.provider)).size).toBe(1);
    // One read of the public settings and one of the private ones.
    expect(select).toHaveBeenCalledTimes(2);
    // A change made while a read is under way is never answered with what that read found.
    clearSettingsCache();
    const before = getSiteSettings();
    clearContentCache();
    clearSettingsCache();
    const after = getSiteSettings();
    await Promise.all([before, after]);
    expect(select).toHaveBeenCalledTimes(4);
  });

  it("seeds and reads the SMS registry once for fifty messages that miss it at once", async () => {
    await effectiveSms();
    const insert = vi.spyOn(database().handle.db, "insert");
    const select = vi.spyOn(database().handle.db, "select");
    forgetSmsRegistry();
    const answers = await Promise.allSettled(Array.from({ length: 50 }, () => smsForSending("1107000000000000000", "x", {})));
    // Every one of them checked against the registry (this template id is not in it).
    expect(answers.every((a) => a.status === "rejected" && /not in the DLT registry/.test(String(a.reason)))).toBe(true);
    expect(insert).toHaveBeenCalledTimes(1);
    expect(select).toHaveBeenCalledTimes(1);
  });

  it("reads a content kind once for fifty pages that miss it at once", async () => {
    clearContentCache();
    const select = vi.spyOn(database().handle.db, "select");
    const lists = await Promise.all(Array.from({ length: 50 }, () => listServices()));
    expect(new Set(lists).size).toBe(1);
    expect(select).toHaveBeenCalledTimes(1);
  });
});
