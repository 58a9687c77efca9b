// Child process for the concurrent-migration test: opens the database at argv[2], waits for the common
// start time argv[3] (so that all children really start together), then applies the migrations.
import { applyMigrations, openDatabase } from "../../app/.server/db/index.ts";

const handle = await openDatabase({ databaseUrl: process.argv[2], dataDir: "unused" });
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(process.argv[3]) - Date.now())));
await applyMigrations(handle);
await handle.close();
