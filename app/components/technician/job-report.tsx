import { formatDateTime } from "~/lib/format.ts";
import { partQuantity } from "~/lib/forms/technician-job.ts";
import type { JobRecord } from "~/.server/technicians/field-work.ts";
import { visitWindow } from "./visit.ts";
import { PhotoGrid } from "~/components/photo-grid.tsx";
import { formatDuration } from "~/lib/requests/sla.ts";
import { photoOriginText } from "~/lib/requests/photo-origin.ts";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * The customer's view of the field work on their request: the engineer and the visit, then the job report
 * (the engineer's notes not kept for the office, photos from the site, parts used, and the sign-off with
 * the signature). Nothing is shown until the office has assigned an engineer.
 *
 * The office's request page shows the same report (issue 17 §4), with the internal notes, the time on site
 * and the labour time, the photos and the signature served from the back office's own addresses.
 */
export function JobReport({
  requestId,
  engineer,
  visitStart,
  visitEnd,
  record,
  office,
}: {
  requestId: number;
  engineer: string | null;
  visitStart: string | null;
  visitEnd: string | null;
  record: JobRecord;
  /** The back office's view: where its files are, and the times the technician recorded. */
  office?: { base: string; minutesOnSite: number; labourMinutes: number | null };
}) {
  const empty = record.notes.length === 0 && record.photos.length === 0 && record.parts.length === 0 && !record.signoff;
  if (!engineer && empty) return null;
  const base = office?.base ?? `/customer/request/${requestId}`;
  return (
    <TitledSection headingId="report-heading" className="mt-8" headingClassName="text-xl font-semibold" title={office ? "Technician's report" : "Your engineer and the job report"}>
      <dl className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        <div className="grid gap-1 p-3 sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-slate-600 dark:text-slate-400">Engineer</dt>
          <dd>{engineer ?? "To be assigned"}</dd>
        </div>
        <div className="grid gap-1 p-3 sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-slate-600 dark:text-slate-400">Visit</dt>
          <dd>{visitStart ? visitWindow(visitStart, visitEnd) : office ? "Not scheduled yet" : "We will call you to agree a time."}</dd>
        </div>
        {office && (
          <>
            <div className="grid gap-1 p-3 sm:grid-cols-[10rem_1fr]">
              <dt className="font-medium text-slate-600 dark:text-slate-400">Time on site</dt>
              <dd>{office.minutesOnSite > 0 ? formatDuration(office.minutesOnSite) : "Not recorded"}</dd>
            </div>
            <div className="grid gap-1 p-3 sm:grid-cols-[10rem_1fr]">
              <dt className="font-medium text-slate-600 dark:text-slate-400">Labour time</dt>
              <dd>{office.labourMinutes !== null ? `${formatDuration(office.labourMinutes)} (entered by the technician)` : office.minutesOnSite > 0 ? `${formatDuration(office.minutesOnSite)} (from the time on site)` : "Not recorded"}</dd>
            </div>
          </>
        )}
      </dl>
      {record.notes.length > 0 && (
        <>
          <h3 className="mt-5 font-semibold">{office ? "Technician's notes" : "Engineer's notes"}</h3>
          <ul className="mt-2 space-y-3">
            {record.notes.map((n) => (
              <li key={n.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>, {n.author}
                  {office && n.internal ? " (for the office only)" : ""}
                </p>
                <p className="mt-1 whitespace-pre-line">{n.note}</p>
              </li>
            ))}
          </ul>
        </>
      )}
      {record.photos.length > 0 && (
        <>
          <h3 className="mt-5 font-semibold">Photos from the site</h3>
          <PhotoGrid
            className="mt-2"
            reload
            photos={record.photos.map((p, i) => {
              const origin = photoOriginText({ source: "technician", takenBy: p.takenBy });
              return { ...p, src: `${base}/photos/${p.id}`, caption: [origin, p.caption].filter(Boolean).join(": "), alt: `${origin}: ${p.caption ?? `site photo ${i + 1}`}` };
            })}
          />
        </>
      )}
      {record.parts.length > 0 && (
        <>
          <h3 className="mt-5 font-semibold">Parts used</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {record.parts.map((p) => (
              <li key={p.id}>
                {p.description}: {partQuantity(p.quantity, p.unit)}
              </li>
            ))}
          </ul>
        </>
      )}
      {record.signoff && (
        <>
          <h3 className="mt-5 font-semibold">Sign-off</h3>
          <p className="mt-1">
            Signed off by <strong>{record.signoff.signerName}</strong> on {formatDateTime(record.signoff.signedAt)}
            {record.signoff.method === "otp" ? (office ? ", confirmed with the code sent to the customer's mobile" : ", confirmed with the code sent to your mobile") : ""}.
          </p>
          {record.signoff.hasSignature && (
            <img
              src={`${base}/signature`}
              alt={`Signature of ${record.signoff.signerName}`}
              width={600}
              height={200}
              className="mt-2 h-auto w-full max-w-sm rounded-md border border-slate-200 bg-white dark:border-slate-800"
            />
          )}
        </>
      )}
    </TitledSection>
  );
}
