import { describe, expect, it } from "vitest";
import { ADMIN_SCREENS, navigationFor, screenFor } from "~/lib/admin/screens.ts";
import { can, STAFF_ROLE_INFO, STAFF_ROLES } from "~/lib/auth/permissions.ts";

/**
 * The admin layout's middleware refuses a screen when `can(role, screenFor(path).permission)` is false;
 * the navigation is drawn from the same registry. Both are checked here for every screen and role.
 */
describe("back-office screen registry", () => {
  it("finds each screen for its own path and for any path below it", () => {
    for (const screen of ADMIN_SCREENS) {
      expect(screenFor(screen.path), screen.path).toBe(screen);
      expect(screenFor(`${screen.path}/`), `${screen.path}/`).toBe(screen);
      if (screen.path !== "/admin") expect(screenFor(`${screen.path}/123/anything`), `${screen.path}/123`).toBe(screen);
    }
    // A path that only starts like a screen's is not below it.
    expect(screenFor("/admin/staffroom")).toBeUndefined();
    expect(screenFor("/admin/nothing-here")).toBeUndefined();
  });

  it("has one entry per path", () => {
    const paths = ADMIN_SCREENS.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  for (const role of STAFF_ROLES) {
    describe(`${STAFF_ROLE_INFO[role].label}`, () => {
      it("is let into exactly the screens whose permission the role has, and refused every other", () => {
        for (const screen of ADMIN_SCREENS) {
          const permitted = STAFF_ROLE_INFO[role].permissions.includes(screen.permission);
          // What the middleware decides for the screen's URL and for a record below it.
          expect(can(role, screenFor(screen.path)!.permission), `${role} ${screen.path}`).toBe(permitted);
          if (screen.path !== "/admin") expect(can(role, screenFor(`${screen.path}/1`)!.permission), `${role} ${screen.path}/1`).toBe(permitted);
        }
      });

      it("is never shown a screen it cannot open, nor one that is not built or hidden", () => {
        const listed = navigationFor(STAFF_ROLE_INFO[role].permissions).flatMap((g) => g.screens.map((s) => s.path));
        for (const path of listed) {
          const screen = screenFor(path)!;
          expect(can(role, screen.permission), `${role} sees ${path}`).toBe(true);
          expect(screen.built && !screen.hidden, `${path} listed`).toBe(true);
        }
        // And every built, visible screen it may open is listed.
        const openable = ADMIN_SCREENS.filter((s) => s.built && !s.hidden && can(role, s.permission)).map((s) => s.path);
        expect(listed.sort()).toEqual(openable.sort());
      });
    });
  }

  it("keeps staff, the audit log, the settings and the database dashboard for the owner", () => {
    for (const path of ["/admin/staff", "/admin/activity", "/admin/settings", "/database"]) {
      expect(can("owner", screenFor(path)!.permission)).toBe(true);
      expect(can("office", screenFor(path)!.permission)).toBe(false);
      expect(can("accounts", screenFor(path)!.permission)).toBe(false);
    }
    const office = navigationFor(STAFF_ROLE_INFO.office.permissions).flatMap((g) => g.screens.map((s) => s.label));
    expect(office).not.toContain("Staff");
    expect(office).not.toContain("Activity");
    expect(office).not.toContain("Settings");
    const owner = navigationFor(STAFF_ROLE_INFO.owner.permissions).flatMap((g) => g.screens.map((s) => s.label));
    expect(owner).toEqual(expect.arrayContaining(["Staff", "Activity", "Database"]));
    // The database dashboard's permission is the owner's alone (issue 19 §9), and only it opens /database.
    expect(STAFF_ROLES.filter((role) => can(role, "database"))).toEqual(["owner"]);
    expect(screenFor("/database")?.permission).toBe("database");
    expect(screenFor("/databases")).toBeUndefined();
    // Accounts works money and customers, not requests or technicians.
    expect(can("accounts", screenFor("/admin/service-requests/SR-2611-0004")!.permission)).toBe(false);
    expect(can("accounts", screenFor("/admin/technicians")!.permission)).toBe(false);
  });
});
