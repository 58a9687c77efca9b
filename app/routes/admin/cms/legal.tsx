import { staffOf } from "~/.server/auth/staff.ts";
import { legalTextsOverview } from "~/.server/legal/index.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { Table } from "~/components/admin/table.tsx";
import { formatDate } from "~/lib/format.ts";
import type { Route } from "./+types/legal";

/**
 * /admin/cms/legal: the legal texts (privacy notice, terms, return policy), each with the version in force
 * and how many it has had. Every version is kept, because consent records point at the one agreed to; a
 * text changes only by publishing its next version (/admin/cms/legal/{slug}).
 */
export async function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  return { texts: await legalTextsOverview() };
}

export const handle = { title: "Legal texts" };

export default function AdminLegalTexts({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        back={{ href: "/admin/cms", label: "Content" }}
        title="Legal texts"
        description="Every published version is kept and stays readable on the site: consents given by customers point at the version they agreed to."
      />
      <Table label="Legal texts" columns={["Text", "In force", "Versions", "On the site"]}>
        {loaderData.texts.map((t) => (
          <tr key={t.slug} className="border-t border-slate-200 dark:border-slate-800">
            <th scope="row" className="px-3 py-2 font-medium">
              <a href={`/admin/cms/legal/${t.slug}`} className={link}>
                {t.name}
              </a>
            </th>
            <td className="px-3 py-2">
              {t.current ? (
                <>
                  Version {t.current.number}, from <time dateTime={t.current.effectiveOn}>{formatDate(t.current.effectiveOn)}</time>
                </>
              ) : (
                <span className={muted}>Not published yet</span>
              )}
            </td>
            <td className="px-3 py-2">{t.count}</td>
            <td className="px-3 py-2">
              <a href={`/${t.slug}`} className={link}>
                /{t.slug}
              </a>
            </td>
          </tr>
        ))}
      </Table>
    </div>
  );
}
