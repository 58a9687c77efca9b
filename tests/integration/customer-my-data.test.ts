import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSession } from "~/.server/auth/sessions.ts";
import { grantAdmin, upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { customerDataRequests, customers, customerSites, equipmentUnits, outbox, serviceRequests } from "~/.server/db/schema.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { getSiteSettings, seedSettings } from "~/.server/settings/index.ts";
import { correctionSchema, erasureSchema } from "~/lib/forms/my-data.ts";
import type { Role } from "~/lib/auth/roles.ts";
import { loader as exportRouteLoader } from "~/routes/customer/my-data-export.ts";
import { action as myDataRouteAction, loader as myDataRouteLoader } from "~/routes/customer/my-data.tsx";
import { inPortal } from "../support/portal.ts";
import { describeEachEngine } from "../support/test-databases.ts";

// The routes as the server runs them: behind the customer portal's layout (its guard).
const exportLoader = inPortal("customer", exportRouteLoader);
const myDataLoader = inPortal("customer", myDataRouteLoader);
const myDataAction = inPortal("customer", myDataRouteAction);

const APP = "http://localhost:3000";
const T0 = new Date("2026-11-20T05:00:00Z");

function routeArgs(urlPath: string, cookie: string | undefined, body?: FormData) {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, "203.0.113.9");
  const headers = cookie ? { cookie } : undefined;
  const request = new Request(new URL(urlPath, APP), body ? { method: "POST", body, headers } : { headers });
  return { request, url: new URL(request.url), params: {}, context } as never;
}

/** What a loader or action threw: a Response (a redirect) or React Router's data() (an error page). */
async function thrown(promise: Promise<unknown>): Promise<{ status: number; location: string | null }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("location") };
    return { status: (error as { init?: { status?: number } }).init?.status ?? 0, location: null };
  }
  return { status: 200, location: null };
}

function form(values: Record<string, string>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) body.set(name, value);
  return body;
}

type Refusal = { data: { form?: string; errors: Record<string, string>; values: Record<string, string> }; init: { status: number } };

describe("My data forms", () => {
  it("explain each mistake beside its field", () => {
    const correction = correctionSchema.safeParse({ intent: "correction", wrong: " ", correct: "" });
    expect(correction.error?.issues.map((i) => i.path[0])).toEqual(["wrong", "correct"]);
    expect(correction.error?.issues[1]?.message).toBe("Say what it should be.");
    expect(erasureSchema.safeParse({ intent: "erasure" }).error?.issues[0]).toMatchObject({
      path: ["confirm"],
      message: "Tick the box to confirm that you want your data erased.",
    });
    expect(erasureSchema.safeParse({ intent: "erasure", confirm: "on", idempotencyKey: "not-a-key" }).error?.issues[0]?.message).toMatch(/expired/);
  });
});

