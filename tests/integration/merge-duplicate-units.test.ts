import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { addUnit, SameSerialError } from "~/.server/customers/units.ts";
import { benchJobs, contractUnits, customers, equipmentUnits, serviceRequests } from "~/.server/db/schema.ts";
import { describeEachEngine } from "../support/test-databases.ts";

/**
 * Migration 0020 (issue 17 §4): one customer's units entered twice before serials were compared (another case,
 * spaces) are merged into the oldest, with their bench jobs and contracts, and a unique index keeps it so.
 * The duplicates are made the old way, with raw SQL, and the migration's own SQL file is run on them.
 */
const MIGRATION = fs.readFileSync(new URL("../../drizzle/0024_merge-duplicate-units.sql", import.meta.url), "utf8");

describeEachEngine("merging duplicate units", (database) => {
  const db = () => database().handle.db;
  const run = async (statements: string) => {
    for (const statement of statements.split("--> statement-breakpoint")) if (statement.trim()) await db().execute(sql.raw(statement));
  };
  const customer = async (n: string) =>
    (await db().insert(customers).values({ reference: `CU-2612-90${n}`, mobile: `+9198480900${n}`, name: `Customer ${n}` }).returning())[0]!;
  const unit = async (customerId: number, serial: string | null, createdAt: string, details: { model?: string; location?: string } = {}) => {
    const result = await db().execute(
      sql`INSERT INTO equipment_units (customer_id, make, model, serial_number, location, created_at) VALUES (${customerId}, 'ABB', ${details.model ?? null}, ${serial}, ${details.location ?? null}, ${createdAt}) RETURNING id`,
    );
    return Number((result as unknown as { rows: Array<{ id: number }> }).rows[0]!.id);
  };

  it("keeps the oldest of one customer's units with the same serial as compared, moves its bench jobs and contracts to it, and then refuses a second", async () => {
    // The state before the fix: no unique index, and units entered as typed.
    await db().execute(sql`DROP INDEX "equipment_units_customer_serial"`);
    const a = await customer("01");
    const b = await customer("02");
    const kept = await unit(a.id, "ACS580 123", "2024-01-01T10:00:00Z");
    const lower = await unit(a.id, "acs580123", "2024-02-01T10:00:00Z", { model: "ACS580-01-017A-4", location: "Extruder line 2" });
    const spaced = await unit(a.id, " ACS 580 123 ", "2024-03-01T10:00:00Z", { location: "Store" });
    const other = await unit(a.id, "OTHER-1", "2024-01-05T10:00:00Z");
    const noSerial = [await unit(a.id, null, "2024-01-06T10:00:00Z"), await unit(a.id, null, "2024-01-07T10:00:00Z"), await unit(a.id, "", "2024-01-08T10:00:00Z"), await unit(a.id, " ", "2024-01-09T10:00:00Z")];
    const otherCustomers = await unit(b.id, "ACS580123", "2023-12-01T10:00:00Z");

    const [request] = await db()
      .insert(serviceRequests)
      .values({ reference: "SR-2612-9001", kind: "full", status: "contacted", contactName: a.name, mobile: a.mobile!, faultDescription: "Trips on overcurrent.", urgency: "planned", consentVersion: "1", consentAt: new Date(), idempotencyKey: randomUUID(), customerId: a.id })
      .returning();
    for (const [jobCard, unitId] of [["JC-2612-9001", lower], ["JC-2612-9002", spaced], ["JC-2612-9003", other]] as const) {
      await db().execute(sql`INSERT INTO bench_jobs (job_card, request_id, unit_id, fault_reported, condition_on_arrival) VALUES (${jobCard}, ${request!.id}, ${unitId}, 'No display', 'Dusty')`);
    }
    const contract = async (reference: string, unitIds: number[]) => {
      const result = await db().execute(
        sql`INSERT INTO contracts (reference, customer_id, plan, starts_on, ends_on, visits_per_year, response_hours, price_paise, billing) VALUES (${reference}, ${a.id}, 'silver', '2024-04-01', '2025-03-31', 6, 4, 4800000, 'advance') RETURNING id`,
      );
      const id = Number((result as unknown as { rows: Array<{ id: number }> }).rows[0]!.id);
      for (const unitId of unitIds) await db().execute(sql`INSERT INTO contract_units (contract_id, unit_id) VALUES (${id}, ${unitId})`);
      return id;
    };
    const both = await contract("AMC-2612-9001", [kept, lower]);
    const onlyDuplicate = await contract("AMC-2612-9002", [spaced, other]);

    await run(MIGRATION);

    const units = await db().select().from(equipmentUnits).where(eq(equipmentUnits.customerId, a.id)).orderBy(asc(equipmentUnits.id));
    expect(units.map((u) => u.id)).toEqual([kept, other, ...noSerial]);
    // The oldest is kept as it was typed, and takes what it lacked from the others (the oldest that has it).
    expect(units[0]).toMatchObject({ serialNumber: "ACS580 123", model: "ACS580-01-017A-4", location: "Extruder line 2" });
    const jobs = await db().select({ jobCard: benchJobs.jobCard, unitId: benchJobs.unitId }).from(benchJobs).orderBy(asc(benchJobs.jobCard));
    expect(jobs).toEqual([
      { jobCard: "JC-2612-9001", unitId: kept },
      { jobCard: "JC-2612-9002", unitId: kept },
      { jobCard: "JC-2612-9003", unitId: other },
    ]);
    const covered = await db().select().from(contractUnits).orderBy(asc(contractUnits.contractId), asc(contractUnits.unitId));
    expect(covered).toEqual([
      { contractId: both, unitId: kept },
      { contractId: onlyDuplicate, unitId: kept },
      { contractId: onlyDuplicate, unitId: other },
    ]);
    // Another customer's unit with the same serial is theirs, untouched.
    expect(await db().select({ id: equipmentUnits.id }).from(equipmentUnits).where(eq(equipmentUnits.customerId, b.id))).toEqual([{ id: otherCustomers }]);

    // A second run finds nothing to merge.
    await run(MIGRATION.slice(0, MIGRATION.lastIndexOf("CREATE UNIQUE INDEX")));
    expect(await db().select({ id: equipmentUnits.id }).from(equipmentUnits).where(eq(equipmentUnits.customerId, a.id))).toHaveLength(2 + noSerial.length);

    // And it cannot recur: the form refuses it, and so does the table for any other way in.
    await expect(db().transaction((tx) => addUnit(tx, { customerId: a.id, make: "ABB", serialNumber: "acs 580123" }))).rejects.toBeInstanceOf(SameSerialError);
    const code = await db()
      .execute(sql`INSERT INTO equipment_units (customer_id, make, serial_number) VALUES (${a.id}, 'ABB', 'Acs580 123')`)
      .then(
        () => "inserted",
        (error: { code?: string; cause?: { code?: string } }) => error.cause?.code ?? error.code,
      );
    expect(code).toBe("23505");
    // Units without a serial are never compared.
    await db().execute(sql`INSERT INTO equipment_units (customer_id, make, serial_number) VALUES (${a.id}, 'ABB', NULL), (${a.id}, 'ABB', '')`);
  });
});
