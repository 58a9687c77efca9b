/**
 * The chat assistant's answers (issue 12 §6), for `npm run bench -- --chat`: on a fresh server with the site's
 * content, GET /api/chat?q=... is timed one question at a time over loopback (the server's whole answer:
 * routing, the fault-code index, the full-text search and the JSON), for a mix of questions visitors ask:
 * fault codes as the keypad shows them, services, the AMC plans, calculators, a sentence, and a question
 * nothing answers. Each request comes from an address of its own (TRUST_PROXY), so the per-address limit on
 * questions does not turn the run into 429s. Target: p95 < 50 ms.
 */
import { startProductionServer } from "./production-server.ts";

export const CHAT_TARGET_P95_MS = 50;
const QUESTIONS = [
  "F0001",
  "servo drive repair",
  "AMC",
  "capacitor kvar calculator",
  "my ABB drive shows 2310 overcurrent",
  "PLC programming Siemens",
  "oC",
  "how long does a repair take",
  "E.OC1",
  "no such thing here zzqx",
];
const WARMUP = 30;
const SAMPLES = 400;

export interface ChatBenchResult {
  engine: "pglite" | "postgres";
  samples: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** F0001 answered with the Siemens overcurrent entry first. */
  f0001: boolean;
  passed: boolean;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const round = (n: number) => Math.round(n * 10) / 10;

export async function benchChat(engine: "pglite" | "postgres", databaseUrl?: string): Promise<ChatBenchResult> {
  console.log(`\n[chat ${engine}] starting server...`);
  const server = await startProductionServer(databaseUrl, { TRUST_PROXY: "true" });
  try {
    let n = 0;
    const ask = async (q: string) => {
      n += 1;
      const started = performance.now();
      const res = await fetch(`${server.baseUrl}/api/chat?${new URLSearchParams({ q })}`, {
        headers: { "X-Forwarded-For": `198.18.${(n >> 8) & 255}.${n & 255}` },
      });
      const body = (await res.json()) as { answers?: Array<{ title: string }> };
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`GET /api/chat?q=${q}: ${res.status}`);
      return { ms, body };
    };
    for (let i = 0; i < WARMUP; i++) await ask(QUESTIONS[i % QUESTIONS.length]!);
    const first = await ask("F0001");
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) times.push((await ask(QUESTIONS[i % QUESTIONS.length]!)).ms);
    times.sort((a, b) => a - b);
    const p95 = round(percentile(times, 95));
    const f0001 = first.body.answers?.[0]?.title === "Siemens F0001: Overcurrent";
    return {
      engine,
      samples: times.length,
      p50Ms: round(percentile(times, 50)),
      p95Ms: p95,
      p99Ms: round(percentile(times, 99)),
      maxMs: round(times.at(-1)!),
      f0001,
      passed: p95 < CHAT_TARGET_P95_MS && f0001,
    };
  } finally {
    await server.stop();
  }
}

export function reportChat(results: ChatBenchResult[]): void {
  console.log(`\n=== Chat assistant: GET /api/chat, one question at a time (target p95 < ${CHAT_TARGET_P95_MS} ms) ===`);
  for (const r of results) {
    console.log(
      `${r.engine.padEnd(9)} p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, p99 ${r.p99Ms} ms, max ${r.maxMs} ms (${r.samples} questions); F0001 -> Siemens overcurrent: ${r.f0001 ? "yes" : "NO"}  ${r.passed ? "PASS" : "FAIL"}`,
    );
  }
}
