import { describe, expect, it } from "vitest";
import { groupCommit } from "~/.server/db/group-commit.ts";

/** A writer that records each batch it was given, and fails any batch holding "bad". */
function recordingWriter() {
  const batches: string[][] = [];
  const write = async (items: string[]) => {
    batches.push(items);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (items.includes("bad")) throw new Error("constraint broken by bad");
    return items.map((item) => item.toUpperCase());
  };
  return { batches, write };
}

describe("group commit", () => {
  it("writes arriving together, or while a batch is being written, go in one batch", async () => {
    const { batches, write } = recordingWriter();
    const commit = groupCommit(write);
    const first = [commit("a"), commit("b")];
    // These arrive while the first batch is being written (it takes 5 ms).
    await new Promise((resolve) => setTimeout(resolve, 2));
    const second = ["c", "d", "e"].map((item) => commit(item));
    expect(await Promise.all([...first, ...second])).toEqual(["A", "B", "C", "D", "E"]);
    expect(batches).toEqual([["a", "b"], ["c", "d", "e"]]);
  });

  it("a batch is at most maxBatch items", async () => {
    const { batches, write } = recordingWriter();
    const commit = groupCommit(write, { maxBatch: 2 });
    await Promise.all(["a", "b", "c", "d", "e"].map((item) => commit(item)));
    expect(batches).toEqual([["a", "b"], ["c", "d"], ["e"]]);
  });

  it("a failing batch is written again item by item: only the bad item's caller gets the error", async () => {
    const { batches, write } = recordingWriter();
    const commit = groupCommit(write);
    const results = await Promise.allSettled(["a", "b", "bad", "c"].map((item) => commit(item)));
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([
      "A",
      "B",
      "constraint broken by bad",
      "C",
    ]);
    expect(batches).toEqual([["a", "b", "bad", "c"], ["a"], ["b"], ["bad"], ["c"]]);
  });

  it("after a batch, a lone write goes on its own", async () => {
    const { batches, write } = recordingWriter();
    const commit = groupCommit(write);
    await commit("a");
    await commit("b");
    expect(batches).toEqual([["a"], ["b"]]);
  });

  it("background work waits while the foreground writes, then goes in one batch; with the foreground idle it goes at once", async () => {
    const foreground = recordingWriter();
    const background = recordingWriter();
    const write = groupCommit(foreground.write);
    const after = groupCommit(background.write, { background: { maxWaitMs: 1_000 } });
    // A closed loop of visitors: a new foreground batch right after each one, for 60 ms.
    const started = performance.now();
    const visitors = (async () => {
      for (let i = 0; performance.now() - started < 60; i += 1) {
        await write(`v${i}`);
        // What each committed batch sets off, nobody waiting for it.
        void after(`f${i}`);
      }
    })();
    await visitors;
    // Written once the visitors stopped: one batch for all of it, none in between.
    const done = after("last");
    expect(background.batches).toEqual([]);
    await done;
    expect(foreground.batches.length).toBeGreaterThan(5);
    expect(background.batches).toHaveLength(1);
    expect(background.batches[0]).toHaveLength(foreground.batches.length + 1);

    // Nothing in the foreground for a while: no wait.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const alone = performance.now();
    await after("alone");
    expect(performance.now() - alone).toBeLessThan(50);
  });

  it("background work waits at most maxWaitMs, however busy the foreground", async () => {
    const foreground = recordingWriter();
    const background = recordingWriter();
    const write = groupCommit(foreground.write);
    const after = groupCommit(background.write, { background: { maxWaitMs: 30 } });
    let running = true;
    const visitors = (async () => {
      while (running) await write("v");
    })();
    const asked = performance.now();
    await after("f");
    const waited = performance.now() - asked;
    running = false;
    await visitors;
    expect(waited).toBeGreaterThanOrEqual(25);
    expect(waited).toBeLessThan(500);
  });

  it("a background round is written in slices that take turns with the foreground's batches, one background slice at a time", async () => {
    // One log of every write's start and end, in order, across the three group commits.
    const log: string[] = [];
    const writer = (name: string, ms: number) => async (items: string[]) => {
      log.push(`${name}:start:${items.length}`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push(`${name}:end`);
      return items.map(() => undefined);
    };
    const write = groupCommit(writer("fg", 4));
    const marks = groupCommit(writer("marks", 2), { maxBatch: 3, background: { maxWaitMs: 30 } });
    const followUps = groupCommit(writer("follow", 2), { maxBatch: 2, background: { maxWaitMs: 30 } });
    // Nine marks and four follow-ups queued while the visitors' batches are being written.
    const first = write("v0");
    const queued = [
      ...Array.from({ length: 9 }, (_, i) => marks(`m${i}`)),
      ...Array.from({ length: 4 }, (_, i) => followUps(`f${i}`)),
    ];
    await first;
    // A closed loop of visitors until the background is done.
    let done = false;
    const all = Promise.all(queued).then(() => {
      done = true;
    });
    for (let i = 1; !done && i < 1_000; i += 1) await write(`v${i}`);
    await all;

    const slices = log.filter((entry) => entry.includes(":start:") && !entry.startsWith("fg"));
    // Written in slices of maxBatch: 3 + 3 + 3 marks, 2 + 2 follow-ups.
    expect(slices.sort()).toEqual(["follow:start:2", "follow:start:2", "marks:start:3", "marks:start:3", "marks:start:3"]);
    // Never two background slices at once, and a foreground batch finished between any two of them while the
    // visitors kept writing (the foreground itself never waits for the background).
    let backgroundWriting = false;
    let foregroundFinished = true;
    for (const [i, entry] of log.entries()) {
      const [name, event] = entry.split(":");
      if (name === "fg") {
        if (event === "end") foregroundFinished = true;
        continue;
      }
      if (event === "start") {
        expect(backgroundWriting, `entry ${i}: ${log.join(" ")}`).toBe(false);
        expect(foregroundFinished, `entry ${i}: ${log.join(" ")}`).toBe(true);
        backgroundWriting = true;
        foregroundFinished = false;
      } else {
        backgroundWriting = false;
      }
    }
  });
});
