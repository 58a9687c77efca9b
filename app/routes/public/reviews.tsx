import { listServices } from "~/.server/content/index.ts";
import { postEnquiry } from "~/.server/enquiries/index.ts";
import { publicReviews } from "~/.server/feedback/reviews.ts";
import { clientAddress, respond } from "~/.server/forms/index.ts";
import { formPageHeaders } from "~/.server/http/cache.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import { EnquiryForm } from "~/components/form/enquiry-form.tsx";
import { FormSection } from "~/components/form/form-section.tsx";
import { StarIcon } from "~/components/icons.tsx";
import { routeMeta } from "~/lib/route-meta.ts";
import { useSite } from "~/lib/use-site.ts";
import type { Route } from "./+types/reviews";
import { TitledSection } from "~/components/titled-section.tsx";

export async function loader() {
  // Published ratings of completed jobs (with the customer's consent) and published reviews from the form
  // below. No AggregateRating markup for our own reviews: search engines ignore self-serving ratings.
  const [site, reviews, services] = await Promise.all([getSiteSettings(), publicReviews(), listServices()]);
  return {
    reviews,
    services: services.map((s) => s.name),
    meta: seo(site, {
      type: "about",
      title: "Customer Reviews",
      description: `Rated ${site.claims.ratingValue} out of ${site.claims.ratingBest} from ${site.claims.ratingCount.toLocaleString("en-IN")} ratings. Read what plant engineers say about our repairs and breakdown support, and write a review.`,
      path: "/reviews",
      breadcrumbs: [{ name: "Reviews", path: "/reviews" }],
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return respond(await postEnquiry(request, clientAddress(context), ["review"]));
}

export const headers = formPageHeaders;

export const meta = routeMeta;

function Stars({ value, best, size = "size-6" }: { value: number; best: number; size?: string }) {
  return (
    <span className="flex" role="img" aria-label={`Rated ${value} out of ${best}`}>
      {Array.from({ length: best }, (_, i) => (
        <StarIcon key={i} className={`${size} ${i < Math.round(value) ? "fill-amber-400 text-amber-500" : "text-slate-400"}`} />
      ))}
    </span>
  );
}

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, services } = loaderData;
  const { claims } = useSite();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Breadcrumbs trail={[{ name: "Reviews", path: "/reviews" }]} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Customer reviews</h1>
      <TitledSection headingId="rating-heading" className="mt-6 flex flex-wrap items-center gap-5 rounded-lg border border-slate-200 p-6 dark:border-slate-800" headingClassName="sr-only" title="Overall rating">
        <p className="text-6xl font-extrabold">{claims.ratingValue}</p>
        <div>
          <Stars value={claims.ratingValue} best={claims.ratingBest} size="size-7" />
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            out of {claims.ratingBest}, from {claims.ratingCount.toLocaleString("en-IN")} ratings by our customers
          </p>
        </div>
      </TitledSection>

      <TitledSection headingId="published-heading" className="mt-10" headingClassName="text-2xl font-bold" title="What customers wrote">
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Customers rate each completed job through a link we send them, and those who agree are shown here. We
          publish reviews written on this page once we have matched them to a job we did, critical ones too. Names
          are shown as people gave them; phone numbers never are.
        </p>
        {reviews.length === 0 ? (
          <p className="mt-6 rounded-lg bg-slate-50 p-5 dark:bg-slate-900">
            No written reviews have been published on this site yet. If we have worked for you, you can be the first:{" "}
            <a href="#write" className="font-semibold text-brand-700 underline dark:text-sky-300">
              write a review
            </a>
            .
          </p>
        ) : (
          <ul className="mt-6 space-y-5">
            {reviews.map((r) => (
              <li key={r.key}>
                <article className="rounded-lg border border-slate-200 p-5 dark:border-slate-800">
                  <Stars value={r.rating} best={5} size="size-5" />
                  {r.text ? <p className="mt-3 whitespace-pre-line">{r.text}</p> : null}
                  <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
                    <span className="font-semibold">{r.byline}</span>
                    {r.service ? ` · ${r.service}` : ""} · <time dateTime={r.date}>{r.date}</time>
                    {r.source === "job" ? " · Rated after a completed job" : ""}
                  </p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </TitledSection>

      <FormSection id="write" title="Write a review" intro="Tell other plant engineers how the job went. It takes two minutes.">
        <EnquiryForm form="review" action="/reviews#write" failure={actionData} options={{ subject: services }} />
      </FormSection>
    </div>
  );
}
