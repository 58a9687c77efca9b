import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditActor } from "~/.server/audit/index.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { customers, invoices, referenceCounters } from "~/.server/db/schema.ts";
import { issueInvoiceInTx } from "~/.server/invoices/issue.ts";
import { financialYearOf, formatDocumentNumber, nextDocumentNumber } from "~/.server/invoices/numbering.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { DOCUMENT_NUMBER_PATTERN } from "~/lib/forms/admin/invoices.ts";
import type { DocumentLine } from "~/lib/money/document.ts";
import { describeEachEngine } from "../support/test-databases.ts";

/**
 * Issue 11 §3: invoice numbers are a consecutive serial per financial year, with no gaps and no duplicates
 * even when many invoices are issued at once. The target: 500 concurrent issues give 500 consecutive numbers
 * and 0 errors, on both engines (PGlite runs them one at a time in its one connection; PostgreSQL through its
 * pool, each waiting on the counter's row).
 */

describe("financial years and numbers", () => {
  it("runs 1 April to 31 March, and numbers have four digits at least", () => {
    expect(financialYearOf("2026-04-01")).toBe("2026-27");
    expect(financialYearOf("2027-03-31")).toBe("2026-27");
    expect(financialYearOf("2027-04-01")).toBe("2027-28");
    expect(financialYearOf("2099-12-31")).toBe("2099-00");
    expect(formatDocumentNumber("invoice", "2026-27", 1)).toBe("INV/2026-27/0001");
    expect(formatDocumentNumber("credit_note", "2026-27", 12345)).toBe("CN/2026-27/12345");
  });

  it("stays within rule 46's 16 characters past 9,999 invoices a year", () => {
    expect(formatDocumentNumber("invoice", "2026-27", 9_999)).toBe("INV/2026-27/9999");
    expect(formatDocumentNumber("invoice", "2026-27", 10_000)).toBe("INV/26-27/10000");
    expect(formatDocumentNumber("invoice", "2026-27", 99_999)).toBe("INV/26-27/99999");
    expect(formatDocumentNumber("invoice", "2026-27", 999_999)).toBe("INV/26-27/999999");
    expect(formatDocumentNumber("credit_note", "2026-27", 99_999)).toBe("CN/2026-27/99999");
    expect(formatDocumentNumber("credit_note", "2026-27", 100_000)).toBe("CN/26-27/100000");
    for (const serial of [1, 9_999, 10_000, 99_999, 999_999]) {
      for (const kind of ["invoice", "credit_note"] as const) {
        const number = formatDocumentNumber(kind, "2026-27", serial);
        expect(number.length).toBeLessThanOrEqual(16);
        expect(number).toMatch(DOCUMENT_NUMBER_PATTERN);
      }
    }
    expect(() => formatDocumentNumber("invoice", "2026-27", 1_000_000)).toThrow(RangeError);
  });
});

const actor: AuditActor = { userId: null, label: "Numbering test", ipAddress: null };
const line: DocumentLine = { kind: "service", description: "Repair of a 7.5 kW drive", hsnSac: "998719", quantityMilli: 1000, unit: "job", ratePaise: 1_000_00, discountPaise: 0, gstRate: 18 };

describeEachEngine("invoice numbering", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), "invoice-numbering-"));
  let customerId: number;

  beforeAll(async () => {
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), DATA_DIR: storage }));
    await seedSettings(db(), "http://localhost:3000");
    clearSettingsCache();
    // No mobile and no e-mail: nothing is queued, the test is about the numbers.
    const [c] = await db().insert(customers).values({ reference: "CU-2611-9101", name: "Numbering Test Works" }).returning();
    customerId = c!.id;
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    clearSettingsCache();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  const issue = (issueDate: string, key?: string) =>
    db().transaction((tx) => issueInvoiceInTx(tx, { customerId, lines: [line], issueDate, idempotencyKey: key ?? randomUUID(), actor }));

  it("gives 500 concurrent issues 500 consecutive numbers, 0001 to 0500, and no errors", { timeout: 180_000 }, async () => {
    const results = await Promise.allSettled(Array.from({ length: 500 }, () => issue("2026-11-20")));
    const errors = results.filter((r) => r.status === "rejected");
    expect(errors.map((e) => String((e as PromiseRejectedResult).reason))).toEqual([]);
    const numbers = results.map((r) => (r as PromiseFulfilledResult<{ number: string; created: boolean }>).value);
    expect(numbers.every((n) => n.created)).toBe(true);
    const expected = Array.from({ length: 500 }, (_, i) => formatDocumentNumber("invoice", "2026-27", i + 1));
    expect(numbers.map((n) => n.number).sort()).toEqual(expected);
    const stored = await db().select({ serial: invoices.serial }).from(invoices).where(eq(invoices.financialYear, "2026-27"));
    expect(stored.map((r) => r.serial).sort((a, b) => a - b)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    expect((await db().select().from(referenceCounters).where(eq(referenceCounters.prefix, "INV/2026-27")))[0]?.value).toBe(500);
  });

  it("gives a rolled-back issue's number to the next one: no gaps", async () => {
    const marker = new Error("rolled back on purpose");
    await expect(
      db().transaction(async (tx) => {
        const made = await issueInvoiceInTx(tx, { customerId, lines: [line], issueDate: "2026-11-21", actor });
        expect(made.number).toBe("INV/2026-27/0501");
        throw marker;
      }),
    ).rejects.toBe(marker);
    expect((await issue("2026-11-21")).number).toBe("INV/2026-27/0501");
  });

  it("repeats nothing for the same idempotency key, even sent twice at once", async () => {
    const key = randomUUID();
    const [a, b] = await Promise.all([issue("2026-11-22", key), issue("2026-11-22", key)]);
    expect(a.id).toBe(b.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect((await issue("2026-11-22")).number).toBe("INV/2026-27/0503");
  });

  it("starts each financial year at 0001, and credit notes have their own series", async () => {
    expect((await issue("2027-03-31")).number).toBe("INV/2026-27/0504");
    expect((await issue("2027-04-01")).number).toBe("INV/2027-28/0001");
    const cn = await db().transaction((tx) => nextDocumentNumber(tx, "credit_note", "2027-04-02"));
    expect(cn).toEqual({ number: "CN/2027-28/0001", financialYear: "2027-28", serial: 1 });
    const all = await db().select({ number: invoices.number }).from(invoices);
    expect(new Set(all.map((r) => r.number)).size).toBe(all.length);
  });
});
