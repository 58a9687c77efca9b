import { getDatabaseHandle } from "~/.server/db/index.ts";
import {
  connectionFigures,
  engineFigures,
  indexFigures,
  statementFigures,
  tableFigures,
  UNUSED_INDEX_MIN_BYTES,
  type ConnectionFigures,
  type EngineFigures,
  type IndexFigures,
  type StatementFigures,
  type TableFigures,
} from "./catalog.ts";
import { migrationFigures, type MigrationFigures } from "./migrations.ts";
import { queueFigures, type QueueFigures } from "./queue.ts";

/**
 * The database dashboard (/database, issue 19 §9): the owner's read-only view of the engine, its size per
 * table, its indexes, PostgreSQL's connections and slowest statements, the migrations and the job queue.
 * Every figure comes from the engine's catalog and statistics or from the outbox's unsent rows: nothing
 * here counts a large table, so the page stays fast at seed:volume (and on PGlite, whose queries run on the
 * server's main thread, it holds the thread for milliseconds).
 */
export interface DatabaseDashboard {
  engine: EngineFigures;
  tables: TableFigures[];
  indexes: IndexFigures[];
  unusedIndexMinBytes: number;
  /** PostgreSQL only; null on PGlite (one connection: the server). */
  connections: ConnectionFigures | null;
  statements: StatementFigures;
  migrations: MigrationFigures;
  queue: QueueFigures;
}

export async function readDatabaseDashboard(options: { unusedIndexMinBytes?: number; migrationsDir?: string } = {}): Promise<DatabaseDashboard> {
  const { db, engine } = getDatabaseHandle();
  const unusedIndexMinBytes = options.unusedIndexMinBytes ?? UNUSED_INDEX_MIN_BYTES;
  const [engineRow, [indexes, tables], connections, statements, migrations, queue] = await Promise.all([
    engineFigures(db, engine),
    indexFigures(db, unusedIndexMinBytes).then(async (list) => [list, await tableFigures(db, list)] as const),
    engine === "postgres" ? connectionFigures(db) : Promise.resolve(null),
    statementFigures(db, engine),
    migrationFigures(db, options.migrationsDir),
    queueFigures(db),
  ]);
  return { engine: engineRow, tables, indexes, unusedIndexMinBytes, connections, statements, migrations, queue };
}

export { UNUSED_INDEX_MIN_BYTES } from "./catalog.ts";
export type { ConnectionFigures, EngineFigures, IndexFigures, SlowStatement, StatementFigures, TableFigures } from "./catalog.ts";
export type { MigrationFigures } from "./migrations.ts";
export type { QueueFigures, QueueRow } from "./queue.ts";
