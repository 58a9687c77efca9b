import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSV_MAX_ROWS, decodeCursor, PAGE_SIZE, parseListQuery, type Cursor } from "~/.server/admin/list.ts";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { clearContentCache, listServices, seedContent } from "~/.server/content/index.ts";
import { setDatabase } from "~/.server/db/index.ts";
import { serviceRequests, technicianProfiles } from "~/.server/db/schema.ts";
import { exportServiceRequests, listServiceRequests, referenceQuery, type RequestListItem } from "~/.server/requests/list.ts";
import { getSiteSettings, seedSettings } from "~/.server/settings/index.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { can } from "~/lib/auth/permissions.ts";
import { OPEN_STATUSES, requestListSchema, type RequestListFilters } from "~/lib/forms/admin/request-list.ts";
import { URGENCIES, type Urgency } from "~/lib/forms/urgency.ts";
import { responseState, type ResponseState } from "~/lib/requests/sla.ts";
import { REQUEST_STATUSES, type RequestStatus } from "~/lib/requests/status.ts";
import { loader, middleware } from "~/routes/admin/service-requests/route.tsx";
import { createTestDatabase, engines, type TestDatabase } from "../support/test-databases.ts";
import { asStaff, routeArgs } from "../support/staff-routes.ts";

/**
 * The service-request list on both engines: ~60 requests inserted directly, covering every status,
 * urgency, several cities, technicians, days and response-promise states; each filter, the search, each
 * sort and its keyset pages are checked against the same rules applied in JavaScript to what was inserted.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ESCALATE = 30;
const APP = "http://127.0.0.1:3000";

interface Seeded {
  id: number;
  reference: string;
  /** created_at in microseconds (some rows differ only there). */
  createdMicros: bigint;
  createdAt: Date;
  status: RequestStatus;
  urgency: Urgency;
  city: string | null;
  serviceSlug: string | null;
  technicianId: number | null;
  contactName: string;
  company: string | null;
  mobile: string;
  responseDueAt: Date | null;
  firstContactAt: Date | null;
}

const ALL_STATUSES = REQUEST_STATUSES.map((s) => s.value);
const CITIES = ["Hyderabad", "Secunderabad", "Pune", "hyderabad", null, "Medak", "Hyd%Lab"];

const owner = (): StaffMember => asStaff("owner", { userId: 1, sessionId: 1, name: "Test Owner", mobile: "+919000000100", ipAddress: "127.0.0.1" });

/** What React Router hands the route: the staff member the layout checked, the request, its URL. */
function listArgs(path: string) {
  return routeArgs(new URL(path, APP).href, { staff: owner(), address: "127.0.0.1", extra: { pattern: "/admin/service-requests" } });
}

