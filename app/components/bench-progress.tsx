import { BENCH_STAGES, STAGE_INFO } from "~/lib/bench/stages.ts";
import { EventTimeline } from "~/components/event-timeline.tsx";
import { PhotoGrid } from "~/components/photo-grid.tsx";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * The customer's view of their units in our workshop (on their request page): for each unit its job card,
 * where it stands among the stages, what that means, the estimate, the test result, the warranty, and the
 * steps the office did not mark internal. The data is ~/.server/bench/view.ts benchForRequest({ customer: true }).
 */
export interface BenchProgressUnit {
  jobCard: string;
  unit: string;
  stage: string;
  stageLabel: string;
  stageText: string;
  receivedAt: string;
  estimate: string | null;
  testResult: "pass" | "fail" | null;
  warrantyUntil: string | null;
  underWarranty: boolean;
  warrantyRepeatOf: string | null;
  events: Array<{ id: number; stageLabel: string; note: string | null; createdAt: string }>;
  photos: Array<{ id: number; width: number; height: number; caption: string | null; src: string }>;
}

export function BenchProgress({ units }: { units: BenchProgressUnit[] }) {
  if (units.length === 0) return null;
  return (
    <TitledSection headingId="bench-heading" className="mt-8" headingClassName="text-xl font-semibold" title={units.length === 1 ? "Your unit in our workshop" : "Your units in our workshop"}>
      <ul className="mt-3 space-y-6">
        {units.map((u) => {
          const at = BENCH_STAGES.indexOf(u.stage as (typeof BENCH_STAGES)[number]);
          return (
            <li key={u.jobCard} className="rounded-md border border-slate-200 p-4 dark:border-slate-800">
              <h3 className="text-lg font-semibold">
                {u.unit} <span className="font-mono text-base font-normal">({u.jobCard})</span>
              </h3>
              <p className="mt-1">
                Now: <strong>{u.stageLabel}</strong>. {u.stageText}
              </p>
              {u.warrantyUntil && <p className="mt-1">{u.underWarranty ? `Under warranty until ${u.warrantyUntil}.` : `The warranty ended on ${u.warrantyUntil}.`}</p>}
              {u.warrantyRepeatOf && <p className="mt-1">Booked in within the warranty of our earlier repair {u.warrantyRepeatOf}.</p>}
              {u.estimate && <p className="mt-1">Estimate: {u.estimate}</p>}
              {u.testResult && <p className="mt-1">Load test: {u.testResult === "pass" ? "passed" : "failed, being repaired again"}</p>}
              <ol aria-label={`Stages of ${u.jobCard}`} className="mt-3 flex flex-wrap gap-1.5 text-sm">
                {BENCH_STAGES.map((s, i) => (
                  <li
                    key={s}
                    aria-current={i === at ? "step" : undefined}
                    className={`rounded-full border px-2.5 py-0.5 ${
                      i < at
                        ? "border-green-700 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100"
                        : i === at
                          ? "border-brand-700 bg-brand-700 font-semibold text-white"
                          : "border-slate-300 text-slate-700 dark:border-slate-700 dark:text-slate-300"
                    }`}
                  >
                    {STAGE_INFO[s].label}
                    {i < at && <span className="sr-only"> (done)</span>}
                  </li>
                ))}
              </ol>
              <EventTimeline
                label={`Steps of ${u.jobCard}`}
                gap="tight-spaced"
                events={u.events.map((e) => ({ id: e.id, title: e.stageLabel, createdAt: e.createdAt, note: e.note }))}
              />
              {u.photos.length > 0 && (
                <PhotoGrid label={`Photos of ${u.jobCard}`} className="mt-4" photos={u.photos.map((p) => ({ ...p, caption: null, alt: `${u.unit} in our workshop${p.caption ? `: ${p.caption}` : ""}` }))} />
              )}
            </li>
          );
        })}
      </ul>
    </TitledSection>
  );
}
