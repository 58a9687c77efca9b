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
});
