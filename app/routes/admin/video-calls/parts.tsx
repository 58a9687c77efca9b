import { muted } from "~/components/admin/styles.ts";
import { Field } from "~/components/form/fields.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { VIDEO_CALL_STATUS_LABELS, type VideoCallStatus } from "~/lib/forms/admin/video-calls.ts";

/** What the video-call screens share: the status badge, the duration, who took part. */

const STATUS_CLASS: Record<VideoCallStatus, string> = {
  scheduled: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  live: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100",
  ended: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
  cancelled: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
  missed: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
};

export function CallStatus({ status }: { status: VideoCallStatus }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-sm font-semibold whitespace-nowrap ${STATUS_CLASS[status]}`}>{VIDEO_CALL_STATUS_LABELS[status]}</span>;
}

/** "4 min 05 s", "1 h 02 min", "35 s" (the same words as the server's durationText). */
export function durationWords(seconds: number | null): string | null {
  if (seconds === null) return null;
  if (seconds < 60) return `${seconds} s`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, "0")} min` : `${m} min ${String(s).padStart(2, "0")} s`;
}

export interface ParticipantView {
  role: "engineer" | "customer";
  name: string;
  joinedAt: string;
  leftAt: string | null;
}

const timeOnly = new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" });

export function participantLine(p: ParticipantView): string {
  const role = p.role === "engineer" ? "Engineer" : "Customer";
  const left = p.leftAt ? `, left ${timeOnly.format(new Date(p.leftAt))}` : "";
  return `${role}: ${p.name} (joined ${timeOnly.format(new Date(p.joinedAt))}${left})`;
}

export function Participants({ participants }: { participants: ParticipantView[] }) {
  if (participants.length === 0) return <span className={muted}>Nobody joined</span>;
  return (
    <ul className="space-y-0.5">
      {participants.map((p) => (
        <li key={`${p.role}-${p.joinedAt}`}>
          <span className="font-medium">{p.role === "engineer" ? "Engineer" : "Customer"}:</span> {p.name}{" "}
          <span className={`text-sm ${muted}`}>
            (<time dateTime={p.joinedAt}>{formatDateTime(p.joinedAt)}</time>
            {p.leftAt ? (
              <>
                {" "}
                to <time dateTime={p.leftAt}>{timeOnly.format(new Date(p.leftAt))}</time>
              </>
            ) : (
              ", still in"
            )}
            )
          </span>
        </li>
      ))}
    </ul>
  );
}

const fieldControl = "mt-1 block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 dark:bg-slate-900 dark:text-slate-100";

function WhenField({ name, label, type, value, error, min, idPrefix }: { name: string; label: string; type: "date" | "time"; value?: string; error?: string; min?: string; idPrefix: string }) {
  const id = `${idPrefix}${name}`;
  const mark = (
    <span className="text-red-700 dark:text-red-400" aria-hidden="true">
      {" "}
      *
    </span>
  );
  return (
    <Field
      id={id}
      label={
        <>
          {label}
          {mark}
        </>
      }
      error={error}
    >
      {(aria) => (
        <input
          {...aria}
          name={name}
          type={type}
          defaultValue={value}
          min={min}
          step={type === "time" ? 300 : undefined}
          required
          className={`${fieldControl} ${error ? "border-red-700 dark:border-red-400" : "border-slate-300 dark:border-slate-600"}`}
        />
      )}
    </Field>
  );
}

/** The call's date and time (India's time), side by side. */
export function WhenFields({ values, errors, today, idPrefix = "" }: { values: { date?: string; time?: string }; errors: Record<string, string>; today: string; idPrefix?: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <WhenField name="date" label="Date" type="date" value={values.date} error={errors.date} min={today} idPrefix={idPrefix} />
      <WhenField name="time" label="Time (India)" type="time" value={values.time} error={errors.time} idPrefix={idPrefix} />
    </div>
  );
}
