import { tallyExport } from "~/.server/accounting/tally.ts";
import { csvResponse } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { noStore } from "~/.server/http/cache.ts";
import { gstr1File, paymentRegister, periodChoices, periodOf, purchaseRegister } from "~/.server/payments/exports.ts";
import { dayInIndia } from "~/.server/payments/shared.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { control, link, muted } from "~/components/admin/styles.ts";
import { Button } from "~/components/ui/button.tsx";
import { formatPaise } from "~/lib/format.ts";
import { B2CL_LIMIT_PAISE, EXPORT_FILES, exportQuerySchema } from "~/lib/forms/admin/payments.ts";
import type { Route } from "./+types/exports";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/payments/exports: the accountant's files for a month or a financial year, as CSV in the GSTR-1
 * offline tool's shapes (B2B, B2C large, B2C small, CDNR, CDNUR, HSN/SAC summary, documents issued)
 * and the payment register. ?period=m:2026-03|fy:2026-27&file=b2b answers with the file itself.
 */
const PATH = "/admin/payments/exports";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ url, context }, next) => {
    if (!url.searchParams.has("file")) return next();
    staffOf(context);
    const parsed = exportQuerySchema.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success || !parsed.data.file || !parsed.data.period) return next();
    const period = periodOf(parsed.data.period);
    if (parsed.data.file === "tally") {
      const { name, xml } = await tallyExport(period);
      return new Response(xml, {
        headers: { ...noStore(), "Content-Type": "application/xml; charset=utf-8", "Content-Disposition": `attachment; filename="${name}.xml"` },
      });
    }
    if (parsed.data.file === "payments") {
      const register = await paymentRegister(period);
      return csvResponse(register.name, register.columns, register.rows);
    }
    if (parsed.data.file === "purchases") {
      const register = await purchaseRegister(period);
      return csvResponse(register.name, register.columns, register.rows);
    }
    const file = await gstr1File(parsed.data.file, period);
    return csvResponse(file.name, file.columns, file.rows);
  },
];

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const choices = periodChoices(dayInIndia());
  const parsed = exportQuerySchema.safeParse({ period: url.searchParams.get("period") ?? undefined });
  const period = parsed.success && parsed.data.period ? parsed.data.period : choices[0]!.value;
  return {
    choices,
    period,
    label: periodOf(period).label,
    files: EXPORT_FILES.map((f) => ({ ...f, href: `${PATH}?period=${encodeURIComponent(period)}&file=${f.value}` })),
  };
}

export const handle = { title: "Exports" };

/** The period choices, grouped by the prefix of their value. */
const PERIOD_GROUPS = [
  { prefix: "m:", label: "Months" },
  { prefix: "fy:", label: "Financial years (April to March)" },
];

export default function Exports({ loaderData }: Route.ComponentProps) {
  const { choices, period, label, files } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader back={{ href: "/admin/payments", label: "Payments" }} title="Exports for the accountant" description="The invoice register in the shapes GSTR-1 asks for, the payment register and the purchase register, as CSV files." />
      <form method="get" action={PATH} className="mb-6 flex flex-wrap items-end gap-3">
        <div className="min-w-0 grow sm:max-w-xs">
          <label htmlFor="export-period" className="block text-sm font-medium">
            Period
          </label>
          <select id="export-period" name="period" defaultValue={period} className={control}>
            {PERIOD_GROUPS.map((g) => (
              <optgroup key={g.prefix} label={g.label}>
                {choices
                  .filter((c) => c.value.startsWith(g.prefix))
                  .map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </div>
        <Button type="submit">
          Show the files
        </Button>
      </form>
      <TitledSection headingId="files-heading" title={label} headingClassName="mb-3 text-lg font-semibold">
        <ul className="space-y-2">
          {files.map((f) => (
            <li key={f.value}>
              <a href={f.href} download="" className={link}>
                {f.label}
              </a>
            </li>
          ))}
        </ul>
      </TitledSection>
      <section aria-labelledby="notes-heading" className={`mt-8 space-y-2 text-sm ${muted}`}>
        <h2 id="notes-heading" className="text-base font-semibold text-slate-900 dark:text-slate-100">
          How the files are made
        </h2>
        <p>Invoices and credit notes are taken by their date. Amounts are in rupees; dates as dd-Mmm-yyyy; the place of supply as code and state (36-Telangana).</p>
        <p>
          B2B has one row per invoice and tax rate, for customers with a GSTIN. B2C large holds inter-state invoices to customers without a GSTIN above {formatPaise(B2CL_LIMIT_PAISE, { wholeRupeesBare: true })} (the limit
          since 1 August 2024; it was ₹2,50,000 before). Every other invoice without a GSTIN is summed in B2C small by place of supply and rate, less credit notes to such
          customers. The HSN/SAC summaries (B2B and B2C) add up every line by code and rate, each credit note reducing the row of the line it credits; services show UQC NA.
          Credit notes against B2C large invoices are in CDNUR. The documents-issued table lists each series with its first and last number; an invoice credited in full
          counts as cancelled.
        </p>
        <p>
          The purchase register lists the vendors&apos; bills recorded on the vendors&apos; pages, by the date on the bill, with the input tax on each: CGST and SGST from a vendor
          in our state, IGST from one in another.
        </p>
        <p>
          The Tally file imports the period&apos;s invoices (Sales), credit notes (Credit Note), payments received (Receipt), refunds (Payment) and vendors&apos; bills (Purchase)
          as vouchers, with the ledger names set under Settings, Payments.
        </p>
        <p>Not produced here: exports and SEZ supplies.</p>
      </section>
    </div>
  );
}
