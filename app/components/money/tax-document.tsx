import type { ReactNode } from "react";
import { formatDate, formatPaise, formatRoundOff } from "~/lib/format.ts";
import type { DocumentParty, StoredLine, TaxDocumentView } from "~/lib/money/document.ts";

/**
 * A quote, tax invoice or credit note on a web page, drawn from the same TaxDocumentView as the PDF
 * (~/.server/documents/tax-document-pdf.ts), so the two always agree: every rule-46 field, the lines as a
 * table (scrolling sideways on a phone), the totals with the round-off shown, the amount in words and, for
 * an invoice with an amount due, the UPI QR code (an SVG the server made with `qrcode` from its own link)
 * with an "Open in UPI app" link for the phone the page is read on.
 *
 * Server-rendered, no state and no client code: it works without JavaScript.
 */

export type TaxDocumentProps = {
  view: TaxDocumentView;
  /** The UPI QR code as an SVG string (qrcode's toString({ type: "svg" })), made on the server from view.payment.upiUri. */
  qrSvg?: string | null;
  /** Where the PDF is (a link beside the title). */
  pdfHref?: string | null;
  /** The document's title is this heading level (its sections one below): h1 on a page of its own. */
  headingLevel?: 1 | 2;
  /** Extra content under the title (e.g. actions). */
  children?: ReactNode;
};

const muted = "text-slate-600 dark:text-slate-400";
const link = "font-semibold text-brand-700 underline dark:text-sky-300";
const cell = "px-1.5 py-2 align-top";
const num = `${cell} text-right tabular-nums whitespace-nowrap`;

/** Thousandths of a unit as "2", "2.5", "0.125". */
export function formatQuantity(milli: number): string {
  const whole = Math.floor(milli / 1000);
  const fraction = String(milli % 1000).padStart(3, "0").replace(/0+$/, "");
  return `${whole.toLocaleString("en-IN")}${fraction ? `.${fraction}` : ""}`;
}

/** Half of a GST rate as printed: 18 -> "9", 5 -> "2.5". */
function halfRate(rate: number): string {
  return rate % 2 === 0 ? String(rate / 2) : `${Math.floor(rate / 2)}.5`;
}

/** qrcode's SVG without the XML prolog, so it can sit inside the page. */
export function inlineSvg(svg: string): string {
  return svg.replace(/^<\?xml[^>]*>\s*/, "").trim();
}

function Party({ label, party, showUnregistered }: { label: string; party: DocumentParty; showUnregistered: boolean }) {
  const cityLine = [party.city, party.pincode].filter(Boolean).join(" ");
  return (
    <div className="min-w-0">
      <p className={`text-xs font-semibold tracking-wide uppercase ${muted}`}>{label}</p>
      <p className="mt-1 font-semibold">{party.name}</p>
      {party.company && party.company !== party.name ? <p>{party.company}</p> : null}
      {party.address ? <p className="whitespace-pre-line">{party.address}</p> : null}
      {cityLine ? <p>{cityLine}</p> : null}
      {party.stateName || party.stateCode ? (
        <p>
          State: {party.stateName}
          {party.stateCode ? ` (code ${party.stateCode})` : ""}
        </p>
      ) : null}
      {party.gstin ? (
        <p>
          GSTIN: <span className="font-mono">{party.gstin}</span>
        </p>
      ) : showUnregistered ? (
        <p>GSTIN: unregistered (B2C)</p>
      ) : null}
      {party.mobile ? <p className="break-words">{party.mobile}</p> : null}
      {party.email ? <p className="break-words">{party.email}</p> : null}
    </div>
  );
}

function LineRow({ line, index, interState, discounts }: { line: StoredLine; index: number; interState: boolean; discounts: boolean }) {
  return (
    <tr className="border-t border-slate-200 dark:border-slate-800">
      <td className={`${num} ${muted}`}>{index + 1}</td>
      <td className={`${cell} min-w-32`}>{line.description}</td>
      <td className={`${cell} font-mono whitespace-nowrap`}>{line.hsnSac}</td>
      <td className={num}>
        {formatQuantity(line.quantityMilli)} {line.unit}
      </td>
      <td className={num}>{formatPaise(line.ratePaise)}</td>
      {discounts && <td className={num}>{line.discountPaise ? formatPaise(line.discountPaise) : "-"}</td>}
      <td className={num}>{formatPaise(line.taxablePaise)}</td>
      {interState ? (
        <>
          <td className={num}>{line.gstRate}%</td>
          <td className={num}>{formatPaise(line.igstPaise)}</td>
        </>
      ) : (
        <>
          <td className={num}>
            {halfRate(line.gstRate)}+{halfRate(line.gstRate)}%
          </td>
          <td className={num}>{formatPaise(line.cgstPaise)}</td>
          <td className={num}>{formatPaise(line.sgstPaise)}</td>
        </>
      )}
      <td className={`${num} font-semibold`}>{formatPaise(line.totalPaise)}</td>
    </tr>
  );
}

