import { describe, expect, it } from "vitest";
import { cappedCount, COUNT_CAP, csvFile, csvStream, keysetBatches, type Cursor } from "~/.server/admin/list.ts";

/** A sorted "table" of n rows, newest (largest id) first, read the way a list's keyset query reads it. */
function table(n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({ id: n - i, name: i === 0 ? "=HYPERLINK(1)" : `Row ${n - i}` }));
  const queries: number[] = [];
  const read = async (cursor: Cursor | undefined, size: number) => {
    queries.push(size);
    return rows.filter((r) => !cursor || r.id < cursor[1]).slice(0, size);
  };
  return { rows, read, queries };
}

const columns = [
  { header: "Id", value: (r: { id: number }) => r.id },
  { header: "Name", value: (r: { name: string }) => r.name },
];

describe("a list's export in keyset batches", () => {
  it("walks every row once, in order, and stops at the cap", async () => {
    const t = table(25);
    const seen: number[] = [];
    for await (const batch of keysetBatches(t.read, (r): Cursor => [r.id, r.id], 50_000, 10)) seen.push(...batch.map((r) => r.id));
    expect(seen).toEqual(t.rows.map((r) => r.id));
    expect(t.queries).toEqual([10, 10, 10]);

    const capped: number[] = [];
    for await (const batch of keysetBatches(t.read, (r): Cursor => [r.id, r.id], 12, 5)) capped.push(...batch.map((r) => r.id));
    expect(capped).toEqual(t.rows.slice(0, 12).map((r) => r.id));
  });

  it("streams the same file as one built in memory: header, every row, formulas defused", async () => {
    const t = table(2_345);
    const streamed = await csvStream("things", columns, keysetBatches(t.read, (r): Cursor => [r.id, r.id], 50_000, 1_000));
    const whole = await csvFile("things", columns, Promise.resolve(t.rows));
    const text = await streamed.text();
    expect(text).toBe(await whole.text());
    expect(streamed.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = text.replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(lines).toHaveLength(2_346);
    expect(lines[0]).toBe("Id,Name");
    expect(lines[1]).toBe("2345,'=HYPERLINK(1)");
    expect(lines.at(-1)).toBe("1,Row 1");
  });

  it("an empty filter is a file with its header only", async () => {
    const t = table(0);
    const response = await csvStream("things", columns, keysetBatches(t.read, (r): Cursor => [r.id, r.id]));
    expect((await response.text()).replace(/^\uFEFF/, "").trim()).toBe("Id,Name");
  });
});

describe("a count that stops", () => {
  it("says exactly up to the cap, and 'more than' beyond it", () => {
    expect(cappedCount(0)).toEqual({ count: 0, capped: false });
    expect(cappedCount(COUNT_CAP)).toEqual({ count: COUNT_CAP, capped: false });
    expect(cappedCount(COUNT_CAP + 1)).toEqual({ count: COUNT_CAP, capped: true });
  });
});
