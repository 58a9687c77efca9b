/**
 * The money benchmark's database work (scripts/lib/bench-money.ts runs it in a child process, with `node`):
 *
 *   node scripts/lib/seed-money-bench.ts pages [--invoices 60]   # a quote and invoices for the timed pages
 *   node scripts/lib/seed-money-bench.ts concurrent [--count 500] # N invoices issued at once, numbers checked
 *
 * The database is DATABASE_URL (PostgreSQL) or the PGlite in DATA_DIR; SESSION_SECRET must be the one the
 * server will run with (the quote's signed link is made here). It is a child process because PGlite allows
 * one process per data directory: it is closed before the server starts. Both modes go through the domain
 * functions the screens use, not hand-made rows, so what is timed is what the office and the customer get:
 *
 * - pages: the settings (with a UPI ID, so the invoice PDF carries its QR code), an owner, a customer with a
 *   site in Telangana, a request; a quote from it with six lines (service, parts, labour, travel), sent and
 *   approved by the customer, and invoiced from the approved quote; then `--invoices` more invoices of the
 *   same lines, so that PDFs can be timed each with a QR code not made before.
 * - concurrent: `--count` issueInvoiceInTx calls started together, each in its own transaction with its own
 *   idempotency key, on a fresh database; the numbers must be INV/<FY>/0001 to the count, consecutive, with
 *   no error.
 *
 * The result is one line on stdout starting with RESULT_PREFIX (the log SMS provider prints there too).
 */
import { randomUUID } from "node:crypto";
import { registerHooks } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath, pathToFileURL } from "node:url";

export const RESULT_PREFIX = "MONEY_BENCH_RESULT ";

export interface PagesSeed {
  quoteReference: string;
  quoteToken: string;
  quoteLines: number;
  /** The invoice made from the approved quote. */
  invoiceId: number;
  invoiceNumber: string;
  /** More invoices, one PDF each (a QR code the server has not made yet). */
  moreInvoiceIds: number[];
  seedSeconds: number;
}

export interface ConcurrentIssues {
  count: number;
  financialYear: string;
  wallMs: number;
  errors: number;
  /** The first few errors' messages. */
  errorSamples: string[];
  created: number;
  first: string | null;
  last: string | null;
  /** Issued numbers (and stored serials) are exactly 1..count, each once. */
  consecutive: boolean;
  storedRows: number;
  counterValue: number | null;
  passed: boolean;
}

/** Opens the database, applies the migrations and makes it the app's; the config the server will have. */
async function open() {
  const { openDatabase, applyMigrations, setDatabase } = await import("../../app/.server/db/index.ts");
  const { readConfig, setServerConfig } = await import("../../app/.server/config.ts");
  const { seedSettings, clearSettingsCache } = await import("../../app/.server/settings/index.ts");
  const env = process.env;
  if (!env.SESSION_SECRET) throw new Error("SESSION_SECRET must be set (the server's, for the signed links)");
  const config = readConfig({ ...env, NODE_ENV: "production" });
  setServerConfig(config);
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: path.resolve(env.DATA_DIR ?? "./data") });
  await applyMigrations(handle);
  setDatabase(handle);
  await seedSettings(handle.db, env.SITE_URL ?? "http://localhost");
  clearSettingsCache();
  return handle;
}

/** Lets the messages queued by the work (sent in this process after each commit) finish, then closes. */
async function close(handle: Awaited<ReturnType<typeof open>>) {
  const { deliveriesSettled } = await import("../../app/.server/notifications/index.ts");
  await deliveriesSettled();
  await handle.close();
}

/** A customer with a mobile and e-mail and one site in Telangana (CGST + SGST), as most of the business's are. */
async function customer(db: Awaited<ReturnType<typeof open>>["db"], n: number) {
  const { customers, customerSites } = await import("../../app/.server/db/schema.ts");
  const [c] = await db
    .insert(customers)
    .values({ reference: `CU-2611-${9000 + n}`, mobile: `+9198480${String(10000 + n).slice(-5)}`, name: "Ravi Kumar", company: "Sri Balaji Plastics Pvt Ltd", email: "accounts@balaji-plastics.example.in" })
    .returning();
  const [site] = await db
    .insert(customerSites)
    .values({ customerId: c!.id, name: "Patancheru plant", address: "Plot 7, IDA Patancheru", city: "Sangareddy", pincode: "502319", stateCode: "36" })
    .returning();
  return { customer: c!, site: site! };
}

type Line = import("../../app/lib/money/document.ts").DocumentLine;

