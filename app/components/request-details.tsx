import { formatIndianPhone } from "~/lib/contact-links.ts";
import { formatDate, formatDateTime } from "~/lib/format.ts";
import { urgencyLabel, type Urgency } from "~/lib/forms/urgency.ts";
import { statusLabel } from "~/lib/requests/status.ts";
import { DetailList } from "./detail-list.tsx";
import { EventTimeline } from "~/components/event-timeline.tsx";
import { PhotoGrid } from "~/components/photo-grid.tsx";
import { photoAlt, photoOriginText, type PhotoSource } from "~/lib/requests/photo-origin.ts";
import { TitledSection } from "~/components/titled-section.tsx";

/** What a service request page shows of the request itself, for its customer and for the office. */
export interface RequestView {
  reference: string;
  kind: "full" | "quick";
  contactName: string;
  mobile: string;
  email: string | null;
  company: string | null;
  siteAddress: string | null;
  city: string | null;
  serviceName: string | null;
  equipmentBrand: string | null;
  equipmentModel: string | null;
  equipmentRating: string | null;
  faultDescription: string;
  faultCode: string | null;
  urgency: Urgency;
  preferredDate: string | null;
  createdAt: string;
}

export interface PhotoView {
  id: number;
  src: string;
  width: number;
  height: number;
  originalName: string;
  /** Who added it (~/lib/requests/photo-origin.ts): the customer, a technician, a video call's snapshot. */
  source: PhotoSource;
  takenBy: string | null;
  caption: string | null;
}

export function RequestDetails({ request: r, photos }: { request: RequestView; photos: PhotoView[] }) {
  const rows: Array<[string, string | null]> = [
    ["Service", r.serviceName ?? (r.kind === "quick" ? "Quick request (service to be confirmed)" : null)],
    ["Urgency", urgencyLabel(r.urgency)],
    ["Preferred date", r.preferredDate ? formatDate(r.preferredDate) : null],
    ["Fault", r.faultDescription],
    ["Fault code", r.faultCode],
    ["Equipment", [r.equipmentBrand, r.equipmentModel, r.equipmentRating].filter(Boolean).join(", ") || null],
    ["Contact", `${r.contactName}, ${formatIndianPhone(r.mobile)}${r.email ? `, ${r.email}` : ""}`],
    ["Company", r.company],
    ["Site", [r.siteAddress, r.city].filter(Boolean).join(", ") || null],
    ["Sent", formatDateTime(r.createdAt)],
  ];
  return (
    <>
      <TitledSection headingId="details-heading" className="mt-8" headingClassName="text-xl font-semibold" title="Details">
        <DetailList rows={rows} />
      </TitledSection>
      {photos.length > 0 && (
        <TitledSection headingId="photos-heading" className="mt-8" headingClassName="text-xl font-semibold" title="Photos">
          <PhotoGrid
            photos={photos.map((p) => ({ ...p, caption: [photoOriginText(p), p.caption?.trim()].filter(Boolean).join(": "), alt: photoAlt(p) }))}
          />
        </TitledSection>
      )}
    </>
  );
}

/**
 * The customer's history: received, then each status change, booked visit and note the office made for
 * them, oldest first. Only customer-visible events reach it (~/.server/requests: findRequestOf).
 */
export function RequestTimeline({
  createdAt,
  events,
}: {
  createdAt: string;
  events: Array<{ kind?: string; status: string; note: string | null; createdAt: string; engineer?: string | null }>;
}) {
  const steps = [{ kind: "status", status: "new", note: null as string | null, createdAt, engineer: null as string | null | undefined }, ...events];
  return (
    <EventTimeline
      heading={{ id: "timeline-heading", text: "Status history" }}
      gap="tight"
      keepLineBreaks={false}
      events={steps.map((step, i) => ({
        id: i,
        title: step.kind === "note" ? (step.engineer ? `Note from our engineer ${step.engineer}` : "Note from our office") : statusLabel(step.status),
        createdAt: step.createdAt,
        note: step.note,
      }))}
    />
  );
}
