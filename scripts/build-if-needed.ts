/**
 * `npm start` runs this first: it builds the app when there is no build, or when a source file is newer
 * than the build. A later start with an up-to-date build skips straight to serving.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const BUILD_MARKER = "build/server/index.js";
const SOURCES = ["app", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const built = fs.existsSync(BUILD_MARKER) ? fs.statSync(BUILD_MARKER).mtimeMs : 0;
const sources = Math.max(...SOURCES.map(newestMtime));

if (built === 0 || sources > built) {
  console.log(built === 0 ? "No build yet: building..." : "Sources changed since the last build: rebuilding...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  process.exit(result.status ?? 1);
}
