/**
 * `npm run chaos`: the fault test (issue 20 §3, ADR 053; scripts/lib/chaos.ts says what it does and checks).
 *
 *   npm run chaos                 # 3 instances, 50 visitors for 60 s, a kill every 10 s, PostgreSQL restarted once
 *   npm run chaos -- --short      # the version CI runs (20 s, 12 visitors, a kill every 5 s)
 *   npm run chaos -- --runs=3     # three runs in a row, figures per run
 *
 * Needs nginx and PostgreSQL's server binaries (Debian: apt-get install nginx postgresql). Exits 1 on any problem.
 */
import { parseArgs } from "node:util";
import { FULL_RUN, runChaos, SHORT_RUN, type ChaosReport } from "./lib/chaos.ts";
import { buildIfMissing } from "./lib/production-server.ts";

const { values } = parseArgs({ options: { short: { type: "boolean", default: false }, runs: { type: "string", default: "1" } } });
buildIfMissing();

function print(report: ChaosReport, run: number) {
  const r = report;
  console.log(`\nRun ${run}:`);
  console.log(`  submissions: attempted ${r.attempted}, answered ${r.answered}, stored ${r.stored}, lost ${r.lost}, duplicated ${r.duplicatedRequests}, unanswered ${r.unanswered}, retries ${r.retries}`);
  console.log(`  faults: ${r.kills} kills, ${r.postgresRestarts} PostgreSQL restart(s); answers cut by them ${r.cutByFaults}, 5xx while PostgreSQL was down ${r.serverErrorsWhileDatabaseDown}; other 5xx ${r.serverErrors} (must be 0)`);
  console.log(`  answered submissions: p50 ${r.submitP50Ms} ms, p99 ${r.submitP99Ms} ms (target < 1000 ms)`);
  console.log(`  SMS: ${r.sms.posts} posts to the gateway, ${r.sms.delivered} delivered, ${r.sms.duplicated} duplicated, ${r.sms.pendingInOutbox} unsent`);
  console.log(`  invoices: ${r.invoices.issued} issued, ${r.invoices.duplicateNumbers} duplicate numbers, ${r.invoices.gaps} gaps; status changes ${r.statusChanges}`);
  console.log(`  settings change at ${r.staleness.changedAt}: the old phone seen up to ${r.staleness.oldPhoneSeenAfterMs} ms after it (max-age ${r.staleness.maxAgeMs} ms)`);
  console.log(`  rate limit from one address over the instances: ${r.rateLimit.accepted} accepted, ${r.rateLimit.refused429} refused with 429, ${r.rateLimit.other} other`);
  console.log(r.problems.length ? `  PROBLEMS:\n    ${r.problems.join("\n    ")}` : "  no problems");
}

let failed = false;
const runs = Number(values.runs);
for (let run = 1; run <= runs; run += 1) {
  const report = await runChaos({ ...(values.short ? SHORT_RUN : FULL_RUN), log: (line) => console.log(`  ${line}`) });
  print(report, run);
  if (report.problems.length || report.lost || report.duplicatedRequests || report.serverErrors) failed = true;
}
process.exit(failed ? 1 : 0);