/** Six lines, as a repair quote has them: the service, three parts, labour and travel. */
const LINES: Line[] = [
  { kind: "service", productId: null, description: "Repair of ABB ACS580 7.5 kW drive: diagnosis, repair and load test", hsnSac: "998717", quantityMilli: 1000, unit: "job", ratePaise: 14_500_00, discountPaise: 500_00, gstRate: 18 },
  { kind: "part", productId: null, description: "IGBT module 1200 V 100 A", hsnSac: "85412900", quantityMilli: 2000, unit: "nos", ratePaise: 4_150_50, discountPaise: 0, gstRate: 18 },
  { kind: "part", productId: null, description: "DC bus capacitor 450 V 2200 uF", hsnSac: "85322200", quantityMilli: 4000, unit: "nos", ratePaise: 1_275_00, discountPaise: 200_00, gstRate: 18 },
  { kind: "part", productId: null, description: "Cooling fan 24 V DC 120 mm", hsnSac: "84145990", quantityMilli: 1000, unit: "nos", ratePaise: 890_00, discountPaise: 0, gstRate: 18 },
  { kind: "labour", productId: null, description: "Panel rewiring and commissioning on site", hsnSac: "998719", quantityMilli: 6500, unit: "hour", ratePaise: 650_00, discountPaise: 0, gstRate: 18 },
  { kind: "travel", productId: null, description: "Travel to Patancheru and back", hsnSac: "996601", quantityMilli: 64000, unit: "km", ratePaise: 18_00, discountPaise: 0, gstRate: 18 },
];

async function seedPages(moreInvoices: number): Promise<PagesSeed> {
  const started = Date.now();
  const handle = await open();
  try {
    const { eq } = await import("drizzle-orm");
    const db = handle.db;
    const { quotes, serviceRequests, siteSettings, users } = await import("../../app/.server/db/schema.ts");
    const { upsertUserWithRole } = await import("../../app/.server/auth/users.ts");
    const { auditActor } = await import("../../app/.server/auth/staff.ts");
    const { STAFF_ROLE_INFO } = await import("../../app/lib/auth/permissions.ts");
    const { clearSettingsCache } = await import("../../app/.server/settings/index.ts");
    const { createQuote, sendQuote } = await import("../../app/.server/quotes/changes.ts");
    const { answerQuote } = await import("../../app/.server/quotes/respond.ts");
    const { quoteToken } = await import("../../app/.server/quotes/shared.ts");
    const { newQuoteSchema } = await import("../../app/lib/forms/admin/quotes.ts");
    const { issueFromSource } = await import("../../app/.server/invoices/sources.ts");
    const { issueInvoiceInTx } = await import("../../app/.server/invoices/issue.ts");

    // A UPI ID (and a merchant code): every invoice's PDF and page carry the QR code for what is due.
    await db.update(siteSettings).set({ value: { upiId: "voltline@icici", payeeName: "Voltline Industrial Services", upiMerchantCode: "7629" } }).where(eq(siteSettings.key, "payments"));
    clearSettingsCache();

    const user = await upsertUserWithRole("+919000000501", "admin", db, "Bench Owner");
    await db.update(users).set({ staffRole: "owner" }).where(eq(users.id, user.id));
    const owner = { userId: user.id, sessionId: 0, name: "Bench Owner", mobile: null, role: "owner" as const, permissions: STAFF_ROLE_INFO.owner.permissions, ipAddress: "127.0.0.1" };

    const { customer: c, site } = await customer(db, 1);
    const [request] = await db
      .insert(serviceRequests)
      .values({
        reference: "SR-2611-9001",
        kind: "full",
        status: "awaiting_customer",
        contactName: c.name,
        mobile: c.mobile!,
        faultDescription: "ACS580 trips on overcurrent (OC1) at start-up; the motor runs fine direct on line.",
        serviceName: "VFD repair",
        equipmentBrand: "ABB",
        equipmentModel: "ACS580",
        urgency: "planned",
        consentVersion: "bench",
        consentAt: new Date(),
        idempotencyKey: randomUUID(),
        customerId: c.id,
        siteId: site.id,
        poNumber: "PO/4471",
      })
      .returning();

    const input = newQuoteSchema.parse({ title: "Repair of ABB ACS580 7.5 kW drive", terms: "50% advance, balance on delivery. Warranty 6 months on the parts replaced.", idempotencyKey: randomUUID() });
    const made = await createQuote(owner, { kind: "request", reference: request!.reference }, input, LINES);
    if (!made.ok) throw new Error(`createQuote: ${JSON.stringify(made)}`);
    const [draft] = await db.select().from(quotes).where(eq(quotes.reference, made.reference));
    const sent = await sendQuote(owner, draft!.reference, { version: draft!.version });
    if (!sent.ok) throw new Error(`sendQuote: ${JSON.stringify(sent)}`);
    const approved = await answerQuote({
      quoteId: draft!.id,
      version: draft!.currentVersion,
      decision: "approve",
      respondent: { name: c.name, mobile: c.mobile, userId: null },
      via: "link",
      ipAddress: "203.0.113.9",
      userAgent: "bench",
      idempotencyKey: randomUUID(),
    });
    if (!approved.ok) throw new Error(`answerQuote: ${JSON.stringify(approved)}`);
    const [quote] = await db.select().from(quotes).where(eq(quotes.id, draft!.id));

    const invoice = await issueFromSource(owner, { kind: "quote", reference: quote!.reference }, { idempotencyKey: randomUUID() });
    if (!invoice.ok) throw new Error(`issueFromSource: ${JSON.stringify(invoice)}`);

    const actor = auditActor(owner);
    const moreInvoiceIds: number[] = [];
    for (let i = 0; i < moreInvoices; i++) {
      const more = await db.transaction((tx) => issueInvoiceInTx(tx, { customerId: c.id, siteId: site.id, lines: LINES, poNumber: `PO/${5000 + i}`, idempotencyKey: randomUUID(), actor }));
      moreInvoiceIds.push(more.id);
    }
    await db.execute((await import("drizzle-orm")).sql.raw("ANALYZE"));
    return {
      quoteReference: quote!.reference,
      quoteToken: quoteToken(quote!.id, quote!.validUntil),
      quoteLines: LINES.length,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      moreInvoiceIds,
      seedSeconds: (Date.now() - started) / 1000,
    };
  } finally {
    await close(handle);
  }
}

