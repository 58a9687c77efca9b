import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { commitImport, dryRunImport, undoImport, uploadImport, viewImport } from "~/.server/data-import/batches.ts";
import { products, stockMovements, vendors } from "~/.server/db/schema.ts";
import { gstinChecksum } from "~/lib/settings-schema.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff } from "../support/staff-routes.ts";

/**
 * Issue 19 §7: vendors, and products with their opening stock (into the stock ledger, ADR 045), through the same
 * import kernel as every other kind (ADR 048): a valid file, a bad row named by its line and column, the same
 * file again adding nothing, and undo taking back what the import made.
 */

const utf8 = (text: string) => new TextEncoder().encode(text);

/** A GSTIN with its right check character: state code, a PAN made from `n`, entity 1, Z. */
function gstin(state: string, n: number): string {
  const letters = (k: number) => Array.from({ length: 5 }, (_, i) => String.fromCharCode(65 + ((k >> (i * 4)) % 26))).join("");
  const first14 = `${state}${letters(n)}${String(n % 10000).padStart(4, "0")}A1Z`;
  return first14 + gstinChecksum(first14);
}

describeEachEngine("data import of vendors, and of products with opening stock", (database) => {
  const db = () => database().handle.db;
  let owner: StaffMember;
  const pid = String(process.pid % 1000).padStart(3, "0");
  const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

  beforeAll(async () => {
    const u = await upsertUserWithRole(`+9180${pid}00919`, "admin", db(), "Olga Owner");
    owner = asStaff("owner", { userId: u.id, name: "Olga Owner" });
  });

  const upload = async (kind: string, text: string) => {
    const result = await uploadImport(owner, kind, `${kind}.csv`, utf8(text));
    if (!result.ok) throw new Error(result.message);
    return result.id;
  };

  it("vendors: GSTIN checked and unique, the state from it; a bad row named by line and column; the same file again adds none", async () => {
    const t = tag();
    const seed = Number.parseInt(t.slice(-5), 36);
    const [a, b] = [gstin("36", seed), gstin("27", seed + 1)];
    const header = "Vendor name,GSTIN,Contact person,Phone,E-mail,Address,City,PIN code,State";
    const wrongCheck = a.slice(0, 14) + (a[14] === "A" ? "B" : "A");
    const bad = [
      header,
      `Deccan Drives ${t},${a},Suresh Rao,98480 12345,suresh@example.com,"Plot 4, IDA Balanagar",Hyderabad,500037,Telangana`,
      `Pune Panels ${t},${wrongCheck},,,,,,,`,
      `Konkan Cables ${t},${b},,,,,Pune,411001,Telangana`,
      `Local Spares ${t},,Imran,040 2345 6789,,,Hyderabad,,36`,
      `Again ${t},${a},,,,,,,`,
    ].join("\n");
    const id = await upload("vendors", bad);
    const report = (await viewImport(id))!.report!;
    expect(report).toMatchObject({ refusedRows: 3, validRows: 2 });
    const errors = report.columns.flatMap((c) => c.first.map((e) => ({ column: c.label, line: e.line, message: e.message })));
    expect(errors).toEqual(
      expect.arrayContaining([
        { column: "GSTIN", line: 3, message: "This GSTIN's check character is wrong" },
        { column: "State", line: 4, message: "The GSTIN is registered in Maharashtra: leave the state blank or give that one." },
        { column: "GSTIN", line: 6, message: "Line 2 has the same GSTIN: one row per vendor." },
      ]),
    );
    expect(await commitImport(owner, id)).toMatchObject({ ok: false, message: expect.stringContaining("3 rows have errors") as unknown });
    expect(await db().select().from(vendors).where(inArray(vendors.gstin, [a, b]))).toEqual([]);

    const good = [header, `Deccan Drives ${t},${a.toLowerCase()},Suresh Rao,98480 12345,suresh@example.com,"Plot 4, IDA Balanagar",Hyderabad,500037,Telangana`, `Konkan Cables ${t},${b},,,,,Pune,411001,`, `Local Spares ${t},,Imran,040 2345 6789,,,Hyderabad,,36`].join("\n");
    const first = await upload("vendors", good);
    expect(await dryRunImport(owner, first)).toMatchObject({ ok: true, counts: { "vendor.created": 3, refused: 0 } });
    expect(await commitImport(owner, first)).toMatchObject({ ok: true, message: "Imported 3 rows." });
    const mine = sql`${vendors.name} like ${`%${t}`}`;
    const made = await db().select().from(vendors).where(mine).orderBy(vendors.name);
    expect(made.map((v) => [v.name, v.gstin, v.stateCode, v.city, v.contacts])).toEqual([
      [`Deccan Drives ${t}`, a, "36", "Hyderabad", [{ name: "Suresh Rao", phone: "+919848012345", email: "suresh@example.com" }]],
      [`Konkan Cables ${t}`, b, "27", "Pune", []],
      [`Local Spares ${t}`, null, "36", "Hyderabad", [{ name: "Imran", phone: "+914023456789", email: null }]],
    ]);

    // The same file again: matched by GSTIN (and by name for the unregistered one), nothing added or changed.
    const again = await upload("vendors", good);
    expect(await commitImport(owner, again)).toMatchObject({ ok: true });
    expect((await viewImport(again))!.result).toMatchObject({ "vendor.unchanged": 3 });
    expect(await db().select().from(vendors).where(mine)).toHaveLength(3);
    expect((await db().select().from(vendors).where(mine)).map((v) => v.version)).toEqual([1, 1, 1]);

    // A new contact and a corrected city update the vendor on file (found by its GSTIN), once.
    const update = await upload("vendors", `${header}\nDeccan Drives ${t},${a},Lakshmi,,lakshmi@example.com,,Secunderabad,,`);
    expect(await commitImport(owner, update)).toMatchObject({ ok: true });
    const [deccan] = await db().select().from(vendors).where(eq(vendors.gstin, a));
    expect(deccan).toMatchObject({ city: "Secunderabad", version: 2 });
    expect(deccan!.contacts.map((c) => c.name)).toEqual(["Suresh Rao", "Lakshmi"]);

    expect(await undoImport(owner, update)).toMatchObject({ ok: true });
    expect((await db().select().from(vendors).where(eq(vendors.gstin, a)))[0]).toMatchObject({ city: "Hyderabad", contacts: [{ name: "Suresh Rao" }] });
  });

  it("products with opening stock: on hand and the ledger's first row; a bad count named by line and column; the same file again adds no stock; undo removes both", async () => {
    const t = tag().toUpperCase();
    const header = "Part number,Name,Make,HSN/SAC,GST rate,Price,Opening stock";
    const bad = [header, `ACS-${t},AC drive 7.5 kW,ABB,85044090,18,42000,4`, `FAN-${t},Cooling fan,ABB,84145990,18,1200,ten`, `CAP-${t},DC bus capacitor,Epcos,85322200,18,950,`].join("\n");
    const id = await upload("products", bad);
    expect((await viewImport(id))!.report).toMatchObject({
      refusedRows: 1,
      columns: [{ label: "Opening stock", total: 1, first: [{ line: 3, message: "Give the stock as a whole number of units, e.g. 12 (0 or blank for none)." }] }],
    });
    expect(await commitImport(owner, id)).toMatchObject({ ok: false });

    const good = bad.replace(`,1200,ten`, `,1200,25`);
    const first = await upload("products", good);
    expect(await dryRunImport(owner, first)).toMatchObject({ ok: true, counts: { "product.created": 3, "stock-movement.created": 2 } });
    expect(await commitImport(owner, first)).toMatchObject({ ok: true });
    const mine = sql`${products.model} like ${`%-${t}`}`;
    const stock = async () => (await db().select().from(products).where(mine).orderBy(products.model)).map((p) => [p.model, p.onHand]);
    expect(await stock()).toEqual([
      [`ACS-${t}`, 4],
      [`CAP-${t}`, 0],
      [`FAN-${t}`, 25],
    ]);
    const ids = (await db().select({ id: products.id }).from(products).where(mine)).map((p) => p.id);
    const ledger = async () => (await db().select().from(stockMovements).where(inArray(stockMovements.productId, ids))).map((m) => [m.onHandChange, m.onHandAfter, m.reason, m.actorUserId]);
    expect((await ledger()).sort()).toEqual([
      [25, 25, "Opening stock from import", owner.userId],
      [4, 4, "Opening stock from import", owner.userId],
    ]);

    // The same file again: the products are on file, their stock is the ledger's: nothing added.
    const again = await upload("products", good);
    expect(await commitImport(owner, again)).toMatchObject({ ok: true });
    expect((await viewImport(again))!.result).toMatchObject({ "product.unchanged": 3, "stock-movement.unchanged": 2 });
    expect(await stock()).toEqual([
      [`ACS-${t}`, 4],
      [`CAP-${t}`, 0],
      [`FAN-${t}`, 25],
    ]);
    expect(await ledger()).toHaveLength(2);

    expect(await undoImport(owner, first)).toMatchObject({ ok: true });
    expect(await stock()).toEqual([]);
    expect(await ledger()).toEqual([]);
  });
});
