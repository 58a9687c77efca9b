/**
 * Times the data functions of /admin/communications, /admin/sms and /admin/emails on a database already
 * seeded by `npm run seed:volume` (issue 17 §8; ADR 049), in one process, without HTTP:
 *
 *   DATABASE_URL=postgres://.../volume node scripts/measure-communications.ts --runs 15
 *   DATA_DIR=/path/to/seeded/pglite node scripts/measure-communications.ts --runs 15
 *
 * Cases: the thread list with nothing new (also within minutes of a message), the thread list right after
 * one new message (its catch-up works out that thread), a search of it, a customer's thread page, and the
 * SMS and e-mail logs with and without a search. Each is run `runs` times after one warm-up; p50 and p95
 * in ms, with the machine's load average. It writes messages into the database (one per "after a new
 * message" run): measure a scratch copy.
 */
import { registerHooks } from "node:module";
import os from "node:os";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";

const appDir = new URL("../app/", import.meta.url);
registerHooks({
  resolve(specifier, context, nextResolve) {
    return nextResolve(specifier.startsWith("~/") ? new URL(specifier.slice(2), appDir).href : specifier, context);
  },
});
const { openDatabase, setDatabase } = await import("../app/.server/db/index.ts");
const { listThreads, resolveThread, threadEntries } = await import("../app/.server/communications/thread.ts");
const { catchUpThreads } = await import("../app/.server/communications/thread-summary.ts");
const { recordConversation } = await import("../app/.server/communications/index.ts");
const { listSmsLog, listEmailLog } = await import("../app/.server/communications/logs.ts");

const { values } = parseArgs({ options: { runs: { type: "string", default: "15" }, only: { type: "string" } } });
const RUNS = Number(values.runs);
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR ?? "data" });
setDatabase(handle);
const db = handle.db;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
async function time(label: string, run: () => Promise<unknown>, before?: () => Promise<unknown>): Promise<void> {
  if (values.only && !label.includes(values.only)) return;
  if (before) await before();
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (before) await before();
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  console.log(`${label.padEnd(58)} p50 ${pct(times, 50).toFixed(1).padStart(7)} ms  p95 ${pct(times, 95).toFixed(1).padStart(7)} ms  (load ${os.loadavg()[0]!.toFixed(1)})`);
}

const [customer] = ((await db.execute(sql`select reference, mobile from customers where mobile is not null order by id desc limit 1`)) as unknown as { rows: Array<{ reference: string; mobile: string }> }).rows;
let n = 0;
await catchUpThreads(db);
await time("/admin/communications, nothing new", () => listThreads({ show: "all" }, undefined));
await time("/admin/communications, right after a new message", () => listThreads({ show: "all" }, undefined), () =>
  db.transaction((tx) => recordConversation(tx, { mobile: `+9198765${String(10000 + (n++ % 80000)).padStart(5, "0")}`, channel: "whatsapp", direction: "in", body: "Is my drive ready?" })),
);
await time("/admin/communications, nothing new, minutes after messages", () => listThreads({ show: "all" }, undefined));
await time("/admin/communications?q=Hyderabad", () => listThreads({ show: "all", q: "Hyderabad" }, undefined));
await time("/admin/communications?show=awaiting", () => listThreads({ show: "awaiting" }, undefined));
await time(`/admin/communications/${customer!.reference}`, async () => {
  const t = await resolveThread(customer!.reference);
  if (t && !("redirect" in t)) await threadEntries(t);
});
await time("/admin/sms", () => listSmsLog({ show: "all" }, undefined));
await time("/admin/sms?q=Hyderabad", () => listSmsLog({ show: "all", q: "Hyderabad" }, undefined));
await time("/admin/emails", () => listEmailLog({ show: "all" }, undefined));
await time("/admin/emails?q=Hyderabad", () => listEmailLog({ show: "all", q: "Hyderabad" }, undefined));
await handle.close();