/** A small RFC 4180 reader: enough for the export. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") endCell();
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      endRow();
    } else cell += c;
  }
  if (cell || row.length) endRow();
  return rows;
}

describe("request list query string", () => {
  const parse = (qs: string) => parseListQuery(new URL(`/admin/service-requests${qs}`, APP), requestListSchema);

  it("a bad value is dropped and the others still apply; defaults are open and newest first", () => {
    expect(parse("").filters).toEqual({ status: "open", sort: "newest" });
    const q = parse("?status=nope&urgency=emergency&technician=99999999999&from=2026-02-30&to=2026-03-01&sort=sideways&city=%20Pune%20&sla=late&q=%20%20&after=garbage&format=csv");
    expect(q.filters).toEqual({ status: "open", sort: "newest", urgency: "emergency", to: "2026-03-01", city: "Pune" });
    expect(q.cursor).toBeUndefined();
    expect(q.csv).toBe(true);
    expect(parse("?technician=unassigned&status=all&sort=due&sla=due_soon").filters).toMatchObject({ technician: "unassigned", status: "all", sort: "due", sla: "due_soon" });
    expect(parse("?technician=12").filters.technician).toBe(12);
    expect(parse("?service=../etc").filters.service).toBeUndefined();
  });

  it("a value with a NUL or another control character is dropped, never sent to the database (npm run scan: a 500)", () => {
    expect(parse("?status=all&city=Pune%00&q=%2Fe%00").filters).toEqual({ status: "all", sort: "newest" });
    expect(parse("?status=all&q=drive%07trip").filters.q).toBeUndefined();
    expect(parse("?status=all&q=drive%09trip").filters.q).toBe("drive\ttrip");
  });

  it("reads a reference however it is typed", () => {
    expect(referenceQuery("sr-2611-0042")).toEqual({ exact: true, value: "SR-2611-0042" });
    expect(referenceQuery("SR 2611 0042")).toEqual({ exact: true, value: "SR-2611-0042" });
    expect(referenceQuery("2611-0042")).toEqual({ exact: true, value: "SR-2611-0042" });
    expect(referenceQuery("sr-2611")).toEqual({ exact: false, value: "SR-2611" });
    expect(referenceQuery("SR-2611-00")).toEqual({ exact: false, value: "SR-2611-00" });
    expect(referenceQuery("Sridhar")).toBeUndefined();
    expect(referenceQuery("98480 12345")).toBeUndefined();
  });

  it("the screen needs the requests permission: owner and office, not accounts", () => {
    const screen = screenFor("/admin/service-requests");
    expect(screen).toMatchObject({ permission: "requests", built: true });
    expect(screenFor("/admin/service-requests/SR-2611-0001")?.path).toBe("/admin/service-requests");
    expect(can("owner", "requests")).toBe(true);
    expect(can("office", "requests")).toBe(true);
    expect(can("accounts", "requests")).toBe(false);
  });
});

describe.each(engines)("request list on %s", (engine) => {
  let testDb: TestDatabase;
  const seeded: Seeded[] = [];
  const technicians: Array<{ id: number; name: string }> = [];
  let services: string[] = [];
  const now = new Date();
  const db = () => testDb.handle.db;

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    setDatabase(testDb.handle);
    await seedSettings(testDb.handle.db, "http://localhost:3000");
    await seedContent(testDb.handle.db);
    clearContentCache();
    services = (await listServices()).slice(0, 3).map((s) => s.slug);
    expect(services).toHaveLength(3);

    for (const [n, name] of ["Anil Reddy", "Bhaskar Rao", "Chitra Devi"].entries()) {
      const [row] = await db()
        .insert(technicianProfiles)
        .values({
          reference: `TA-2601-000${n + 1}`,
          mobile: `+91700000000${n}`,
          name,
          city: "Hyderabad",
          skills: ["vfd-ac-drives"],
          yearsExperience: 5,
          availability: "full_time",
          idProofType: "aadhaar",
          idProofPath: "id-proofs/x.pdf",
          idProofName: "x.pdf",
          status: "approved",
          consentVersion: "1",
          consentAt: now,
        })
        .returning({ id: technicianProfiles.id, name: technicianProfiles.name });
      technicians.push(row!);
    }

    // Every 5th row in each response-promise state, the clock's five cases; a few without a due time.
    const rows = Array.from({ length: 60 }, (_, i) => {
      // Four rows received in the same millisecond (the keyset's tie-break on id), the rest 7 h apart.
      const createdAt = new Date(now.getTime() - (i >= 20 && i <= 23 ? 20 : i) * 7 * HOUR - 5 * MINUTE);
      const kind = i % 5;
      const status: RequestStatus = kind <= 2 ? OPEN_STATUSES[i % OPEN_STATUSES.length]! : ALL_STATUSES[i % ALL_STATUSES.length]!;
      let responseDueAt: Date | null = new Date(createdAt.getTime() + 4 * HOUR);
      let firstContactAt: Date | null = null;
      if (kind === 0) responseDueAt = new Date(now.getTime() - (65 + i) * MINUTE); // breached
      if (kind === 1) responseDueAt = new Date(now.getTime() + (10 + (i % 15)) * MINUTE); // due soon
      if (kind === 2) responseDueAt = new Date(now.getTime() + (3 * HOUR + i * MINUTE)); // on track
      if (kind === 3) firstContactAt = new Date(createdAt.getTime() + HOUR); // met
      if (kind === 4) firstContactAt = new Date(createdAt.getTime() + 6 * HOUR); // missed
      if (i >= 57) responseDueAt = null; // received before the response promise existed
      return {
        reference: `SR-${i < 30 ? "2601" : "2602"}-${String(i + 1).padStart(4, "0")}`,
        kind: "full" as const,
        status,
        contactName: i === 5 ? "Lakshmi Narayana" : i === 9 ? "+Ravi Kumar" : `Customer ${String(i).padStart(2, "0")}`,
        mobile: `+9198480${String(10000 + i * 7)}`,
        email: i % 2 ? `c${i}@example.in` : null,
        company: i === 5 ? "Sri Venkateswara Pharma" : i === 7 ? '=HYPERLINK("http://evil.example","x")' : i % 3 ? `Plant ${i % 4}` : null,
        city: CITIES[i % CITIES.length] ?? null,
        serviceSlug: i % 4 === 3 ? null : services[i % services.length]!,
        serviceName: i % 4 === 3 ? null : `Service ${i % services.length}`,
        faultDescription: "Drive trips on overcurrent.",
        urgency: URGENCIES[i % 3]!.value,
        consentVersion: "1",
        consentAt: createdAt,
        idempotencyKey: `key-${engine}-${i}`,
        assignedTechnicianId: i % 4 === 0 ? null : technicians[i % 3]!.id,
        responseDueAt,
        firstContactAt,
        poNumber: i % 10 === 0 ? `PO-${i}` : null,
        createdAt,
      };
    });
    const inserted = await db().insert(serviceRequests).values(rows).returning({ id: serviceRequests.id });
    rows.forEach((r, i) =>
      seeded.push({
        id: inserted[i]!.id,
        reference: r.reference,
        createdMicros: BigInt(r.createdAt.getTime()) * 1000n,
        createdAt: r.createdAt,
        status: r.status,
        urgency: r.urgency,
        city: r.city,
        serviceSlug: r.serviceSlug,
        technicianId: r.assignedTechnicianId,
        contactName: r.contactName,
        company: r.company,
        mobile: r.mobile,
        responseDueAt: r.responseDueAt,
        firstContactAt: r.firstContactAt,
      }),
    );
    // Two rows a microsecond apart within one millisecond, the later one with the smaller id: a cursor
    // rounded to milliseconds would repeat or skip one of them.
    const [a, b] = [seeded[40]!, seeded[41]!];
    await db().update(serviceRequests).set({ createdAt: b.createdAt }).where(eq(serviceRequests.id, a.id));
    await db()
      .update(serviceRequests)
      .set({ createdAt: sql`${serviceRequests.createdAt} + interval '1 microsecond'` })
      .where(eq(serviceRequests.id, a.id));
    a.createdAt = b.createdAt;
    a.createdMicros = b.createdMicros + 1n;
  }, 240_000);

  afterAll(async () => {
    await testDb?.destroy();
    setDatabase(undefined);
  });

  const filters = (f: Partial<RequestListFilters> = {}): RequestListFilters => ({ status: "all", sort: "newest", ...f });
  const options = { now, escalateBeforeMinutes: ESCALATE };
  /** The CSV export's rows: every batch, in order. */
  const exported = async (f: RequestListFilters, max?: number, batch?: number) => {
    const rows: RequestListItem[] = [];
    for await (const rowsOfBatch of exportServiceRequests(f, options, max, batch)) rows.push(...rowsOfBatch);
    return rows;
  };

  function stateOf(r: Seeded): ResponseState {
    return responseState(r, now, ESCALATE).state;
  }

  /** The list's rules, applied in JavaScript to what was inserted. */
  function expected(f: RequestListFilters): Seeded[] {
    const indiaDay = (d: Date) => new Date(d.getTime() + 330 * MINUTE).toISOString().slice(0, 10);
    const rows = seeded.filter((r) => {
      if (f.status === "open" && !OPEN_STATUSES.includes(r.status)) return false;
      if (f.status !== "open" && f.status !== "all" && r.status !== f.status) return false;
      if (f.urgency && r.urgency !== f.urgency) return false;
      if (f.service && r.serviceSlug !== f.service) return false;
      if (f.city && !(r.city ?? "\u0000").toLowerCase().startsWith(f.city.toLowerCase())) return false;
      if (f.from && indiaDay(r.createdAt) < f.from) return false;
      if (f.to && indiaDay(r.createdAt) > f.to) return false;
      if (f.technician === "unassigned" && r.technicianId !== null) return false;
      if (typeof f.technician === "number" && r.technicianId !== f.technician) return false;
      // "Awaiting first call" (issue 17 §5, the dashboard's panel's list): open, no call logged, whatever the status.
      if (f.sla === "awaiting") {
        if (r.firstContactAt !== null || !OPEN_STATUSES.includes(r.status)) return false;
      } else if (f.sla && stateOf(r) !== f.sla) return false;
      return true;
    });
    const byCreated = (x: Seeded, y: Seeded) => (x.createdMicros === y.createdMicros ? x.id - y.id : x.createdMicros < y.createdMicros ? -1 : 1);
    if (f.sort === "oldest") return rows.sort(byCreated);
    if (f.sort === "due") {
      return rows.sort((x, y) => {
        const dx = x.responseDueAt?.getTime() ?? Infinity;
        const dy = y.responseDueAt?.getTime() ?? Infinity;
        return dx === dy ? x.id - y.id : dx - dy;
      });
    }
    return rows.sort((x, y) => -byCreated(x, y));
  }

  /** Every row of the filter, following the cursor page by page. */
  async function walk(f: RequestListFilters, size: number): Promise<{ refs: string[]; pages: number; totals: number[] }> {
    const refs: string[] = [];
    const totals: number[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const decoded = cursor ? parseListQuery(new URL(`/x?after=${cursor}`, APP), requestListSchema).cursor : undefined;
      const page = await listServiceRequests(f, decoded, options, size);
      refs.push(...page.rows.map((r) => r.reference));
      totals.push(page.total);
      expect(page.rows.length).toBeLessThanOrEqual(size);
      cursor = page.next;
      pages++;
      expect(pages).toBeLessThan(100);
    } while (cursor);
    return { refs, pages, totals };
  }

  it("each sort, page after page: every match once, in order, with no gaps, and the count", async () => {
    for (const sort of ["newest", "oldest", "due"] as const) {
      for (const status of ["all", "open"] as const) {
        const f = filters({ sort, status });
        const want = expected(f).map((r) => r.reference);
        const { refs, pages, totals } = await walk(f, 7);
        expect(refs, `${sort} ${status}`).toEqual(want);
        expect(pages).toBe(Math.max(1, Math.ceil(want.length / 7)));
        expect(new Set(totals)).toEqual(new Set([want.length]));
      }
    }
    // The rows a microsecond apart come in the right order, and the undated ones last when due soonest.
    const newest = expected(filters()).map((r) => r.id);
    expect(newest.indexOf(seeded[40]!.id)).toBe(newest.indexOf(seeded[41]!.id) - 1);
    expect(expected(filters({ sort: "due" })).slice(-3).map((r) => r.responseDueAt)).toEqual([null, null, null]);
  });

  it("each filter, alone and together, matches what was inserted, with the count", async () => {
    const cases: Array<Partial<RequestListFilters>> = [
      ...ALL_STATUSES.map((status) => ({ status })),
      { status: "open" },
      ...URGENCIES.map((u) => ({ urgency: u.value })),
      { service: services[0] },
      { service: services[1], urgency: "planned" as const },
      { city: "hyd" },
      { city: "SEC" },
      { city: "Hyd%" },
      { city: "%" },
      { from: new Date(now.getTime() - 3 * 24 * HOUR).toISOString().slice(0, 10) },
      { to: new Date(now.getTime() - 5 * 24 * HOUR).toISOString().slice(0, 10) },
      { from: new Date(now.getTime() - 9 * 24 * HOUR).toISOString().slice(0, 10), to: new Date(now.getTime() - 4 * 24 * HOUR).toISOString().slice(0, 10) },
      { technician: "unassigned" },
      { technician: technicians[1]!.id },
      { sla: "awaiting" },
      { sla: "breached" },
      { sla: "due_soon" },
      { sla: "met" },
      { sla: "missed" },
      { sla: "breached", urgency: "emergency", status: "open" },
      { status: "open", urgency: "emergency", sort: "due" },
      { status: "completed", technician: technicians[0]!.id, sort: "oldest" },
    ];
    for (const c of cases) {
      const f = filters(c);
      const want = expected(f);
      const page = await listServiceRequests(f, undefined, options);
      expect(page.rows.map((r) => r.reference), JSON.stringify(c)).toEqual(want.slice(0, PAGE_SIZE).map((r) => r.reference));
      expect(page.total, JSON.stringify(c)).toBe(want.length);
    }
    // Every state the filters offer is really there, so none of the above passed by being empty.
    for (const sla of ["awaiting", "breached", "due_soon", "met", "missed"] as const) expect(expected(filters({ sla })).length).toBeGreaterThan(3);
    // Requests past "new" without a call are among those awaiting one.
    expect(expected(filters({ sla: "awaiting" })).some((r) => r.status !== "new")).toBe(true);
  });

  it("the tabs count each status, open and all, under the other filters", async () => {
    const page = await listServiceRequests(filters({ status: "open", urgency: "emergency" }), undefined, options);
    for (const s of ALL_STATUSES) expect(page.counts[s], s).toBe(expected(filters({ status: s, urgency: "emergency" })).length);
    expect(page.counts.open).toBe(expected(filters({ status: "open", urgency: "emergency" })).length);
    expect(page.counts.all).toBe(expected(filters({ urgency: "emergency" })).length);
    expect(page.total).toBe(page.counts.open);
  });

  it("search: a reference (exact or its start, any case), a mobile number however written, a name, a company", async () => {
    const search = async (q: string, f: Partial<RequestListFilters> = {}) => (await listServiceRequests(filters({ q, ...f }), undefined, options)).rows.map((r) => r.reference);
    const r12 = seeded[12]!;
    expect(await search(r12.reference.toLowerCase())).toEqual([r12.reference]);
    expect(await search(`  ${r12.reference.replaceAll("-", " ")} `.trim())).toEqual([r12.reference]);
    expect((await search("sr-2602")).sort()).toEqual(seeded.filter((r) => r.reference.startsWith("SR-2602")).map((r) => r.reference).sort());
    expect((await search("SR-2601-001")).sort()).toEqual(seeded.filter((r) => r.reference.startsWith("SR-2601-001")).map((r) => r.reference).sort());
    // Mobile: +91, spaces, a leading 0, or only part of it.
    const m = r12.mobile.slice(3);
    expect(await search(`+91 ${m.slice(0, 5)} ${m.slice(5)}`)).toEqual([r12.reference]);
    expect(await search(`0${m}`)).toEqual([r12.reference]);
    expect(await search(m.slice(-6))).toEqual(seeded.filter((r) => r.mobile.includes(m.slice(-6))).map((r) => r.reference));
    // Names and companies, any part, any case.
    expect(await search("lakshmi")).toEqual([seeded[5]!.reference]);
    expect(await search("VENKATESWARA")).toEqual([seeded[5]!.reference]);
    expect((await search("plant 2")).sort()).toEqual(seeded.filter((r) => r.company === "Plant 2").map((r) => r.reference).sort());
    expect(await search("customer 3", { urgency: "emergency" })).toEqual(
      expected(filters({ urgency: "emergency" }))
        .filter((r) => r.contactName.startsWith("Customer 3"))
        .map((r) => r.reference),
    );
    // % and _ are letters, not wildcards; nothing matches is an empty page, not an error.
    expect(await search("100%")).toEqual([]);
    expect(await search("zzz-no-such-name")).toEqual([]);
  });

  it("the search finds exactly what ILIKE '%...%' on the name and company found, and a trigram index can answer it", async () => {
    // The condition the list used before the trigram indexes (issue 17 §8), run directly: the list must agree.
    const escape = (q: string) => q.replace(/[\\%_]/g, (ch) => `\\${ch}`);
    const byIlike = async (q: string) => {
      const pattern = `%${escape(q)}%`;
      const rows = (await db().execute(
        sql`select reference from service_requests where contact_name ilike ${pattern} or company ilike ${pattern} order by reference`,
      )) as unknown as { rows: Array<{ reference: string }> };
      return rows.rows.map((r) => r.reference);
    };
    const all = async (q: string) =>
      (await listServiceRequests(filters({ q, status: "all" }), undefined, options, 1_000)).rows.map((r) => r.reference).sort();
    // The middle of a name, across the space, any case; a company's middle; two letters; a wildcard typed.
    for (const q of ["kshmi Nara", "ARAYAN", "sri venk", "enkateswara ph", "ant 2", "stomer 1", "to", "%", "_1", "zzz"]) {
      expect(await all(q), q).toEqual(await byIlike(q));
    }
    expect((await all("kshmi Nara")).length).toBeGreaterThan(0);
    // With sequential scans ruled out, the plan reads the trigram indexes (not every row) for the name and company.
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explained = (await tx.execute(
        sql`explain select id from service_requests where contact_name ilike '%kshmi Nara%' or company ilike '%kshmi Nara%'`,
      )) as unknown as { rows: Array<Record<string, string>> };
      return explained.rows.map((r) => Object.values(r)[0]).join("\n");
    });
    expect(plan).toContain("service_requests_contact_name_trgm");
    expect(plan).toContain("service_requests_company_trgm");
  });

  it("each row: view-ready labels and the response clock", async () => {
    const rows = await exported(filters({ sort: "oldest" }));
    const byRef = new Map<string, RequestListItem>(rows.map((r) => [r.reference, r]));
    const breached = seeded[0]!; // due 65 minutes ago, no contact
    const first = (await listServiceRequests(filters({ q: breached.reference }), undefined, options)).rows[0]!;
    expect(first).toMatchObject({ clock: { state: "breached", text: "Overdue 1 h 05 min" }, urgencyLabel: "Emergency breakdown", technician: null });
    const dueSoon = (await listServiceRequests(filters({ q: seeded[1]!.reference }), undefined, options)).rows[0]!;
    expect(dueSoon.clock).toEqual({ state: "due_soon", text: "Due in 11 min" });
    expect(byRef.get(seeded[57]!.reference)?.clock).toEqual({ state: "on_track", text: "No due time" });
    expect(byRef.get(seeded[22]!.reference)?.clock.text).toMatch(/^Due in 3 h 2\d min$/);
    const met = (await listServiceRequests(filters({ q: seeded[3]!.reference }), undefined, options)).rows[0]!;
    expect(met.clock).toEqual({ state: "met", text: "Responded" });
    const missed = (await listServiceRequests(filters({ q: seeded[4]!.reference }), undefined, options)).rows[0]!;
    expect(missed.clock).toEqual({ state: "missed", text: "Responded late" });
    expect(missed.technician).toBeNull();
    expect(byRef.get(seeded[9]!.reference)?.technician).toBe(technicians[0]!.name);
    expect(missed.statusLabel).toBe(REQUEST_STATUSES.find((s) => s.value === seeded[4]!.status)!.label);
  });

  it("the page: tabs, 50 rows, then the next page from the address continues where the first ended", async () => {
    const first = (await loader(listArgs("/admin/service-requests?status=all"))) as Awaited<ReturnType<typeof loader>>;
    expect(first.rows).toHaveLength(PAGE_SIZE);
    expect(first.total).toBe(60);
    expect(first.firstHref).toBeNull();
    expect(first.tabs.find((t) => t.current)).toMatchObject({ label: "All", count: 60 });
    expect(first.tabs.find((t) => t.label === "Open")).toMatchObject({ href: "/admin/service-requests", count: expected(filters({ status: "open" })).length });
    expect(first.nextHref).toMatch(/^\/admin\/service-requests\?status=all&after=[\w-]+$/);
    const second = (await loader(listArgs(first.nextHref!))) as Awaited<ReturnType<typeof loader>>;
    expect(second.rows).toHaveLength(10);
    expect(second.nextHref).toBeNull();
    expect(second.firstHref).toBe("/admin/service-requests?status=all");
    expect([...first.rows, ...second.rows].map((r) => r.reference)).toEqual(expected(filters()).map((r) => r.reference));
    expect(first.csvHref).toBe("/admin/service-requests?status=all&format=csv");

    // A mangled address shows the default list, not an error.
    const mangled = (await loader(listArgs("/admin/service-requests?status=x&urgency=y&technician=-1&service=no-such-service&from=2026-13-01&sort=z&after=%%%"))) as Awaited<
      ReturnType<typeof loader>
    >;
    expect(mangled.total).toBe(expected(filters({ status: "open" })).length);
    expect(mangled.filters).toMatchObject({ status: "open", sort: "newest" });
    expect(mangled.filters.service).toBeUndefined();
    // A technician the list does not offer is ignored too.
    const ghost = (await loader(listArgs("/admin/service-requests?status=all&technician=987654"))) as Awaited<ReturnType<typeof loader>>;
    expect(ghost.total).toBe(60);
  });

  it("?format=csv: every match of the filter with its columns, formulas defused", async () => {
    const next = () => Promise.reject(new Error("the CSV is answered by the middleware"));
    const response = (await middleware[0]!(listArgs("/admin/service-requests?status=all&sort=oldest&format=csv&after=whatever"), next as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="service-requests-\d{4}-\d{2}-\d{2}\.csv"$/);
    // A byte-order mark first, so that Excel reads the file as UTF-8 (Response.text() would drop it).
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = parseCsv(new TextDecoder().decode(bytes));
    expect(header).toEqual([
      "Reference",
      "Received",
      "Contact name",
      "Mobile",
      "E-mail",
      "Company",
      "City",
      "Service",
      "Urgency",
      "Status",
      "Technician",
      "Response due",
      "First contact",
      "Response",
      "PO number",
    ]);
    // Every row of the filter (not a page), in its sort.
    expect(lines.map((l) => l[0])).toEqual(expected(filters({ sort: "oldest" })).map((r) => r.reference));
    const col = (name: string) => header!.indexOf(name);
    const evil = lines.find((l) => l[0] === seeded[7]!.reference)!;
    expect(evil[col("Company")]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    const plus = lines.find((l) => l[0] === seeded[9]!.reference)!;
    expect(plus[col("Contact name")]).toBe("'+Ravi Kumar");
    // Even a mobile number: a leading + would run as a formula.
    expect(plus[col("Mobile")]).toBe(`'${seeded[9]!.mobile}`);
    const po = lines.find((l) => l[0] === seeded[10]!.reference)!;
    expect(po[col("PO number")]).toBe("PO-10");
    expect(po[col("Received")]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
    expect(Date.parse(po[col("Received")]!)).toBe(Math.floor(seeded[10]!.createdAt.getTime() / 1000) * 1000);
    expect(po[col("Technician")]).toBe(technicians[10 % 3]!.name);
    expect(po[col("Urgency")]).toBe("Within 24 hours");

    // The current filter, not everything.
    const filtered = (await middleware[0]!(listArgs("/admin/service-requests?urgency=emergency&status=open&format=csv"), next as never)) as Response;
    const rows = parseCsv(await filtered.text()).slice(1);
    expect(rows.map((r) => r[0])).toEqual(expected(filters({ status: "open", urgency: "emergency" })).map((r) => r.reference));
    // And without format=csv the page is rendered as usual.
    let passed = false;
    await middleware[0]!(listArgs("/admin/service-requests"), (() => ((passed = true), Promise.resolve(new Response("page")))) as never);
    expect(passed).toBe(true);
  });

  it("the export stops at CSV_MAX_ROWS", async () => {
    expect(CSV_MAX_ROWS).toBeGreaterThanOrEqual(10_000);
    expect(await exported(filters(), 5)).toHaveLength(5);
    // Streamed in batches: every sort's export is its pages, in order, none repeated or skipped.
    for (const sort of ["newest", "oldest", "due"] as const) {
      const f = filters({ sort, status: "all" });
      const pages: string[] = [];
      let cursor: Cursor | undefined;
      for (let i = 0; i < 100; i++) {
        const page = await listServiceRequests(f, cursor, options, 7);
        pages.push(...page.rows.map((r) => r.reference));
        if (!page.next) break;
        cursor = decodeCursor(page.next);
      }
      expect(pages.length).toBeGreaterThan(7);
      expect((await exported(f, CSV_MAX_ROWS, 6)).map((r) => r.reference), `sort ${sort}`).toEqual(pages);
    }
    expect((await getSiteSettings()).operations.escalateBeforeMinutes).toBe(ESCALATE);
  });
});
