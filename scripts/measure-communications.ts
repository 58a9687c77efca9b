/**
 * Times /admin/communications' thread list (listThreads: the catch-up, then the page) on a database already
 * filled by `npm run seed:volume`, in the two cases ADR 036 is about:
 *
 *   DATABASE_URL=postgres://... node scripts/measure-communications.ts --runs 15
 *   DATA_DIR=./data node scripts/measure-communications.ts
 *
 * - nothing new: read again with nothing written since the last read;
 * - a burst: `burst` WhatsApp messages from customers picked at random, committed at once, then one read;
 * - after a message: then, `runs` times, one more message, committed, and the list read;
 * - the catch-up alone (no page read), after one more message, `runs` times;
 * - nothing new since: the same reads again, minutes after those messages, with nothing written since.
 *
 * It applies the migrations and works the list out first if it needs it (timed apart), and adds `burst` + 2 x `runs`
 * messages to the database: measure a scratch copy. Prints p50, p95 and the slowest of each case.
 */
import { registerHooks } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";

// The app's modules import each other as "~/...": resolve that to app/, as Vite and Vitest do.
const appDir = new URL("../app/", import.meta.url);
registerHooks({
  resolve(specifier, context, nextResolve) {
    return nextResolve(specifier.startsWith("~/") ? new URL(specifier.slice(2), appDir).href : specifier, context);
  },
});
const { applyMigrations, openDatabase, setDatabase } = await import("../app/.server/db/index.ts");
const { listThreads } = await import("../app/.server/communications/thread.ts");
const { catchUpThreads } = await import("../app/.server/communications/thread-summary.ts");

const { values } = parseArgs({ options: { runs: { type: "string", default: "15" }, burst: { type: "string", default: "100" } } });
const RUNS = Number(values.runs);
/** Messages written at once before the timed reads, as a busy few minutes would (ADR 036). */
const BURST = Number(values.burst);
if (process.env.NODE_ENV === "production") {
  console.error("measure-communications writes made-up messages: it does not run with NODE_ENV=production.");
  process.exit(2);
}

const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: path.resolve(process.env.DATA_DIR ?? "./data") });
await applyMigrations(handle);
setDatabase(handle);
const db = handle.db;

const time = async (what: () => Promise<unknown>) => {
  const started = performance.now();
  const result = await what();
  return { ms: performance.now() - started, result };
};
const report = (label: string, ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  console.log(`${label.padEnd(34)} p50 ${at(0.5).toFixed(1).padStart(7)} ms   p95 ${at(0.95).toFixed(1).padStart(7)} ms   max ${sorted.at(-1)!.toFixed(1).padStart(7)} ms   (${ms.length} reads)`);
};

const first = await time(() => catchUpThreads(db));
console.log(`first catch-up (a rebuild if the list needed one): ${first.ms.toFixed(0)} ms, answered ${String(first.result)}`);
await listThreads({ show: "all" }, undefined);

const [{ max }] = ((await db.execute(sql`select max(id)::int as max from customers`)) as unknown as { rows: Array<{ max: number }> }).rows as [{ max: number }];
/** A WhatsApp message from `count` customers picked at random, in one transaction. */
const messages = (count: number) =>
  db.execute(sql`
    insert into conversation_messages (customer_id, mobile, channel, direction, body)
    select c.id, c.mobile, 'whatsapp', 'in', 'Is my drive ready? (measure-communications)'
      from generate_series(1, ${count}) g
      join lateral (select id, mobile from customers where id >= 1 + floor(random() * ${max} + g * 0)::int order by id limit 1) c on true`);
const read = async () => (await time(() => listThreads({ show: "all" }, undefined))).ms;

const idle: number[] = [];
for (let i = 0; i < RUNS; i++) idle.push(await read());
report("list, nothing new", idle);

await messages(BURST);
const afterBurst = await read();
console.log(`list, right after a burst of ${BURST} messages: ${afterBurst.toFixed(1)} ms`);

const afterMessage: number[] = [];
const counted: unknown[] = [];
for (let i = 0; i < RUNS; i++) {
  await messages(1);
  afterMessage.push(await read());
  // How many threads the catch-up of a read right after that one works out (ADR 036: none).
  counted.push((await catchUpThreads(db)) ?? "n/a");
}
report("list, right after a new message", afterMessage);
const catchUpOnly: number[] = [];
for (let i = 0; i < RUNS; i++) {
  await messages(1);
  catchUpOnly.push((await time(() => catchUpThreads(db))).ms);
}
report("its catch-up alone, after a message", catchUpOnly);
const idleAgain: number[] = [];
for (let i = 0; i < RUNS; i++) idleAgain.push(await read());
report("list, nothing new since (same minutes)", idleAgain);
console.log(`threads worked out by the catch-up of the read after each "new message" read: ${JSON.stringify(counted)}`);
await handle.close();
