import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/** A stand-in for the browser's EventSource: records what was opened, lets the test drive it. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string; lastEventId: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  openedAt = Date.now();
  private listeners = new Map<string, () => void>();
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  emit(id: number, kind: string, data: Record<string, unknown> = {}) {
    this.onmessage?.({ data: JSON.stringify({ kind, data }), lastEventId: String(id) });
  }
  fire(type: string) {
    this.listeners.get(type)?.();
  }
}

describe("the live client (one shared stream per page)", () => {
  beforeAll(() => {
    vi.useFakeTimers();
    vi.stubGlobal("EventSource", FakeEventSource);
    vi.spyOn(Math, "random").mockReturnValue(1);
  });
  afterAll(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shares one stream, reconnects with 1, 2, 4, 8, 16, 16 s and catches up from the last id", async () => {
    const { subscribeLive } = await import("~/lib/live/use-live.ts");
    const a: number[] = [];
    const b: number[] = [];
    const offA = subscribeLive((e) => a.push(e.id));
    const offB = subscribeLive((e) => b.push(e.id));
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.opened).toHaveLength(1);
    const first = FakeEventSource.opened[0]!;
    expect(first.url).toMatch(/^\/live\/events\?since=\d+$/);
    first.onopen?.();
    first.emit(5, "request.created");
    first.emit(7, "request.updated");
    first.emit(7, "request.updated"); // a replay racing a live delivery: once only
    expect(a).toEqual([5, 7]);
    expect(b).toEqual([5, 7]);

    // The server goes away: closed by us, reopened after the spec's delays, each with the last id.
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) {
      const current = FakeEventSource.opened.at(-1)!;
      current.onerror?.();
      expect(current.closed).toBe(true);
      const before = FakeEventSource.opened.length;
      const started = Date.now();
      while (FakeEventSource.opened.length === before) await vi.advanceTimersByTimeAsync(100);
      delays.push(Date.now() - started);
      expect(FakeEventSource.opened.at(-1)!.url).toBe("/live/events?lastEventId=7");
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 16000]);
    // Back: the next loss starts again from 1 s.
    const back = FakeEventSource.opened.at(-1)!;
    back.onopen?.();
    back.onerror?.();
    const count = FakeEventSource.opened.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeEventSource.opened.length).toBe(count + 1);

    // A grant added by a component: the stream is reopened (100 ms) with it.
    const offC = subscribeLive(() => undefined, ["grant-token"]);
    await vi.advanceTimersByTimeAsync(100);
    expect(FakeEventSource.opened.at(-1)!.url).toBe("/live/events?grant=grant-token&lastEventId=7");

    // The session ended (the server's `end` event): no reconnecting.
    const ended = FakeEventSource.opened.at(-1)!;
    const total = FakeEventSource.opened.length;
    ended.fire("end");
    expect(ended.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.opened.length).toBe(total);

    // Everyone gone: nothing stays open.
    offA();
    offB();
    offC();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeEventSource.opened.every((s) => s.closed)).toBe(true);
  });
});
