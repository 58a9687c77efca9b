import type { ReactElement } from "react";
import { HtmlValidate } from "html-validate";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import AdminImportBatch from "~/routes/admin/data-import/batch.tsx";
import AdminDataImport from "~/routes/admin/data-import/route.tsx";

/**
 * The data-import pages drawn from their loaders' data, as the server sends them: valid HTML, and an error
 * report that stays short whatever the number of bad rows (the first five per column, then "and N more").
 */
const validator = new HtmlValidate({ extends: ["html-validate:standard"], rules: { "void-style": "off" } });

async function expectValid(html: string) {
  const report = await validator.validateString(`<!doctype html><html lang="en"><head><title>t</title></head><body><main>${html}</main></body></html>`);
  expect(report.results.flatMap((r) => r.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
}

const columns = [
  { field: "mobile", label: "Mobile", required: true, column: 0 },
  { field: "name", label: "Name", required: true, column: 1 },
  { field: "company", label: "Company", required: false, column: null },
];

describe("data import pages", () => {
  it("draw 100,000 refused rows as five errors per column and a count", async () => {
    const first = Array.from({ length: 5 }, (_, i) => ({ line: i + 2, message: "Enter a 10-digit Indian mobile number, e.g. 98480 12345." }));
    const batch = {
      id: 7, kind: "customers", kindLabel: "Customers, with their sites and units", records: { customer: "Customers", site: "Sites", unit: "Units" }, fileName: "bad.csv", status: "uploaded" as const, rowCount: 100_000,
      createdAt: "2026-12-06T10:00:00.000Z", headers: ["Mobile", "Name"], columns,
      preview: [{ line: 2, cells: { mobile: "12345", name: "" } }],
      report: { missing: [], refusedRows: 100_000, errorCount: 100_000, validRows: 0, columns: [{ field: "mobile", label: "Mobile", total: 100_000, first }] },
      dryRun: { "customer.created": 0, refused: 100_000 }, result: null,
    };
    const Page = AdminImportBatch as unknown as (p: Record<string, unknown>) => ReactElement;
    const html = renderToStaticMarkup(<Page loaderData={{ batch, shownPerColumn: 5 }} actionData={undefined} params={{ id: "7" }} matches={[]} />);
    expect(html).toContain("and 99,995 more in this column");
    expect(html.match(/<tr/g)!.length).toBeLessThan(20);
    expect(html).toContain("Correct the errors above first.");
    expect(html).not.toContain('value="commit"');
    await expectValid(html);
  });

  it("offer the import after a clean dry run, and undo once committed", async () => {
    const base = {
      id: 8, kind: "customers", kindLabel: "Customers, with their sites and units", records: { customer: "Customers", site: "Sites", unit: "Units" }, fileName: "good.csv", rowCount: 2, createdAt: "2026-12-06T10:00:00.000Z",
      headers: ["Mobile", "Name"], columns, preview: [{ line: 2, cells: { mobile: "9848012345", name: "Ravi" } }],
    };
    const Page = AdminImportBatch as unknown as (p: Record<string, unknown>) => ReactElement;
    const ready = renderToStaticMarkup(
      <Page loaderData={{ batch: { ...base, status: "uploaded", report: { missing: [], refusedRows: 0, errorCount: 0, validRows: 2, columns: [] }, dryRun: { "customer.created": 2, refused: 0 }, result: null }, shownPerColumn: 5 }} params={{ id: "8" }} matches={[]} />,
    );
    expect(ready).toContain("Import 2 rows");
    await expectValid(ready);
    const done = renderToStaticMarkup(<Page loaderData={{ batch: { ...base, status: "committed", report: null, preview: [], dryRun: null, result: { "customer.created": 2 } }, shownPerColumn: 5 }} params={{ id: "8" }} matches={[]} />);
    expect(done).toContain("Undo this import");
    await expectValid(done);
    const List = AdminDataImport as unknown as (p: Record<string, unknown>) => ReactElement;
    await expectValid(renderToStaticMarkup(<List loaderData={{ imports: [{ id: 8, kind: "customers", kindLabel: "Customers", fileName: "good.csv", status: "committed", rowCount: 2, createdAt: "2026-12-06T10:00:00.000Z" }], kinds: [{ value: "customers", label: "Customers, with their sites and units" }, { value: "fault-codes", label: "Fault codes" }], maxMb: 20 }} params={{}} matches={[]} />));
  });
});
