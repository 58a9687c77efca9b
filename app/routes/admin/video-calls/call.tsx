import { answerChange, intentAction, step } from "~/.server/admin/actions.ts";
import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { data } from "react-router";
import { readForm, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { noStore } from "~/.server/http/cache.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { callGrant, callLinkPath, callRecord, cancelCall, endCall, iceServers, rescheduleCall, saveNotes, saveSnapshot } from "~/.server/video/index.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { TitledSection } from "~/components/titled-section.tsx";
import { DetailList } from "~/components/detail-list.tsx";
import { FormError, TextArea } from "~/components/form/fields.tsx";
import { PhotoGrid } from "~/components/photo-grid.tsx";
import { Button } from "~/components/ui/button.tsx";
import { CallStage } from "~/components/video/call-stage.tsx";
import { formatIndianPhone, telHref } from "~/lib/contact-links.ts";
import { formatDateTime } from "~/lib/format.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { idempotencyKey } from "~/lib/forms/fields.ts";
import { CALL_REFERENCE_PATTERN, cancelCallSchema, indiaParts, notesSchema, rescheduleCallSchema } from "~/lib/forms/admin/video-calls.ts";
import { useLiveRevalidate } from "~/lib/live/use-live.ts";
import { CallStatus, durationWords, Participants, WhenFields } from "./parts.tsx";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/call";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * /admin/video-calls/{reference}: one call as the engineer holds it. Start the call (camera and microphone,
 * or receive only), the customer's video large and our own small, snapshots of the customer's video saved to
 * the request, End call (its duration); the call log (who joined and left, when), notes; before the call,
 * move it or cancel it (the customer is told by SMS). The page listens to the call's live audience (a grant
 * issued here, after the admin layout checked the staff member and the screen's permission) for the
 * customer's signals and for who joined.
 */
const pathOf = (reference: string) => `/admin/video-calls/${encodeURIComponent(reference)}`;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  staffOf(context);
  const record = CALL_REFERENCE_PATTERN.test(params.reference) ? await callRecord(params.reference) : undefined;
  if (!record) return throwNotFound(url);
  const site = await getSiteSettings();
  const [date, time] = indiaParts(record.scheduledAt);
  const open = record.status === "scheduled" || record.status === "live" || record.status === "missed";
  return data(
    {
      record,
      snapshots: record.snapshots.map((s) => ({ ...s, src: `/admin/service-requests/${record.request.reference}/photos/${s.id}` })),
      grant: callGrant(record.id),
      iceServers: await iceServers(),
      signalUrl: `${pathOf(record.reference)}/signal`,
      customerLink: open ? `${site.identity.siteUrl}${callLinkPath({ id: record.id, scheduledAt: new Date(record.scheduledAt) })}` : null,
      when: { date, time },
      today: todayInIndia(),
    },
    { headers: noStore() },
  );
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `Video call ${data.record.reference}` };

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  if (!CALL_REFERENCE_PATTERN.test(params.reference)) return throwNotFound(url);
  const form = await readForm(request);
  if (form.get("intent") === "snapshot") {
    // From the page's script (a fetcher): the answer is data, not a redirect.
    const key = idempotencyKey.safeParse(form.get("idempotencyKey") ?? undefined);
    const file = form.get("snapshot");
    const saved = await saveSnapshot(staff, params.reference, typeof file === "string" ? null : file, key.success ? key.data : undefined);
    if (!saved.ok) return data({ snapshot: { ok: false, message: saved.message } }, { status: saved.status, headers: noStore() });
    return data({ snapshot: { ok: true, message: "Snapshot saved to the request." } }, { headers: noStore() });
  }
  return intentAction(form, { url, back: pathOf(params.reference) }, {
    reschedule: step(rescheduleCallSchema(), (data) => rescheduleCall(staff, params.reference, data)),
    cancel: step(cancelCallSchema, (data) => cancelCall(staff, params.reference, data)),
    notes: step(notesSchema, (data) => saveNotes(staff, params.reference, data)),
    end: async (form, page) => answerChange(form, page, await endCall(staff, params.reference)),
  });
}


