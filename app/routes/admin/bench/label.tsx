import QRCode from "qrcode";
import { staffOf } from "~/.server/auth/staff.ts";
import { benchJobPage } from "~/.server/bench/view.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { backOfficeUrl } from "~/.server/notifications/links.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDate } from "~/lib/format.ts";
import { JOB_CARD_PATTERN } from "~/lib/forms/admin/bench.ts";
import labelCss from "./label.css?url";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/label";
import { useHydrated } from "~/lib/use-hydrated.ts";

/**
 * /admin/bench/{jobCard}/label: the label stuck on the unit in the workshop: job card number, customer,
 * make, model and serial number, the date in, and a QR code (drawn on the server as SVG) that opens the
 * unit's page in the back office from a phone. Printed, only the label shows, 62 mm wide (label.css).
 */

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: labelCss }];

export async function loader({ url, params, context }: Route.LoaderArgs) {
  staffOf(context);
  const page = JOB_CARD_PATTERN.test(params.jobCard) ? await benchJobPage(params.jobCard) : undefined;
  if (!page) return throwNotFound(url);
  const site = await getSiteSettings();
  const path = `/admin/bench/${encodeURIComponent(page.job.jobCard)}`;
  // The back office's own address (ADMIN_HOST), never the public site's, where /admin is refused.
  const target = backOfficeUrl(path, site.identity.siteUrl);
  const qr = await QRCode.toString(target, { type: "svg", errorCorrectionLevel: "M", margin: 0 });
  const receivedOn = new Date(Date.parse(page.job.receivedAt) + 330 * 60_000).toISOString().slice(0, 10);
  return {
    jobCard: page.job.jobCard,
    customer: page.customer?.company ?? page.request.company ?? page.customer?.name ?? page.request.contactName,
    unit: [page.unit.make, page.unit.model].filter(Boolean).join(" "),
    serialNumber: page.unit.serialNumber,
    dateIn: formatDate(receivedOn),
    warrantyRepeat: page.repeatOf?.jobCard ?? null,
    target,
    // qrcode's SVG: one <path> per colour, no script; made here from our own address only.
    qr: qr.replace(/^<\?xml[^>]*>\s*/, "").trim(),
  };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `Label ${data.jobCard}` };

/**
 * "Print" opens the browser's print dialog. It needs JavaScript, so it appears only once the page is
 * hydrated; without it, the browser's own print (Ctrl+P) does the same, as the note under it says.
 */
function PrintButton() {
  if (!useHydrated()) return <p className="text-sm">Print with your browser (Ctrl+P).</p>;
  return (
    <Button size="small" type="button" onClick={() => window.print()}>
      Print the label
    </Button>
  );
}

export default function BenchLabel({ loaderData: l }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        back={{ href: `/admin/bench/${encodeURIComponent(l.jobCard)}`, label: l.jobCard }}
        title="Label"
        description="Print it on 62 mm labels (no margins, 100 % scale) and stick it on the unit. The QR code opens this unit's page."
        actions={<PrintButton />}
      />
      <div className="bench-label" data-testid="bench-label">
        <div className="bench-label-qr" role="img" aria-label={`QR code that opens ${l.target}`} data-testid="qr" dangerouslySetInnerHTML={{ __html: l.qr }} />
        <div className="bench-label-text">
          <p className="bench-label-card">{l.jobCard}</p>
          <p>{l.customer}</p>
          <p>{l.unit}</p>
          {l.serialNumber && <p>S/N {l.serialNumber}</p>}
          <p>In: {l.dateIn}</p>
          {l.warrantyRepeat && <p>Warranty repeat of {l.warrantyRepeat}</p>}
        </div>
      </div>
    </div>
  );
}
