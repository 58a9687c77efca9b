import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { runChaos, SHORT_RUN } from "../../scripts/lib/chaos.ts";
import { NGINX_PATH } from "../../scripts/lib/cluster.ts";

/**
 * The short fault test (issue 20 §3, ADR 053), as `npm run chaos -- --short` runs it: three instances behind
 * nginx on a PostgreSQL of its own, visitors and staff at work, instances killed with SIGKILL, PostgreSQL
 * crashed and restarted once. Nothing answered is lost, nothing is stored, numbered or sent twice, no 5xx
 * beyond the faults' own, the rate limit holds across instances, and no page is staler than its max-age.
 */
test("under kills and a database restart: nothing lost, nothing doubled", async () => {
  test.setTimeout(360_000);
  const ready = spawnSync(NGINX_PATH, ["-v"]).status === 0 && fs.existsSync("/usr/lib/postgresql");
  if (!ready) {
    expect(process.env.CI, "CI must provide nginx and PostgreSQL's server binaries").not.toBe("true");
    test.info().annotations.push({ type: "note", description: "nginx or PostgreSQL's server binaries missing: the fault test did not run" });
    return;
  }
  const lines: string[] = [];
  const report = await runChaos({ ...SHORT_RUN, log: (line) => lines.push(line) });
  const summary = `attempted ${report.attempted}, answered ${report.answered}, stored ${report.stored}, lost ${report.lost}, kills ${report.kills}, p99 ${report.submitP99Ms} ms, SMS ${report.sms.delivered}`;
  test.info().annotations.push({ type: "chaos (short)", description: summary });
  console.log(`chaos (short): ${summary}`);
  expect(report.problems, lines.slice(-30).join("\n")).toEqual([]);
  expect(report.answered).toBeGreaterThan(0);
  expect(report.lost).toBe(0);
  expect(report.duplicatedRequests).toBe(0);
  expect(report.serverErrors).toBe(0);
  expect(report.sms.duplicated).toBe(0);
  expect(report.invoices.duplicateNumbers + report.invoices.gaps).toBe(0);
  expect(report.kills).toBeGreaterThanOrEqual(2);
  expect(report.postgresRestarts).toBe(1);
  expect(report.rateLimit).toMatchObject({ accepted: 10, refused429: 6 });
});