export function TaxDocument({ view, qrSvg, pdfHref, headingLevel = 2, children }: TaxDocumentProps) {
  const Title = headingLevel === 1 ? "h1" : "h2";
  const Section = headingLevel === 1 ? "h2" : "h3";
  const interState = view.totals.supply === "inter-state";
  const t = view.totals;
  // Rule 46 asks for the discount where there is one: the column shows only then (the PDF always has it).
  const discounts = view.lines.some((l) => l.discountPaise > 0);
  const numberLabel = view.kind === "quote" ? "Quotation no." : view.kind === "credit_note" ? "Credit note no." : "Invoice no.";
  const payableLabel = view.kind === "credit_note" ? "Amount credited" : view.kind === "quote" ? "Amount quoted" : "Amount payable";
  const particulars: [string, ReactNode][] = [
    [numberLabel, <span key="n" className="font-mono">{view.number}{view.version ? ` (v${view.version})` : ""}</span>],
    ["Date", formatDate(view.date)],
  ];
  if (view.untilLabel && view.untilDate) particulars.push([view.untilLabel, formatDate(view.untilDate)]);
  particulars.push(["Place of supply", `${view.placeOfSupply.name} (${view.placeOfSupply.code})`]);
  particulars.push(["Reverse charge", view.reverseCharge ? "Yes" : "No"]);
  if (view.poNumber) particulars.push(["PO number", view.poNumber]);
  for (const ref of view.references ?? []) particulars.push(["Reference", ref]);

  const totals: [string, string][] = [];
  if (t.discountPaise) {
    totals.push(["Gross value", formatPaise(t.grossPaise)]);
    totals.push(["Discount", `\u2212${formatPaise(t.discountPaise)}`]);
  }
  totals.push(["Taxable value", formatPaise(t.taxablePaise)]);
  if (interState) totals.push(["IGST", formatPaise(t.igstPaise)]);
  else {
    totals.push(["CGST", formatPaise(t.cgstPaise)]);
    totals.push(["SGST", formatPaise(t.sgstPaise)]);
  }
  totals.push(["Total", formatPaise(t.grandTotalPaise)]);
  totals.push(["Round off", formatRoundOff(t.roundOffPaise)]);

  const payment = view.payment;
  const settlement = view.settlement;
  const id = `doc-${view.number.replace(/[^A-Za-z0-9]+/g, "-")}`;

  return (
    <article aria-labelledby={`${id}-title`} className="rounded-md border border-slate-200 bg-white p-4 text-sm text-slate-900 sm:p-6 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-100" data-testid="tax-document">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Title id={`${id}-title`} className="text-2xl font-bold">
            {view.title} <span className="font-mono text-xl">{view.number}</span>
          </Title>
          {view.stamp ? (
            <p className="mt-2 inline-block rounded border-2 border-red-700 px-2 py-0.5 font-bold text-red-800 uppercase dark:border-red-400 dark:text-red-300" data-testid="document-stamp">
              {view.stamp}
            </p>
          ) : null}
        </div>
        {pdfHref ? (
          <a href={pdfHref} className={link}>
            Download the PDF<span className="sr-only">: {view.title} {view.number}</span>
          </a>
        ) : null}
      </header>
      {children}

      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <Party label="From (supplier)" party={view.supplier} showUnregistered={false} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 self-start">
          {particulars.map(([label, value], i) => (
            <div key={`${label}-${i}`} className="contents">
              <dt className={muted}>{label}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </div>

      <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800">
        <Party label={view.kind === "quote" ? "Quoted to" : "Bill to (recipient)"} party={view.recipient} showUnregistered />
      </div>

      <Section className="mt-6 text-lg font-semibold">Items</Section>
      {/* Focusable, so a keyboard user can scroll a table wider than the screen. */}
      <div role="region" aria-label={`Items of ${view.number}`} tabIndex={0} className="mt-2 overflow-x-auto rounded-md border border-slate-200 dark:border-slate-800">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">
            Items of {view.title.toLowerCase()} {view.number}, amounts in rupees
          </caption>
          <thead className="bg-slate-50 dark:bg-slate-900">
            <tr>
              <th scope="col" className={`${cell} text-right`}>
                <span aria-hidden="true">#</span>
                <span className="sr-only">Line</span>
              </th>
              <th scope="col" className={cell}>Description</th>
              <th scope="col" className={cell}>HSN/SAC</th>
              <th scope="col" className={`${cell} text-right`}>Qty</th>
              <th scope="col" className={`${cell} text-right`}>Rate</th>
              {discounts && (
                <th scope="col" className={`${cell} text-right`}>
                  Discount
                </th>
              )}
              <th scope="col" className={`${cell} text-right`}>Taxable value</th>
              {interState ? (
                <>
                  <th scope="col" className={`${cell} text-right`}>
                    <abbr title="IGST rate" className="no-underline">GST</abbr>
                  </th>
                  <th scope="col" className={`${cell} text-right`}>IGST</th>
                </>
              ) : (
                <>
                  <th scope="col" className={`${cell} text-right`}>
                    <abbr title="CGST rate + SGST rate" className="no-underline">GST</abbr>
                  </th>
                  <th scope="col" className={`${cell} text-right`}>CGST</th>
                  <th scope="col" className={`${cell} text-right`}>SGST</th>
                </>
              )}
              <th scope="col" className={`${cell} text-right`}>Amount</th>
            </tr>
          </thead>
          <tbody>
            {view.lines.map((line, index) => (
              <LineRow key={index} line={line} index={index} interState={interState} discounts={discounts} />
            ))}
          </tbody>
        </table>
      </div>

      <div className="mt-4 grid gap-6 md:grid-cols-[1fr_18rem]">
        <div className="min-w-0">
          <Section className={`text-sm font-semibold uppercase ${muted}`}>Tax by HSN/SAC</Section>
          <div role="region" aria-label={`Tax by HSN/SAC of ${view.number}`} tabIndex={0} className="mt-1 overflow-x-auto">
            <table className="w-full border-collapse text-left text-xs">
              <caption className="sr-only">Tax summary by HSN or SAC code and rate</caption>
              <thead>
                <tr>
                  <th scope="col" className="px-2 py-1">HSN/SAC</th>
                  <th scope="col" className="px-2 py-1 text-right">GST rate</th>
                  <th scope="col" className="px-2 py-1 text-right">Taxable value</th>
                  {interState ? (
                    <th scope="col" className="px-2 py-1 text-right">IGST</th>
                  ) : (
                    <>
                      <th scope="col" className="px-2 py-1 text-right">CGST</th>
                      <th scope="col" className="px-2 py-1 text-right">SGST</th>
                    </>
                  )}
                </tr>
              </thead>
              <tbody>
                {t.byHsn.map((row) => (
                  <tr key={`${row.hsnSac}@${row.gstRate}`} className="border-t border-slate-200 dark:border-slate-800">
                    <td className="px-2 py-1 font-mono">{row.hsnSac}</td>
                    <td className="px-2 py-1 text-right">{row.gstRate}%</td>
                    <td className="px-2 py-1 text-right tabular-nums">{formatPaise(row.taxablePaise)}</td>
                    {interState ? (
                      <td className="px-2 py-1 text-right tabular-nums">{formatPaise(row.igstPaise)}</td>
                    ) : (
                      <>
                        <td className="px-2 py-1 text-right tabular-nums">{formatPaise(row.cgstPaise)}</td>
                        <td className="px-2 py-1 text-right tabular-nums">{formatPaise(row.sgstPaise)}</td>
                      </>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 self-start" data-testid="document-totals">
          {totals.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className={muted}>{label}</dt>
              <dd className="text-right tabular-nums">{value}</dd>
            </div>
          ))}
          <div className="contents">
            <dt className="border-t border-slate-300 pt-1 text-base font-bold dark:border-slate-700">{settlement ? "Invoice total" : payableLabel}</dt>
            <dd className="border-t border-slate-300 pt-1 text-right text-base font-bold tabular-nums dark:border-slate-700" data-testid="document-payable">
              {formatPaise(t.payablePaise)}
            </dd>
          </div>
          {settlement ? (
            <>
              {settlement.receivedPaise ? (
                <div className="contents">
                  <dt className={muted}>Received</dt>
                  <dd className="text-right tabular-nums" data-testid="document-received">
                    {`\u2212${formatPaise(settlement.receivedPaise)}`}
                  </dd>
                </div>
              ) : null}
              {settlement.creditedPaise ? (
                <div className="contents">
                  <dt className={muted}>Credit notes</dt>
                  <dd className="text-right tabular-nums">{`\u2212${formatPaise(settlement.creditedPaise)}`}</dd>
                </div>
              ) : null}
              <div className="contents">
                <dt className="border-t border-slate-300 pt-1 text-base font-bold dark:border-slate-700">Balance due</dt>
                <dd className="border-t border-slate-300 pt-1 text-right text-base font-bold tabular-nums dark:border-slate-700" data-testid="document-balance">
                  {formatPaise(settlement.balanceDuePaise)}
                </dd>
              </div>
            </>
          ) : null}
        </dl>
      </div>

      <p className="mt-4">
        <span className={muted}>Amount in words: </span>
        <span className="font-medium">{view.amountInWords}</span>
      </p>

      {payment && (payment.upiUri || payment.bank) ? (
        <section aria-labelledby={`${id}-pay`} className="mt-6 rounded-md border border-slate-300 p-4 dark:border-slate-700" data-testid="document-payment">
          <Section id={`${id}-pay`} className="text-lg font-semibold">
            How to pay: {formatPaise(payment.amountDuePaise)} due
          </Section>
          <div className={`mt-3 grid items-start gap-6 ${payment.upiUri && qrSvg ? "sm:grid-cols-[12rem_minmax(0,1fr)]" : ""}`}>
            {payment.upiUri && qrSvg ? (
              <div
                role="img"
                aria-label={`UPI QR code to pay ${formatPaise(payment.amountDuePaise)}${payment.upiId ? ` to ${payment.upiId}` : ""}`}
                data-testid="upi-qr"
                className="w-48 max-w-full rounded bg-white p-2 [&_svg]:h-auto [&_svg]:w-full"
                dangerouslySetInnerHTML={{ __html: inlineSvg(qrSvg) }}
              />
            ) : null}
            <div className="min-w-0 space-y-2">
              {payment.upiUri ? (
                <>
                  <p>Scan the code with any UPI app, or on this phone:</p>
                  <p>
                    <a href={payment.upiUri} className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800" data-testid="upi-link">
                      Open in UPI app
                    </a>
                  </p>
                </>
              ) : null}
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 break-words">
                <dt className={muted}>Amount due</dt>
                <dd className="font-semibold">{formatPaise(payment.amountDuePaise)}</dd>
                {payment.upiId ? (
                  <>
                    <dt className={muted}>UPI ID</dt>
                    <dd className="font-mono break-all">{payment.upiId}</dd>
                  </>
                ) : null}
                {payment.payeeName ? (
                  <>
                    <dt className={muted}>Payee</dt>
                    <dd>{payment.payeeName}</dd>
                  </>
                ) : null}
                <dt className={muted}>Reference</dt>
                <dd className="font-mono">{view.number}</dd>
                {payment.bank ? (
                  <>
                    <dt className={muted}>Bank transfer</dt>
                    <dd>
                      {[payment.bank.bankName, payment.bank.accountName].filter(Boolean).join(", ")}
                      <br />
                      A/c <span className="font-mono">{payment.bank.accountNumber}</span>, IFSC <span className="font-mono">{payment.bank.ifsc}</span>
                    </dd>
                  </>
                ) : null}
              </dl>
              <p className={`text-xs ${muted}`}>Please quote the invoice number with any payment. A payment counts once we have received it.</p>
            </div>
          </div>
        </section>
      ) : null}

      {view.notes?.trim() ? (
        <div className="mt-4">
          <Section className="font-semibold">Notes</Section>
          <p className="mt-1 whitespace-pre-line">{view.notes}</p>
        </div>
      ) : null}
      {view.terms?.trim() ? (
        <div className="mt-4">
          <Section className="font-semibold">Terms</Section>
          <p className="mt-1 whitespace-pre-line">{view.terms}</p>
        </div>
      ) : null}
      <p className="mt-6 text-right">
        For {view.supplier.name}
        <br />
        <span className={muted}>Authorised signatory</span>
      </p>
    </article>
  );
}
