/**
 * `npm run admin:add -- --phone +919848012345 [--phone ...]`: gives each number the admin role, so that it
 * can sign in at /admin/login on the back-office host. Uses the same database as `npm start` (DATA_DIR or
 * DATABASE_URL). With the embedded database, stop the server first: only one process may open it.
 */
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { phone: { type: "string", multiple: true } } });
const phones = values.phone ?? [];
if (phones.length === 0) {
  console.error("Usage: npm run admin:add -- --phone +919848012345 [--phone ...]");
  process.exit(2);
}

// The build holds the app's code (the database layer and its migrations).
const built = spawnSync(process.execPath, ["scripts/build-if-needed.ts"], { stdio: "inherit" });
if (built.status !== 0) process.exit(built.status ?? 1);

process.env.NODE_ENV ??= "production";
// @ts-expect-error -- the build is plain JavaScript, made by `react-router build`.
const entry = (await import("../build/server/index.js")).entry.module as typeof import("../app/entry.server.tsx");
try {
  const config = entry.readConfig({ ...process.env, ADMIN_PHONES: phones.join(",") });
  const granted = await entry.addAdmins(config, config.adminPhones);
  console.log(`Admin role given to ${granted.join(", ")}. Sign in at /admin/login on the back-office host.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