export default function AdminVideoCall({ loaderData, actionData }: Route.ComponentProps) {
  const { record: r, snapshots, grant, signalUrl, customerLink, when, today } = loaderData;
  const failure = actionData && "errors" in actionData ? (actionData as FormFailure) : undefined;
  const fetcher = useFetcher<{ snapshot?: { ok: boolean; message: string } }>();
  useLiveRevalidate(["video.presence", "video.snapshot"], { grants: [grant] });
  const joinable = r.status === "scheduled" || r.status === "live";

  function sendSnapshot(jpeg: Blob) {
    const body = new FormData();
    body.set("intent", "snapshot");
    body.set("idempotencyKey", crypto.randomUUID());
    body.set("snapshot", new File([jpeg], "snapshot.jpg", { type: "image/jpeg" }));
    void fetcher.submit(body, { method: "post", encType: "multipart/form-data" });
  }

  const rows: Array<[string, string | null]> = [
    ["Booked for", formatDateTime(r.scheduledAt)],
    ["Started", r.startedAt ? formatDateTime(r.startedAt) : null],
    ["Ended", r.endedAt ? formatDateTime(r.endedAt) : null],
    ["Duration", durationWords(r.durationSeconds)],
    ["Engineer", r.engineerName],
    ["Booked by", r.createdByName],
    ["Fault", r.request.faultDescription],
  ];
  const formFailure = (intent: string) => (failure?.intent === intent ? failure : undefined);
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        back={{ href: "/admin/video-calls", label: "Video calls" }}
        title={
          <>
            Video call <span className="font-mono">{r.reference}</span>
          </>
        }
        description={
          <span className="mt-1 flex flex-wrap items-center gap-2">
            <CallStatus status={r.status} />
            <span>
              {r.request.contactName}
              {r.request.company ? `, ${r.request.company}` : ""} ·{" "}
              <a href={telHref(r.request.mobile)} className={link}>
                {formatIndianPhone(r.request.mobile)}
              </a>{" "}
              · request{" "}
              <a href={`/admin/service-requests/${r.request.reference}`} className={`${link} font-mono`}>
                {r.request.reference}
              </a>
            </span>
          </span>
        }
      />

      {joinable && (
        <div className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800">
          <CallStage
            side="engineer"
            signalUrl={signalUrl}
            grant={grant}
            iceServers={loaderData.iceServers}
            joinable={joinable}
            ended={false}
            otherLabel="Customer"
            onSnapshot={sendSnapshot}
            snapshotBusy={fetcher.state !== "idle"}
          />
          {fetcher.data?.snapshot && (
            <p role="status" className={`mt-3 ${fetcher.data.snapshot.ok ? "text-green-800 dark:text-green-300" : "font-medium text-red-700 dark:text-red-400"}`}>
              {fetcher.data.snapshot.message}
            </p>
          )}
          {r.status === "live" && (
            <div className="mt-4">
              <FormError message={formFailure("end")?.errors.form} />
              <ConfirmButton intent="end" tone="danger" confirm="End the call for both sides?">
                End the call
              </ConfirmButton>
            </div>
          )}
        </div>
      )}

      <div className="gap-8 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0">
          <TitledSection headingId="details-heading" title="Details" headingClassName="text-xl font-semibold">
            <DetailList rows={rows} />
            {customerLink && (
              <p className="mt-3 text-sm break-all">
                <span className="font-medium">The customer&apos;s link</span> (sent by SMS): <span className="font-mono">{customerLink}</span>
              </p>
            )}
          </TitledSection>

          <TitledSection headingId="log-heading" title="Call log" className="mt-8" headingClassName="text-xl font-semibold">
            <div className="mt-3">
              <Participants participants={r.participants} />
            </div>
          </TitledSection>

          <TitledSection headingId="snapshots-heading" title="Snapshots" className="mt-8" headingClassName="text-xl font-semibold">
            {snapshots.length === 0 ? (
              <p className={`mt-2 ${muted}`}>None yet. During the call, Take a snapshot saves the customer&apos;s picture among the request&apos;s photos.</p>
            ) : (
              <PhotoGrid label="Snapshots from this call" photos={snapshots.map((s) => ({ id: s.id, src: s.src, width: s.width, height: s.height, alt: s.caption ?? "Snapshot from the call", caption: s.caption }))} />
            )}
          </TitledSection>
        </div>

        <div className="mt-8 space-y-8 lg:mt-0">
          <CallForm id="notes" title="Notes" intent="notes" version={r.version} error={formFailure("notes")?.errors.form} submit="Save the notes">
            <TextArea name="notes" label="What was seen and decided" rows={5} maxLength={4000} defaultValue={formFailure("notes")?.values.notes ?? r.notes ?? ""} error={formFailure("notes")?.errors.notes} />
          </CallForm>

          {(r.status === "scheduled" || r.status === "missed") && (
            <>
              <CallForm id="move" title="Move the call" intent="reschedule" version={r.version} error={formFailure("reschedule")?.errors.form} submit="Move it and tell the customer">
                <WhenFields idPrefix="move-" values={formFailure("reschedule")?.values ?? when} errors={formFailure("reschedule")?.errors ?? {}} today={today} />
              </CallForm>
              <CallForm id="cancel" title="Cancel the call" intent="cancel" version={r.version} error={formFailure("cancel")?.errors.form} submit="Cancel it and tell the customer" danger>
                <TextArea name="reason" label="Why" rows={2} maxLength={500} defaultValue={formFailure("cancel")?.values.reason} error={formFailure("cancel")?.errors.reason} />
              </CallForm>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/** One of the call's side forms (notes, move, cancel): its own heading, intent and the version it was read at. */
function CallForm({ id, title, intent, version, error, submit, danger = false, children }: { id: string; title: string; intent: string; version: number; error: string | undefined; submit: string; danger?: boolean; children: ReactNode }) {
  return (
    <TitledSection headingId={`${id}-heading`} title={title} headingClassName="text-xl font-semibold">
      <IntentForm intent={intent} version={version} error={error} className="mt-3 space-y-3" aria-labelledby={`${id}-heading`}>
        {children}
        <Button variant={danger ? "danger" : "primary"} type="submit">
          {submit}
        </Button>
      </IntentForm>
    </TitledSection>
  );
}
