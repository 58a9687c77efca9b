import { and, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSession, startSession } from "~/.server/auth/sessions.ts";
import { signInAction } from "~/.server/auth/sign-in.ts";
import { grantAdmin, upsertUserWithRole } from "~/.server/auth/users.ts";
import type { AuditActor } from "~/.server/audit/index.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { auditLog, sessions, users } from "~/.server/db/schema.ts";
import { resetRateLimits } from "~/.server/forms/index.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { addStaff, changeStaffRole, listStaff, removeStaff } from "~/.server/staff/index.ts";
import { addStaffSchema, LAST_OWNER, safeNext, STAFF_CHANGED_MEANWHILE } from "~/lib/forms/admin/staff.ts";
import { action as nameAction } from "~/routes/admin/your-name/route.tsx";
import { middleware } from "~/routes/admin/layout.tsx";
import { action as signOutAction } from "~/routes/auth/sign-out.ts";
import { codeSentTo } from "../support/sms-capture.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, BACK_OFFICE } from "../support/staff-routes.ts";

const OWNER_PHONE = "+919000000100";

describe("add-staff form", () => {
  it("takes an Indian mobile number in any usual form, a name and a role, and explains each mistake", () => {
    expect(addStaffSchema.parse({ intent: "add", mobile: "098480 12345", name: " Lakshmi ", role: "office" })).toEqual({
      intent: "add",
      mobile: "+919848012345",
      name: "Lakshmi",
      role: "office",
    });
    const bad = addStaffSchema.safeParse({ intent: "add", mobile: "12345", name: "", role: "boss" });
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages).toEqual({
      mobile: "Enter a 10-digit Indian mobile number, e.g. 98480 12345.",
      name: "Enter the staff member's name.",
      role: "Choose a role: Owner, Office or Accounts.",
    });
  });
});

