import pg from "pg";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/.server/db/client.ts";
import { createEmptyDatabase, openAt, TEST_DATABASE_URL } from "../support/test-databases.ts";

/**
 * PostgreSQL restarted, failed over or an administrator ended a connection (issue 20, found by `npm run chaos`):
 * a connection that is checked out at that moment (a transaction in progress) must fail its query, not end the
 * process with an unhandled 'error' event, and the next query gets a new connection.
 */
describe.runIf(TEST_DATABASE_URL || process.env.CI === "true")("a PostgreSQL connection lost mid-transaction", () => {
  let empty: Awaited<ReturnType<typeof createEmptyDatabase>>;
  let handle: DatabaseHandle;
  const unhandled: unknown[] = [];
  const onUncaught = (error: unknown) => unhandled.push(error);

  beforeAll(async () => {
    empty = await createEmptyDatabase("postgres");
    handle = await openAt("postgres", empty.location);
    process.on("uncaughtException", onUncaught);
  });
  afterAll(async () => {
    process.off("uncaughtException", onUncaught);
    await handle.close();
    await empty.destroy();
  });

  it("fails the transaction's query, keeps the process, and serves the next query", async () => {
    let backend = 0;
    const transaction = handle.db.transaction(async (tx) => {
      const rows = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      backend = Number((rows as unknown as { rows: Array<{ pid: number }> }).rows?.[0]?.pid ?? (rows as unknown as Array<{ pid: number }>)[0]?.pid);
      // Held open while another session ends this backend, as a server restart would.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`select 1`);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const admin = new pg.Client({ connectionString: empty.location });
    await admin.connect();
    await admin.query("select pg_terminate_backend($1)", [backend]);
    await admin.end();

    await expect(transaction).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);
    const after = await handle.db.execute(sql`select 41 + 1 as answer`);
    expect(JSON.stringify(after)).toContain("42");
  });
});
