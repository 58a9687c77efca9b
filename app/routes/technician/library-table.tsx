import { portalSessionOf } from "~/.server/auth/portal.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { technicianFaultTable, technicianReadsLibrary } from "~/.server/technical-library/documents.ts";
import { link } from "~/components/ui/styles.ts";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/library-table";

/**
 * /technician/library/tables/{slug}: one fault-code table, whole (a staff-only one too), for an approved
 * technician. The portal's service worker keeps every table's page, so that a code can be looked up offline.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const session = portalSessionOf(context, "technician");
  const table = (await technicianReadsLibrary(session.user)) ? await technicianFaultTable(params.slug) : undefined;
  if (!table) return throwNotFound(url);
  return { table };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (d) => `${d.table.brand} ${d.table.series} fault codes` };

export default function TechnicianFaultTable({ loaderData }: Route.ComponentProps) {
  const { table: t } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <p>
        <a href="/technician/library" data-reload className={link}>
          Library
        </a>
      </p>
      <h1 className="mt-2 text-3xl font-bold">
        {t.brand} {t.series} fault codes
      </h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        {t.codes.length} {t.codes.length === 1 ? "code" : "codes"}
        {t.public ? "" : " · staff and technicians only"}
        {t.source ? ` · source: ${t.source}` : ""}
      </p>
      <dl className="mt-6 divide-y divide-slate-200 dark:divide-slate-800">
        {t.codes.map((c) => (
          <div key={c.code} id={`code-${c.code}`} className="py-4">
            <dt className="font-semibold">
              <span className="font-mono">{c.code}</span> {c.name}
            </dt>
            <dd className="mt-1 space-y-1 text-slate-700 dark:text-slate-300">
              {c.causes && <p>Causes: {c.causes}</p>}
              {c.remedy && <p className="whitespace-pre-line">Remedy: {c.remedy}</p>}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