describeEachEngine("staff", (database) => {
  let owner: { id: number };
  let actor: AuditActor;
  const previousConfig = getServerConfig();
  let n = 0;
  const newMobile = () => `+9178${String(process.pid % 1000).padStart(3, "0")}${String(++n).padStart(5, "0")}`;

  beforeAll(async () => {
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), ADMIN_PHONES: OWNER_PHONE }));
    clearSettingsCache();
    await seedSettings(database().handle.db, "http://localhost:3000");
    owner = (await grantAdmin([OWNER_PHONE]))[0]!;
    await database().handle.db.update(users).set({ name: "Ramesh Owner" }).where(eq(users.id, owner.id));
    actor = { userId: owner.id, label: "Ramesh Owner", ipAddress: "203.0.113.5" };
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    clearSettingsCache();
  });

  const db = () => database().handle.db;
  const entriesFor = (userId: number) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "user"), eq(auditLog.entityId, String(userId))))
      .orderBy(auditLog.id);
  const userById = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

  async function cookieFor(userId: number, role: "admin" | "customer"): Promise<string> {
    const url = new URL(BACK_OFFICE);
    return (await startSession({ userId, role, method: "otp", request: new Request(url), url, address: "198.51.100.7" })).split(";")[0]!;
  }

  /** The admin layout's middleware for path, as React Router runs it before any loader or action below it. */
  async function throughLayout(path: string, cookie: string): Promise<{ status: number; reason?: string; location?: string | null }> {
    const context = new RouterContextProvider();
    context.set(clientAddressContext, "198.51.100.7");
    const request = new Request(new URL(path, BACK_OFFICE), { headers: { cookie } });
    try {
      await middleware[0]!({ request, url: new URL(request.url), params: {}, context, unstable_pattern: path } as never, async () => new Response("ok"));
      return { status: 200 };
    } catch (error) {
      if (error instanceof Response) return { status: error.status, location: error.headers.get("location") };
      const e = error as { init?: { status?: number }; data?: { reason?: string } };
      return { status: e.init?.status ?? 0, reason: e.data?.reason };
    }
  }

  it("adds a new number as staff, with the entry in the log, and lists them", async () => {
    const mobile = newMobile();
    const added = await addStaff(actor, { mobile, name: "Lakshmi Devi", role: "office" });
    expect(added).toMatchObject({ ok: true, name: "Lakshmi Devi", role: "office", fromAdminPhones: false });
    if (!added.ok) return;
    expect(await userById(added.userId)).toMatchObject({ mobile, name: "Lakshmi Devi", roles: ["admin"], staffRole: "office" });
    const [entry] = await entriesFor(added.userId);
    expect(entry).toMatchObject({
      action: "staff.add",
      actorUserId: owner.id,
      actorLabel: "Ramesh Owner",
      entityLabel: "Lakshmi Devi",
      ipAddress: "203.0.113.5",
      before: null,
      after: { name: "Lakshmi Devi", mobile, roles: ["admin"], staffRole: "office" },
    });

    const listed = await listStaff();
    expect(listed[0]).toMatchObject({ userId: owner.id, role: "owner", roleLabel: "Owner", fromAdminPhones: true, mobileLabel: "+91 90000 00100" });
    const lakshmi = listed.find((s) => s.userId === added.userId)!;
    expect(lakshmi).toMatchObject({
      name: "Lakshmi Devi",
      mobileLabel: `+91 ${mobile.slice(3, 8)} ${mobile.slice(8)}`,
      roleLabel: "Office",
      roleDescription: "Requests, dispatch, customers, technicians and messages.",
      lastSignInAt: null,
      addedAt: entry!.at.toISOString(),
      fromAdminPhones: false,
    });
  });

  it("makes a customer staff too, keeping their roles and their own name; a number already staff is refused", async () => {
    const mobile = newMobile();
    const customer = await upsertUserWithRole(mobile, "customer", db(), "Kavya Reddy");
    const added = await addStaff(actor, { mobile, name: "K. Reddy", role: "accounts" });
    expect(added).toMatchObject({ ok: true, userId: customer.id, name: "Kavya Reddy" });
    expect(await userById(customer.id)).toMatchObject({ roles: ["customer", "admin"], staffRole: "accounts", name: "Kavya Reddy" });
    const [entry] = await entriesFor(customer.id);
    expect(entry).toMatchObject({ before: { roles: ["customer"], staffRole: null }, after: { roles: ["customer", "admin"], staffRole: "accounts" } });

    const again = await addStaff(actor, { mobile, name: "Kavya", role: "office" });
    expect(again).toEqual({ ok: false, field: "mobile", message: "Kavya Reddy is already staff (Accounts): change their role in the list below." });
    expect(await entriesFor(customer.id)).toHaveLength(1);
  });

  it("changes a role, and refuses a change made from a stale page", async () => {
    const added = await addStaff(actor, { mobile: newMobile(), name: "Suresh", role: "office" });
    if (!added.ok) throw new Error("not added");
    expect(await changeStaffRole(actor, { userId: added.userId, from: "office", role: "accounts" })).toMatchObject({ ok: true, role: "accounts" });
    expect((await userById(added.userId)).staffRole).toBe("accounts");
    // A second owner's page still showed Office.
    expect(await changeStaffRole(actor, { userId: added.userId, from: "office", role: "owner" })).toEqual({ ok: false, field: "form", message: STAFF_CHANGED_MEANWHILE });
    expect((await userById(added.userId)).staffRole).toBe("accounts");
    const entries = await entriesFor(added.userId);
    expect(entries.map((e) => e.action)).toEqual(["staff.add", "staff.role"]);
    expect(entries[1]).toMatchObject({ before: { staffRole: "office" }, after: { staffRole: "accounts" } });
  });

  it("never leaves the business without an owner", async () => {
    expect(await changeStaffRole(actor, { userId: owner.id, from: "owner", role: "office" })).toEqual({ ok: false, field: "form", message: LAST_OWNER });
    expect(await removeStaff(actor, { userId: owner.id, from: "owner" })).toEqual({ ok: false, field: "form", message: LAST_OWNER });
    expect(await userById(owner.id)).toMatchObject({ roles: ["admin"], staffRole: "owner" });
    expect((await entriesFor(owner.id)).filter((e) => e.action.startsWith("staff."))).toEqual([]);

    // With a second owner, either may step down, but not both.
    const second = await addStaff(actor, { mobile: newMobile(), name: "Second Owner", role: "owner" });
    if (!second.ok) throw new Error("not added");
    const secondActor = { userId: second.userId, label: "Second Owner", ipAddress: "203.0.113.6" };
    const [a, b] = await Promise.all([
      changeStaffRole(actor, { userId: owner.id, from: "owner", role: "office" }),
      changeStaffRole(secondActor, { userId: second.userId, from: "owner", role: "office" }),
    ]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    const owners = await db().select().from(users).where(and(sql`'admin' = any(${users.roles})`, eq(users.staffRole, "owner")));
    expect(owners).toHaveLength(1);
    // Put things back: the first owner an owner again, the second removed.
    const remaining = owners[0]!;
    if (remaining.id === second.userId) {
      expect(await changeStaffRole(secondActor, { userId: owner.id, from: "office", role: "owner" })).toMatchObject({ ok: true });
      expect(await removeStaff(actor, { userId: second.userId, from: "owner" })).toMatchObject({ ok: true });
    } else {
      expect(await removeStaff(actor, { userId: second.userId, from: "office" })).toMatchObject({ ok: true });
    }
    expect(await userById(owner.id)).toMatchObject({ staffRole: "owner" });
  });

  it("removes a member: the admin role and staff role go, their back-office sessions end at once, other roles stay", async () => {
    const mobile = newMobile();
    const person = await upsertUserWithRole(mobile, "customer", db(), "Venkat");
    const added = await addStaff(actor, { mobile, name: "Venkat", role: "office" });
    if (!added.ok) throw new Error("not added");
    const office = [await cookieFor(person.id, "admin"), await cookieFor(person.id, "admin")];
    const shop = await cookieFor(person.id, "customer");
    const owners = await cookieFor(owner.id, "admin");

    // Before: the office member is refused the owner's screens by the layout, with the reason.
    for (const path of ["/admin/staff", "/admin/activity", "/admin/staff/1"]) {
      const refused = await throughLayout(path, office[0]!);
      expect(refused.status, path).toBe(403);
      expect(refused.reason).toMatch(/needs the permission ".+", which your role \(Office\) does not have/);
    }
    expect(await throughLayout("/admin/technicians", office[0]!)).toEqual({ status: 200 });
    expect(await throughLayout("/admin/staff", owners)).toEqual({ status: 200 });
    expect(await throughLayout("/admin/activity", owners)).toEqual({ status: 200 });

    const removed = await removeStaff(actor, { userId: person.id, from: "office" });
    expect(removed).toMatchObject({ ok: true, role: null, sessionsEnded: 2 });
    expect(await userById(person.id)).toMatchObject({ roles: ["customer"], staffRole: null });
    for (const cookie of office) {
      expect(await readSession(new Request(BACK_OFFICE, { headers: { cookie } }))).toBeNull();
      expect(await throughLayout("/admin/technicians", cookie)).toMatchObject({ status: 302, location: "/admin/login?returnTo=%2Fadmin%2Ftechnicians" });
    }
    expect((await readSession(new Request("http://localhost:3000/", { headers: { cookie: shop } })))?.role).toBe("customer");
    const [, entry] = await entriesFor(person.id);
    expect(entry).toMatchObject({
      action: "staff.remove",
      actorUserId: owner.id,
      before: { roles: ["customer", "admin"], staffRole: "office" },
      after: { roles: ["customer"], staffRole: null },
    });
    expect((await listStaff()).some((s) => s.userId === person.id)).toBe(false);
    // Stale: removing again from the same page changes nothing.
    expect(await removeStaff(actor, { userId: person.id, from: "office" })).toEqual({ ok: false, field: "form", message: STAFF_CHANGED_MEANWHILE });
  });

  it("asks a staff member made from ADMIN_PHONES for their name before the back office, once, then shows it", async () => {
    const mobile = newMobile();
    const [nameless] = await grantAdmin([mobile]);
    expect(nameless!.name).toBeNull();
    const cookie = await cookieFor(nameless!.id, "admin");
    // Every screen (and every post) sends them to the name page first, coming back where they were going.
    expect(await throughLayout("/admin/service-requests?status=new", cookie)).toMatchObject({ status: 303, location: "/admin/your-name?next=%2Fadmin%2Fservice-requests%3Fstatus%3Dnew" });
    expect(await throughLayout("/admin/your-name", cookie)).toEqual({ status: 200 });

    const staff = asStaff("owner", { userId: nameless!.id, name: null, mobile, ipAddress: "198.51.100.7" });
    const post = (fields: Record<string, string>) => nameAction(routeArgs("/admin/your-name", { staff, body: fields, origin: BACK_OFFICE, address: null }));
    const blank = (await post({ name: "  ", next: "/admin" })) as { data: { errors: Record<string, string> }; init: { status: number } };
    expect(blank.init.status).toBe(400);
    expect(blank.data.errors.name).toMatch(/Enter your name/);
    // Another site as "next" is never followed.
    const saved = (await post({ name: "Kavitha Rao", next: "//evil.example/admin" })) as Response;
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/admin");
    expect((await userById(nameless!.id)).name).toBe("Kavitha Rao");
    expect((await entriesFor(nameless!.id)).map((e) => [e.action, e.actorLabel])).toContainEqual(["staff.name", "Kavitha Rao"]);
    // A second tab's post changes nothing; the back office opens, under the name.
    await post({ name: "Someone Else", next: "/admin" });
    expect((await userById(nameless!.id)).name).toBe("Kavitha Rao");
    expect(await throughLayout("/admin/service-requests", cookie)).toEqual({ status: 200 });
    expect(safeNext("/admin/customers?q=x")).toBe("/admin/customers?q=x");
    expect(safeNext("https://evil.example")).toBe("/admin");
    expect(safeNext("/database")).toBe("/database");
    expect(safeNext("/databases")).toBe("/admin");
  });

  it("writes each entry in the change's transaction: a failing change leaves no entry, a failing entry no change", async () => {
    const added = await addStaff(actor, { mobile: newMobile(), name: "Bhaskar", role: "office" });
    if (!added.ok) throw new Error("not added");
    await cookieFor(added.userId, "admin");
    // Ending the sessions (the removal's last step, after its entry is written) fails.
    await db().execute(
      sql.raw(`create or replace function test_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`),
    );
    await db().execute(sql.raw(`create trigger test_refuse_sessions before update on sessions for each row when (new.user_id = ${added.userId}) execute function test_refuse()`));
    try {
      await expect(removeStaff(actor, { userId: added.userId, from: "office" })).rejects.toThrow();
    } finally {
      await db().execute(sql.raw("drop trigger test_refuse_sessions on sessions"));
    }
    expect(await userById(added.userId)).toMatchObject({ roles: ["admin"], staffRole: "office" });
    expect((await entriesFor(added.userId)).map((e) => e.action)).toEqual(["staff.add"]);

    // Writing the entry fails: the role change is not kept either.
    await db().execute(sql.raw(`create trigger test_refuse_audit before insert on audit_log for each row when (new.entity_id = '${added.userId}') execute function test_refuse()`));
    try {
      await expect(changeStaffRole(actor, { userId: added.userId, from: "office", role: "accounts" })).rejects.toThrow();
    } finally {
      await db().execute(sql.raw("drop trigger test_refuse_audit on audit_log"));
    }
    expect((await userById(added.userId)).staffRole).toBe("office");
    const live = await db().select().from(sessions).where(and(eq(sessions.userId, added.userId), sql`${sessions.revokedAt} is null`));
    expect(live).toHaveLength(1);
  });

  it("logs a staff member's sign-in by code (not a customer's) and their sign-out, with the address", async () => {
    await resetRateLimits();
    const mobile = newMobile();
    const added = await addStaff(actor, { mobile, name: "Anil", role: "office" });
    if (!added.ok) throw new Error("not added");
    const url = new URL(`${BACK_OFFICE}/admin/login`);
    const post = (body: Record<string, string>, cookie = "") =>
      new Request(url, { method: "POST", body: new URLSearchParams(body), headers: { cookie, "content-type": "application/x-www-form-urlencoded" } });
    const sent = (await signInAction(post({ intent: "send", mobile: mobile.slice(3) }), url, "admin", "192.0.2.44")) as Response;
    expect(sent.status).toBe(303);
    const pending = sent.headers.get("set-cookie")!.split(";")[0]!;
    const code = await codeSentTo(mobile);
    const verified = (await signInAction(post({ intent: "verify", code }, pending), url, "admin", "192.0.2.44")) as Response;
    expect(verified.status).toBe(303);
    const sessionCookie = verified.headers
      .getSetCookie()
      .find((c) => c.startsWith("sid="))!
      .split(";")[0]!;

    const signIn = (await entriesFor(added.userId)).find((e) => e.action === "auth.sign-in");
    expect(signIn).toMatchObject({ actorUserId: added.userId, actorLabel: "Anil", ipAddress: "192.0.2.44", entityLabel: "Anil", after: { method: "otp" } });

    const context = new RouterContextProvider();
    context.set(clientAddressContext, "192.0.2.45");
    const out = new Request(`${BACK_OFFICE}/auth/sign-out`, { method: "POST", body: new URLSearchParams({}), headers: { cookie: sessionCookie } });
    const signedOut = await signOutAction({ request: out, url: new URL(out.url), params: {}, context } as never);
    expect(signedOut.status).toBe(303);
    const signOut = (await entriesFor(added.userId)).find((e) => e.action === "auth.sign-out");
    expect(signOut).toMatchObject({ actorUserId: added.userId, ipAddress: "192.0.2.45" });

    // A customer's sign-in is not a staff action: not logged.
    const shopper = newMobile();
    const customerUrl = new URL("http://localhost:3000/customer/login");
    const customerPost = (body: Record<string, string>, cookie = "") =>
      new Request(customerUrl, { method: "POST", body: new URLSearchParams(body), headers: { cookie, "content-type": "application/x-www-form-urlencoded" } });
    const step1 = (await signInAction(customerPost({ intent: "send", mobile: shopper.slice(3) }), customerUrl, "customer", "192.0.2.46")) as Response;
    const customerCode = await codeSentTo(shopper);
    const step2 = (await signInAction(
      customerPost({ intent: "verify", code: customerCode }, step1.headers.get("set-cookie")!.split(";")[0]!),
      customerUrl,
      "customer",
      "192.0.2.46",
    )) as Response;
    expect(step2.status).toBe(303);
    const [customer] = await db().select().from(users).where(eq(users.mobile, shopper));
    expect(await entriesFor(customer!.id)).toEqual([]);
  });
});
