import { it } from "vitest";
import { openDatabase, setDatabase } from "~/.server/db/index.ts";
import { businessFigures, requestFigures, responseFigures, funnelFigures, moneyFigures, teamFigures, benchFigures, renewalFigures } from "~/.server/analytics/index.ts";
import { periodOf, addDays } from "~/lib/analytics.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";

it("times", async () => {
  const url = process.env.VOL_URL;
  const handle = await openDatabase(url ? { databaseUrl: url, dataDir: "unused" } : { dataDir: process.env.VOL_DIR! });
  setDatabase(handle);
  const today = todayInIndia();
  for (const days of [30, 365]) {
    const p = periodOf(addDays(today, -(days - 1)), today);
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const f = await businessFigures(p);
      const all = performance.now() - t;
      const parts: Record<string, number> = {};
      for (const [name, fn] of Object.entries({ requestFigures, responseFigures, funnelFigures, moneyFigures, teamFigures, benchFigures, renewalFigures })) {
        const s = performance.now();
        await (fn as (p: unknown) => Promise<unknown>)(p);
        parts[name] = Math.round(performance.now() - s);
      }
      console.log(days, "days: all", Math.round(all), "ms", JSON.stringify(parts), i === 0 ? JSON.stringify({ req: f.requests.total, resp: f.response.current[0], funnel: f.funnel, tech: f.team.technicians.length, team: f.team.utilisation, urg: f.requests.byUrgency }) : "");
    }
  }
  await handle.close();
}, 120_000);
