/**
 * Times the business analytics' statements (~/.server/analytics, issue 19 §6) on a database already filled
 * by scripts/seed-volume.ts, one subject at a time and all together, for a period of 30 days, a year and
 * three years ending today (each compared with the period before, as the screen does):
 *
 *   node scripts/measure-analytics.ts --url postgres://...   # PostgreSQL
 *   node scripts/measure-analytics.ts --dir ./data-copy      # PGlite (a copy of a seeded directory)
 *   ... --migrate                                            # first apply the app's migrations (new indexes)
 *
 * It prints wall clock and CPU time per call (CPU of this process, and of PostgreSQL's backends when the
 * server runs on this machine): on a busy machine the wall clock mostly measures the wait for a core.
 */
import fs from "node:fs";
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
const { applyMigrations, openDatabase, setDatabase } = await import("../app/.server/db/index.ts");
const analytics = await import("../app/.server/analytics/index.ts");
const { periodOf, addDays } = await import("../app/lib/analytics.ts");
const { todayInIndia } = await import("../app/lib/forms/form-basics.ts");

const { values } = parseArgs({ options: { url: { type: "string" }, dir: { type: "string" }, runs: { type: "string", default: "10" }, only: { type: "string" }, migrate: { type: "boolean" } } });
const RUNS = Number(values.runs);
const engine = values.url ? "postgres" : "pglite";
const handle = await openDatabase(values.url ? { databaseUrl: values.url, dataDir: "unused" } : { dataDir: values.dir ?? "./data" });
setDatabase(handle);
if (values.migrate) await applyMigrations(handle);

async function backendCpuMs(): Promise<number> {
  if (engine !== "postgres") return 0;
  const result = (await handle.db.execute(sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`)) as unknown as { rows: Array<{ pid: number }> };
  let ticks = 0;
  for (const { pid } of result.rows) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  }
  return ticks * 10;
}

const today = todayInIndia(new Date());
const periods = { "30 days": periodOf(addDays(today, -29), today), year: periodOf(addDays(today, -364), today), "3 years": periodOf(addDays(today, -(3 * 365)), today) };
const subjects: Record<string, (p: ReturnType<typeof periodOf>) => Promise<unknown>> = {
  requests: (p) => analytics.requestFigures(p),
  funnel: (p) => analytics.funnelFigures(p),
  money: (p) => analytics.moneyFigures(p),
  team: (p) => analytics.teamFigures(p),
  bench: (p) => analytics.benchFigures(p),
  renewals: (p) => analytics.renewalFigures(p),
  all: (p) => analytics.businessFigures(p),
};
const only = values.only?.split(",");
try {
  for (const [label, p] of Object.entries(periods)) {
    for (const [name, run] of Object.entries(subjects)) {
      if (only && !only.includes(name)) continue;
      await run(p);
      const times: number[] = [];
      const cpu = process.cpuUsage();
      const server = await backendCpuMs();
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await run(p);
        times.push(performance.now() - t);
      }
      const used = process.cpuUsage(cpu);
      const serverUsed = (await backendCpuMs()) - server;
      times.sort((a, b) => a - b);
      console.log(
        `[${engine}] ${label.padEnd(8)} ${name.padEnd(9)} median ${times[Math.floor(RUNS / 2)]!.toFixed(1).padStart(7)} ms  ` +
          `cpu/call ${((used.user + used.system) / 1000 / RUNS).toFixed(1).padStart(6)} ms here` +
          (engine === "postgres" ? `, ${(serverUsed / RUNS).toFixed(1).padStart(6)} ms in postgres` : ""),
      );
    }
  }
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
} finally {
  setDatabase(undefined);
  await handle.close();
}
