import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { readConfig } from "~/.server/config.ts";
import { users } from "~/.server/db/schema.ts";
import { addAdmins } from "~/.server/startup.ts";
import { describeEachEngine, openAt } from "../support/test-databases.ts";

/** `npm run admin:add -- --phone ...` (scripts/admin-add.ts) is a thin wrapper around addAdmins. */
describeEachEngine("admin:add", { empty: true }, (database, engine) => {
  it("migrates a new database and gives the numbers the admin role, keeping roles they had", async () => {
    const config = readConfig({
      NODE_ENV: "production",
      ...database().env,
      ADMIN_PHONES: "98480 12345, +91 70134 56789",
    });
    expect(await addAdmins(config, config.adminPhones)).toEqual(["+919848012345", "+917013456789"]);
    // Again, as a second run would: still one account each, still admins.
    expect(await addAdmins(config, ["+919848012345"])).toEqual(["+919848012345"]);

    const handle = await openAt(engine, database().location);
    try {
      const rows = await handle.db.select().from(users).where(eq(users.mobile, "+919848012345"));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.roles).toEqual(["admin"]);
    } finally {
      await handle.close();
    }
  });
});
