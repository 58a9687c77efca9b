import { applyMigrations, openDatabase, setDatabase, type DatabaseHandle } from "~/.server/db/index.ts";
import { seedContent } from "~/.server/content/index.ts";
import { seedSettings } from "~/.server/settings/index.ts";
import type { ServerConfig } from "./config.ts";

/**
 * Opens the database, applies the committed migrations and seeds what a first run needs.
 * Exported from entry.server so that server.ts runs it inside the same module graph as the routes:
 * a second copy of the db module would open a second PGlite instance on the same directory.
 */
export async function startServices(config: ServerConfig): Promise<{ handle: DatabaseHandle; stop(): Promise<void> }> {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await applyMigrations(handle);
    await seedSettings(handle.db, config.siteUrl);
    await seedContent(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  setDatabase(handle);
  return {
    handle,
    async stop() {
      setDatabase(undefined);
      await handle.close();
    },
  };
}
