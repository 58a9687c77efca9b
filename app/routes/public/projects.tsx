import { listEntries } from "~/.server/content/index.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { PageHeading } from "~/components/page-heading.tsx";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/projects";

export async function loader() {
  const [site, projects] = await Promise.all([getSiteSettings(), listEntries("project")]);
  return {
    projects: projects.map((p) => ({
      slug: p.slug,
      title: p.title,
      industry: p.data.industry,
      location: p.data.location,
      scope: p.data.scope,
      systems: p.data.systems,
      outcome: p.data.outcome,
    })),
    meta: seo(site, {
      type: "services",
      title: "Projects",
      description: `${projects.length} recent projects: drive retrofits, PLC migrations, panel builds, energy audits, breakdown recovery and AMCs for pharma, steel, cement, FMCG and more.`,
      path: "/projects",
      breadcrumbs: [{ name: "Projects", path: "/projects" }],
    }),
  };
}

export const meta = routeMeta;

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { projects } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading trail={[{ name: "Projects", path: "/projects" }]} className="mt-4 max-w-3xl" title="Projects" summary="A selection of recent work. Customers are not named; each project is described by its industry, place and the systems we worked on.">
        <p className="mt-3">
          <a href="/projects/case-studies" className="font-semibold text-brand-700 underline dark:text-sky-300">
            Read our detailed case studies
          </a>
        </p>
      </PageHeading>
      <ul className="mt-10 grid gap-5 md:grid-cols-2">
        {projects.map((p) => (
          <li key={p.slug}>
            <section
              id={p.slug}
              aria-labelledby={`${p.slug}-heading`}
              className="h-full rounded-lg border border-slate-200 p-5 dark:border-slate-800"
            >
              <p className="text-sm font-semibold tracking-wide text-accent-600 uppercase dark:text-accent-400">
                {p.industry}
              </p>
              <h2 id={`${p.slug}-heading`} className="mt-1 text-xl font-semibold">
                {p.title}
              </h2>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{p.location}</p>
              <h3 className="mt-4 text-sm font-semibold">Scope</h3>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
                {p.scope.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
              <h3 className="mt-4 text-sm font-semibold">Systems</h3>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
                {p.systems.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
              <h3 className="mt-4 text-sm font-semibold">Outcome</h3>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{p.outcome}</p>
            </section>
          </li>
        ))}
      </ul>
    </div>
  );
}
