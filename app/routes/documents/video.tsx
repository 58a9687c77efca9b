import { data } from "react-router";
import { noStore } from "~/.server/http/cache.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { callForToken, callGrant, iceServers } from "~/.server/video/index.ts";
import { CallUs } from "~/components/call-us.tsx";
import { CallStage } from "~/components/video/call-stage.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/video";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /d/video/{token}: the customer's side of a video diagnosis call, from the link in the SMS, without signing
 * in. Made for a phone (390 px): the time of the call, Join (the browser asks for the camera and
 * microphone), mute, switch to the back camera to show the drive's display, leave. The signed link is the
 * access: the loader checks it, then hands the page a live grant for this one call's signals. Without
 * JavaScript the page shows the call's details and says what the call needs. Personal: never cached, never
 * indexed. A tampered link says so (403), an expired one too (410); a well-signed link to a call that does
 * not exist is the 404 page.
 */

const PROBLEM_STATUS = { tampered: 403, expired: 410 } as const;

export async function loader({ params, url }: Route.LoaderArgs) {
  const [site, result] = await Promise.all([getSiteSettings(), callForToken(params.token)]);
  if (!result.ok && result.reason === "not-found") return throwNotFound(url);
  const meta = seo(site, { type: "policy", title: "Video call with our engineer", description: "Show the machine to our engineer on your phone's camera.", path: url.pathname, noindex: true });
  if (!result.ok) {
    const problem = result.reason === "expired" ? "expired" : "tampered";
    return data({ problem, call: null, grant: null, iceServers: [], signalUrl: "", meta }, { status: PROBLEM_STATUS[problem], headers: noStore() });
  }
  return data(
    {
      problem: null,
      call: result.call,
      grant: callGrant(result.call.id),
      iceServers: await iceServers(),
      signalUrl: `${url.pathname.replace(/\/+$/, "")}/signal`,
      meta,
    },
    { headers: noStore() },
  );
}

export function headers() {
  return noStore();
}

export const meta = routeMeta;

function minutes(seconds: number | null): string {
  if (!seconds) return "";
  const m = Math.round(seconds / 60);
  return m < 1 ? " (under a minute)" : ` (${m} minute${m === 1 ? "" : "s"})`;
}

export default function CustomerVideoCall({ loaderData }: Route.ComponentProps) {
  const { problem, call, grant, signalUrl } = loaderData;
  if (problem || !call || !grant) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{problem === "expired" ? "This call link has expired" : "This call link does not work"}</h1>
        <p className="mt-4 text-lg">
          {problem === "expired"
            ? "Links to a video call are good for a few days after the call."
            : "The link is not complete or has been changed. Open it again from the SMS we sent you, exactly as it is."}
        </p>
        <CallUs text="To book another call, call us on" />
      </div>
    );
  }
  const joinable = call.status === "scheduled" || call.status === "live";
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Video call with our engineer</h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium text-slate-700 dark:text-slate-300">When</dt>
        <dd>
          <time dateTime={call.scheduledAt}>{formatDateTime(call.scheduledAt)}</time>
        </dd>
        <dt className="font-medium text-slate-700 dark:text-slate-300">About</dt>
        <dd>
          Service request <span className="font-mono">{call.requestReference}</span>
        </dd>
        <dt className="font-medium text-slate-700 dark:text-slate-300">Call</dt>
        <dd className="font-mono">{call.reference}</dd>
      </dl>

      {call.status === "cancelled" && (
        <>
          <p className="mt-6 text-lg font-semibold">This call was cancelled.</p>
          <CallUs text="We will call you to arrange another time. You can also call us on" />
        </>
      )}
      {call.status === "ended" && (
        <>
          <p className="mt-6 text-lg font-semibold">
            This call has ended{minutes(call.durationSeconds)}. Thank you.
          </p>
          <CallUs text="Questions about your request? Call us on" />
        </>
      )}
      {call.status === "missed" && (
        <>
          <p className="mt-6 text-lg font-semibold">The time of this call has passed.</p>
          <CallUs text="Call us to book another time:" />
        </>
      )}

      {joinable && (
        <>
          {call.status === "scheduled" && (
            <p className="mt-4">
              You can join from <time dateTime={call.opensAt}>{formatDateTime(call.opensAt)}</time>, half an hour before the call.
            </p>
          )}
          <div className="mt-6">
            <CallStage side="customer" signalUrl={signalUrl} grant={grant} iceServers={loaderData.iceServers} joinable ended={false} otherLabel="Engineer" />
          </div>
          <TitledSection headingId="tips-heading" className="mt-8" headingClassName="text-lg font-semibold" title="Before you join">
            <ul className="mt-2 list-disc space-y-1 pl-5">
              <li>Stand where the phone has a good signal (or Wi-Fi), near the machine.</li>
              <li>When the browser asks, allow the camera and the microphone.</li>
              <li>Use “Switch to the back camera” to show the drive&apos;s display, the nameplate or the wiring. Hold the phone steady for a snapshot.</li>
              <li>Keep clear of live parts: show them from a safe distance.</li>
            </ul>
            <CallUs text="Trouble joining? Call us on" />
          </TitledSection>
        </>
      )}
    </div>
  );
}