describeEachEngine("customer My data", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  let storage: string;
  let counter = 0;

  const url = new URL(APP);
  const cookieOf = async (userId: number, role: Role) =>
    (await startSession({ userId, role, method: "otp", request: new Request(url), url, address: "203.0.113.9" })).split(";")[0]!;

  /** A customer who signs in: their account, their record (named), a request, and optionally a site and a unit. */
  async function customer(name: string, options: { record?: boolean; extras?: boolean } = {}) {
    counter += 1;
    const mobile = `+9197000${String(10000 + counter * 7 + Math.floor(Math.random() * 1000)).padStart(5, "0")}`;
    const user = await upsertUserWithRole(mobile, "customer", db(), name);
    const cookie = await cookieOf(user.id, "customer");
    if (options.record === false) return { user, cookie, mobile, customerId: 0, reference: "" };
    const [record] = await db()
      .insert(customers)
      .values({ reference: `CU-2611-${String(8000 + counter)}`, mobile, name, company: `${name} Plastics`, email: `${name.split(" ")[0]!.toLowerCase()}@example.in` })
      .returning();
    const [request] = await db()
      .insert(serviceRequests)
      .values({
        reference: `SR-2611-${String(8000 + counter)}`,
        kind: "full",
        contactName: name,
        mobile,
        faultDescription: "ACS580 trips on overcurrent at start.",
        urgency: "planned",
        consentVersion: "2026-11-01",
        consentAt: T0,
        idempotencyKey: randomUUID(),
        customerId: record!.id,
      })
      .returning();
    if (options.extras) {
      const [site] = await db().insert(customerSites).values({ customerId: record!.id, name: "Patancheru plant", address: "Plot 7, IDA Patancheru", city: "Sangareddy", pincode: "502319" }).returning();
      await db().insert(equipmentUnits).values({ customerId: record!.id, siteId: site!.id, kind: "VFD", make: "ABB", model: "ACS580", serialNumber: "SN-ABB-77" });
    }
    return { user, cookie, mobile, customerId: record!.id, reference: record!.reference, requestReference: request!.reference };
  }

  beforeAll(async () => {
    storage = fs.mkdtempSync(path.join(os.tmpdir(), "my-data-test-"));
    setServerConfig(readConfig({ DATA_DIR: storage }));
    await seedSettings(db(), APP);
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    fs.rmSync(storage, { recursive: true, force: true });
  });

  it("refuses the signed-out (sign-in page, brought back), technicians and staff", async () => {
    const signedOut = await thrown(myDataLoader(routeArgs("/customer/my-data", undefined)));
    expect(signedOut).toEqual({ status: 302, location: "/customer/login?returnTo=%2Fcustomer%2Fmy-data" });
    expect((await thrown(myDataAction(routeArgs("/customer/my-data", undefined, form({ intent: "correction", wrong: "a", correct: "b" }))))).status).toBe(302);
    expect((await thrown(exportLoader(routeArgs("/customer/my-data/export?format=json", undefined)))).location).toBe(
      "/customer/login?returnTo=%2Fcustomer%2Fmy-data%2Fexport%3Fformat%3Djson",
    );

    const technician = await upsertUserWithRole("+919700055501", "technician", db(), "Srinivas Rao");
    const [admin] = await grantAdmin(["+919700055502"]);
    for (const cookie of [await cookieOf(technician.id, "technician"), await cookieOf(admin!.id, "admin")]) {
      expect((await thrown(myDataLoader(routeArgs("/customer/my-data", cookie)))).location).toMatch(/^\/customer\/login\?returnTo=/);
      expect((await thrown(exportLoader(routeArgs("/customer/my-data/export?format=csv", cookie)))).status).toBe(302);
      const post = await thrown(myDataAction(routeArgs("/customer/my-data", cookie, form({ intent: "erasure", confirm: "yes" }))));
      expect(post.status).toBe(302);
    }
    expect(await db().select().from(customerDataRequests)).toHaveLength(0);
  });

  it("shows the signed-in customer's data and nobody else's", async () => {
    const me = await customer("Anita Reddy", { extras: true });
    const other = await customer("Bhaskar Naidu");
    // The other customer has a request about their data too: it must not show on my page.
    await db().insert(customerDataRequests).values({ customerId: other.customerId, kind: "correction", detail: "Bhaskar's new e-mail", status: "open" });

    const page = (await myDataLoader(routeArgs("/customer/my-data", me.cookie))) as Awaited<ReturnType<typeof myDataLoader>>;
    expect(page.customer).toMatchObject({ name: "Anita Reddy", mobile: me.mobile, company: "Anita Reddy Plastics", email: "anita@example.in" });
    expect(page.sites).toMatchObject([{ name: "Patancheru plant", city: "Sangareddy" }]);
    expect(page.units).toMatchObject([{ make: "ABB", model: "ACS580", serialNumber: "SN-ABB-77", site: "Patancheru plant" }]);
    expect(page.requestCount).toBe(1);
    expect(page.consents).toEqual([{ reference: me.requestReference, version: "2026-11-01", at: T0.toISOString() }]);
    expect(page.dataRequests).toEqual([]);
    const text = JSON.stringify(page);
    expect(text).not.toContain("Bhaskar");
    expect(text).not.toContain(other.mobile);

    // Someone signed in with no record yet: their account, and no requests of any kind.
    const newcomer = await customer("Chitra Rao", { record: false });
    const empty = (await myDataLoader(routeArgs("/customer/my-data", newcomer.cookie))) as Awaited<ReturnType<typeof myDataLoader>>;
    expect(empty).toMatchObject({ customer: null, account: { name: "Chitra Rao", mobile: newcomer.mobile }, requestCount: 0, dataRequests: [], consents: [] });
  });

  it("a correction request is stored once however often it is sent; a second open one is refused", async () => {
    const me = await customer("Deepa Menon");
    const key = randomUUID();
    const correction = form({ intent: "correction", wrong: "E-mail address", correct: "deepa.menon@example.in", idempotencyKey: key });
    for (let i = 0; i < 2; i++) {
      const response = (await myDataAction(routeArgs("/customer/my-data", me.cookie, correction))) as Response;
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/customer/my-data?sent=correction#data-requests");
    }
    const rows = await db().select().from(customerDataRequests).where(eq(customerDataRequests.customerId, me.customerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "correction", status: "open", detail: "What is wrong: E-mail address\nWhat it should be: deepa.menon@example.in" });

    // The office is told once, at its support address.
    const site = await getSiteSettings();
    const mails = await db().select().from(outbox).where(like(outbox.dedupeKey, `customer-data-request:${rows[0]!.id}:%`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: "email", recipient: site.identity.supportEmail });
    expect(mails[0]!.subject).toBe(`Data protection: correction request from Deepa Menon (${me.reference})`);
    expect(mails[0]!.body).toContain("What it should be: deepa.menon@example.in");

    // Listed on the page, with its status; the form gives way to a note about the open one.
    const page = (await myDataLoader(routeArgs("/customer/my-data?sent=correction", me.cookie))) as Awaited<ReturnType<typeof myDataLoader>>;
    expect(page.sent).toMatch(/correction request is sent/);
    expect(page.dataRequests).toMatchObject([{ kind: "correction", status: "open", statusLabel: "Open: the office is working on it" }]);
    expect(page.open.correction).not.toBeNull();

    // Another correction while that one is open: refused beside the form, pointing at the open one.
    const second = (await myDataAction(
      routeArgs("/customer/my-data", me.cookie, form({ intent: "correction", wrong: "Company", correct: "Menon Polymers", idempotencyKey: randomUUID() })),
    )) as Refusal;
    expect(second.init.status).toBe(400);
    expect(second.data.form).toBe("correction");
    expect(second.data.errors.form).toMatch(/^You already have an open correction request, sent .+: it is listed under "Your requests about your data"/);
    expect(second.data.values).toMatchObject({ wrong: "Company", correct: "Menon Polymers" });

    // Once the office has answered it, a new one may be sent; the answer shows on the page.
    await db().update(customerDataRequests).set({ status: "done", resolution: "E-mail changed.", resolvedAt: new Date() }).where(eq(customerDataRequests.id, rows[0]!.id));
    const third = (await myDataAction(
      routeArgs("/customer/my-data", me.cookie, form({ intent: "correction", wrong: "Company", correct: "Menon Polymers", idempotencyKey: randomUUID() })),
    )) as Response;
    expect(third.status).toBe(303);
    const after = (await myDataLoader(routeArgs("/customer/my-data", me.cookie))) as Awaited<ReturnType<typeof myDataLoader>>;
    expect(after.dataRequests.map((r) => [r.status, r.resolution])).toEqual([
      ["open", null],
      ["done", "E-mail changed."],
    ]);

    // A mistake is answered beside its field, nothing stored.
    const blank = (await myDataAction(routeArgs("/customer/my-data", me.cookie, form({ intent: "correction", wrong: "", correct: "x", idempotencyKey: randomUUID() })))) as Refusal;
    expect(blank.init.status).toBe(400);
    expect(blank.data.errors.wrong).toMatch(/^Say which detail is wrong/);
    expect(await db().select().from(customerDataRequests).where(eq(customerDataRequests.customerId, me.customerId))).toHaveLength(2);
  });

  it("an erasure request needs the box ticked, and a second open one is refused", async () => {
    const me = await customer("Farida Begum");
    const unticked = (await myDataAction(routeArgs("/customer/my-data", me.cookie, form({ intent: "erasure", reason: "Plant closed", idempotencyKey: randomUUID() })))) as Refusal;
    expect(unticked.init.status).toBe(400);
    expect(unticked.data.errors.confirm).toBe("Tick the box to confirm that you want your data erased.");
    expect(unticked.data.values.reason).toBe("Plant closed");

    const first = (await myDataAction(
      routeArgs("/customer/my-data", me.cookie, form({ intent: "erasure", reason: "Plant closed", confirm: "yes", idempotencyKey: randomUUID() })),
    )) as Response;
    expect(first.status).toBe(303);
    const second = (await myDataAction(routeArgs("/customer/my-data", me.cookie, form({ intent: "erasure", confirm: "yes", idempotencyKey: randomUUID() })))) as Refusal;
    expect(second.init.status).toBe(400);
    expect(second.data.errors.form).toMatch(/^You already have an open erasure request/);
    const rows = await db()
      .select()
      .from(customerDataRequests)
      .where(and(eq(customerDataRequests.customerId, me.customerId), eq(customerDataRequests.kind, "erasure")));
    expect(rows).toMatchObject([{ status: "open", detail: "Plant closed" }]);
    const [mail] = await db().select().from(outbox).where(eq(outbox.dedupeKey, `customer-data-request:${rows[0]!.id}:office-email`));
    expect(mail!.body).toContain("keep the tax records");
  });

  it("a customer without a record gets one with their first request, linked to their account", async () => {
    const newcomer = await customer("Gopal Krishna", { record: false });
    const response = (await myDataAction(
      routeArgs("/customer/my-data", newcomer.cookie, form({ intent: "correction", wrong: "Name", correct: "Gopal Krishna Murthy", idempotencyKey: randomUUID() })),
    )) as Response;
    expect(response.status).toBe(303);
    const [record] = await db().select().from(customers).where(eq(customers.mobile, newcomer.mobile));
    expect(record).toMatchObject({ name: "Gopal Krishna", userId: newcomer.user.id });
    const page = (await myDataLoader(routeArgs("/customer/my-data", newcomer.cookie))) as Awaited<ReturnType<typeof myDataLoader>>;
    expect(page.customer?.reference).toBe(record!.reference);
    expect(page.dataRequests).toHaveLength(1);
  });

  it("the export is their own data, as an attachment, logged as a done request", async () => {
    const me = await customer("Harini Iyer", { extras: true });
    const other = await customer("Imran Khan");
    await db().insert(customerDataRequests).values({ customerId: other.customerId, kind: "erasure", detail: "Imran wants out", status: "open" });

    const json = (await exportLoader(routeArgs("/customer/my-data/export?format=json", me.cookie))) as Response;
    expect(json.status).toBe(200);
    expect(json.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(json.headers.get("content-disposition")).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(json.headers.get("cache-control")).toBe("private, no-store");
    const body = await json.text();
    const copy = JSON.parse(body) as { customer: { name: string }; requests: Array<{ reference: string }>; units: Array<{ serialNumber: string }>; dataRequests: Array<{ kind: string; status: string }> };
    expect(copy.customer.name).toBe("Harini Iyer");
    expect(copy.requests.map((r) => r.reference)).toEqual([me.requestReference]);
    expect(copy.units.map((u) => u.serialNumber)).toEqual(["SN-ABB-77"]);
    expect(copy.dataRequests).toMatchObject([{ kind: "export", status: "done" }]);
    expect(body).not.toContain("Imran");
    expect(body).not.toContain(other.requestReference);

    const csv = (await exportLoader(routeArgs("/customer/my-data/export?format=csv", me.cookie))) as Response;
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/\.csv"$/);
    const table = await csv.text();
    expect(table).toContain("Harini Iyer");
    expect(table).toContain(me.requestReference);
    expect(table).not.toContain("Imran");

    // Each format once a day in their list, however often it is downloaded.
    await exportLoader(routeArgs("/customer/my-data/export?format=json", me.cookie));
    const logged = await db().select().from(customerDataRequests).where(eq(customerDataRequests.customerId, me.customerId));
    expect(logged.map((r) => [r.kind, r.status, r.detail]).sort()).toEqual([
      ["export", "done", "Downloaded from My data as CSV."],
      ["export", "done", "Downloaded from My data as JSON."],
    ]);

    const unknown = (await exportLoader(routeArgs("/customer/my-data/export?format=xml", me.cookie))) as Response;
    expect(unknown.status).toBe(400);
  });
});
