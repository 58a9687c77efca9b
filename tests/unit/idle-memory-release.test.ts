import { EventEmitter } from "node:events";
import type http from "node:http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { releaseMemoryWhenIdle } from "../../server/idle-memory-release.ts";

/**
 * The memory a burst left is given back once the instance is quiet (ADR 067): never while requests come in,
 * once per burst, and only when the burst grew the process.
 */
const MB = 1024 * 1024;
let resident = 200 * MB;
const gc = vi.fn(() => {
  resident = 190 * MB;
});

beforeEach(() => {
  vi.useFakeTimers();
  resident = 200 * MB;
  gc.mockClear();
  vi.stubGlobal("gc", gc);
  vi.spyOn(process.memoryUsage, "rss").mockImplementation(() => resident);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A server started at 200 MB resident, then a burst of `seconds` that takes it to `residentMb`. */
function serverWithBurst(seconds: number, residentMb: number) {
  const server = new EventEmitter();
  releaseMemoryWhenIdle(server as unknown as http.Server);
  resident = residentMb * MB;
  const burst = setInterval(() => server.emit("request"), 100);
  vi.advanceTimersByTime(seconds * 1000);
  clearInterval(burst);
  return server;
}

describe("releaseMemoryWhenIdle", () => {
  it("collects once after a burst that grew the process, only when requests stop", () => {
    const server = serverWithBurst(30, 420);
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenCalledWith({ type: "major", execution: "sync", flavor: "last-resort" });
    // Idle from then on: nothing more.
    vi.advanceTimersByTime(60_000);
    expect(gc).toHaveBeenCalledTimes(1);
    // A small burst that leaves the process about where it was: nothing to give back.
    const small = setInterval(() => server.emit("request"), 100);
    vi.advanceTimersByTime(6_000);
    clearInterval(small);
    resident = 200 * MB;
    vi.advanceTimersByTime(20_000);
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it("does nothing without node's --expose-gc", () => {
    vi.stubGlobal("gc", undefined);
    serverWithBurst(10, 420);
    vi.advanceTimersByTime(30_000);
    expect(gc).not.toHaveBeenCalled();
  });
});
