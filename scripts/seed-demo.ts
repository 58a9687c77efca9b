/**
 * `npm run seed:demo`: loads a believable month of work (staff, technicians, ~90 requests in every state
 * with their calls, visits, parts, sign-offs and audit log) into the database `npm start` uses (DATA_DIR or
 * DATABASE_URL), so that the back office can be tried at once. Never in production: it refuses when
 * NODE_ENV is production. With the embedded database, stop the server first (one process only).
 */
import { spawnSync } from "node:child_process";

if (process.env.NODE_ENV === "production") {
  console.error("seed:demo loads invented data: it never runs with NODE_ENV=production.");
  process.exit(2);
}

const built = spawnSync(process.execPath, ["scripts/build-if-needed.ts"], { stdio: "inherit" });
if (built.status !== 0) process.exit(built.status ?? 1);

// The build is the production bundle of the app's code (React and the server modules); the guard above
// has already read the variable the person running this set.
process.env.NODE_ENV = "production";
// @ts-expect-error -- the build is plain JavaScript, made by `react-router build`.
const entry = (await import("../build/server/index.js")).entry.module as typeof import("../app/entry.server.tsx");
const config = entry.readConfig({ ...process.env, NODE_ENV: "production" });
const services = await entry.startServices(config);
let failed = false;
try {
  const summary = await entry.seedDemo();
  console.log(`Demo data loaded: ${summary.requests} service requests (${Object.entries(summary.byStatus).map(([s, n]) => `${n} ${s}`).join(", ")}), ${summary.technicians} technicians.`);
  console.log(
    `Customers: ${summary.customers.customers} with ${summary.customers.sites} sites and ${summary.customers.units} units of equipment; ` +
      `${summary.bench.jobs} units in bench repair (${summary.bench.jobCards.join(", ")}); ${summary.products} products and parts.`,
  );
  const m = summary.money;
  const rupees = (paise: number) => `Rs ${(paise / 100).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  console.log(
    `Money: ${m.quotes} quotes (${Object.entries(m.quotesByState).map(([s, n]) => `${n} ${s.replace("_", " ")}`).join(", ")}); ` +
      `${m.invoices} tax invoices (${m.b2b} B2B, ${m.interState} with IGST) and ${m.creditNotes} credit note(s); ${m.payments} payments; ` +
      `${rupees(m.outstandingPaise)} outstanding (${m.overdue} invoices overdue); ${m.contracts} AMC contracts with ${m.contractVisits} visits; ` +
      `${m.ratings} ratings (${m.published} published, ${m.openFollowUps} follow-up open).`,
  );
  const p = summary.purchasing;
  console.log(`Purchasing: ${p.vendors} vendors with their parts lists; ${p.partsRequests} parts requests for the jobs waiting for parts, ${p.purchaseOrders} purchase orders; the stores counted, with reorder levels.`);
  console.log("Sign in to the back office (npm start prints its address) with one of these numbers; the code is printed on the server's output:");
  for (const s of summary.staff) console.log(`  ${s.mobile}  ${s.name} (${s.role})`);
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await services.stop();
}
process.exit(failed ? 1 : 0);