async function concurrentIssues(count: number): Promise<ConcurrentIssues> {
  const handle = await open();
  try {
    const { eq } = await import("drizzle-orm");
    const db = handle.db;
    const { invoices, referenceCounters } = await import("../../app/.server/db/schema.ts");
    const { issueInvoiceInTx } = await import("../../app/.server/invoices/issue.ts");
    const { financialYearOf, formatDocumentNumber } = await import("../../app/.server/invoices/numbering.ts");
    const { todayInIndia } = await import("../../app/lib/forms/form-basics.ts");
    const { customer: c, site } = await customer(db, 2);
    const actor = { userId: null, label: "Money bench", ipAddress: null };
    // One date for all: a run across midnight on 31 March must not split the series.
    const issueDate = todayInIndia();
    const financialYear = financialYearOf(issueDate);

    const started = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: count }, (_, i) =>
        db.transaction((tx) => issueInvoiceInTx(tx, { customerId: c.id, siteId: site.id, lines: LINES.slice(0, 2), poNumber: `PO/${i + 1}`, issueDate, idempotencyKey: randomUUID(), actor })),
      ),
    );
    const wallMs = performance.now() - started;

    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    const issued = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    const expected = Array.from({ length: count }, (_, i) => formatDocumentNumber("invoice", financialYear, i + 1));
    const numbers = issued.map((r) => r.number).sort();
    const stored = await db.select({ serial: invoices.serial }).from(invoices).where(eq(invoices.financialYear, financialYear));
    const serials = stored.map((r) => r.serial).sort((a, b) => a - b);
    const [counter] = await db.select().from(referenceCounters).where(eq(referenceCounters.prefix, `INV/${financialYear}`));
    const consecutive =
      numbers.length === count && numbers.every((n, i) => n === expected[i]) && serials.length === count && serials.every((s, i) => s === i + 1);
    const created = issued.filter((r) => r.created).length;
    return {
      count,
      financialYear,
      wallMs: Math.round(wallMs),
      errors: rejected.length,
      errorSamples: rejected.slice(0, 3).map((r) => String(r.reason instanceof Error ? r.reason.message : r.reason)),
      created,
      first: numbers[0] ?? null,
      last: numbers.at(-1) ?? null,
      consecutive,
      storedRows: stored.length,
      counterValue: counter?.value ?? null,
      passed: rejected.length === 0 && created === count && consecutive && counter?.value === count,
    };
  } finally {
    await close(handle);
  }
}

// Last, so that everything above (LINES) is initialised before it runs.
const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);

if (isMain) {
  // The app's modules import each other as "~/...": resolve that to app/ (vite does it for the build and tests).
  const app = pathToFileURL(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../app") + "/").href;
  registerHooks({ resolve: (specifier, context, next) => next(specifier.startsWith("~/") ? app + specifier.slice(2) : specifier, context) });
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { invoices: { type: "string", default: "60" }, count: { type: "string", default: "500" } },
  });
  const mode = positionals[0];
  if (mode !== "pages" && mode !== "concurrent") {
    console.error("usage: seed-money-bench.ts pages [--invoices N] | concurrent [--count N]");
    process.exit(2);
  }
  const result = mode === "pages" ? await seedPages(Number(values.invoices)) : await concurrentIssues(Number(values.count));
  console.log(RESULT_PREFIX + JSON.stringify(result));
  process.exit(0);
}
