import { isNotNull, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { feedback, serviceRequests, technicianProfiles } from "~/.server/db/schema.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";

/**
 * The real figures behind the site's claims: every rating customers gave through the feedback link, as an
 * average, a count and a distribution (1-5), overall, per technician (the one on the job when it was
 * completed) and per service. The feedback screen shows them beside the claims the site makes (settings,
 * "claims": e.g. 4.8 of 5 from 2,500 ratings), so the owner can keep the claim honest.
 */

export interface RatingSummary {
  /** Average of the ratings given, to two decimals; null when none. */
  average: number | null;
  count: number;
  /** How many of each rating: index 0 is 1 star, index 4 is 5 stars. */
  distribution: [number, number, number, number, number];
}

function summary(count: number, sum: number, distribution: RatingSummary["distribution"]): RatingSummary {
  // round(avg(rating)::numeric, 2) in whole numbers: half a hundredth rounds up, as numeric's round does.
  return { average: count > 0 ? Math.floor((200 * sum + count) / (2 * count)) / 100 : null, count, distribution };
}

export interface TechnicianRatings extends RatingSummary {
  technicianId: number | null;
  name: string;
}

export interface ServiceRatings extends RatingSummary {
  serviceSlug: string | null;
  name: string;
}

export interface ClaimCheck {
  claimed: { value: number; best: number; count: number };
  real: RatingSummary;
  /** The real average on the claim's scale (claims may use another best than 5). */
  realOnClaimScale: number | null;
  /** Plain words on how the claim compares with the recorded ratings. */
  verdict: "no-ratings" | "honest" | "above" | "count-above";
}

/** The screen lists this many technicians and services at most. */
const MAX_GROUPS = 200;

type GroupRow = {
  /** 1: a technician's row (technician_id, rating); 2: a service's row (service_slug, rating). */
  g: number;
  technician_id: number | null;
  service_slug: string | null;
  rating: number;
  n: number;
  technician_name: string | null;
  service_name: string | null;
};

/**
 * Every figure of the screen in one statement and one pass over the ratings (issue 17 §8): the ratings are
 * counted per technician and rating and per service and rating (GROUPING SETS, a plain count per group),
 * and the overall figures, averages and distributions are summed from those few hundred rows here. Three
 * statements each aggregating every rating with seven filtered aggregates took 100 ms of database time per
 * view at seed:volume's 20,000 ratings. A technician is named from their profile, a service by its latest
 * rated request (one lookup per group, no join of every rating to its request). Ordered as the screen lists
 * them: most ratings first, then by technician id or service slug (NULL last). Exported for its plan's test.
 */
export const RATING_GROUPS = sql`
    with counted as (
      select grouping(${feedback.technicianId}, ${feedback.serviceSlug})::int as g, ${feedback.technicianId} as technician_id,
             ${feedback.serviceSlug} as service_slug, ${feedback.rating} as rating, count(*)::int as n, max(${feedback.requestId}) as last_request
        from ${feedback}
       where ${isNotNull(feedback.rating)}
       group by grouping sets ((${feedback.technicianId}, ${feedback.rating}), (${feedback.serviceSlug}, ${feedback.rating}))
    ),
    totals as (
      select c.*, sum(c.n) over (partition by c.g, c.technician_id, c.service_slug) as total,
             max(c.last_request) over (partition by c.g, c.technician_id, c.service_slug) as latest
        from counted c
    )
    select t.g, t.technician_id, t.service_slug, t.rating, t.n,
           case when t.g = 1 then (select ${technicianProfiles.name} from ${technicianProfiles} where ${technicianProfiles.id} = t.technician_id) end as technician_name,
           case when t.g = 2 and t.last_request = t.latest then (select ${serviceRequests.serviceName} from ${serviceRequests} where ${serviceRequests.id} = t.latest) end as service_name
      from totals t
     order by t.g, t.total desc, t.technician_id, t.service_slug, t.rating`;

interface Group {
  key: number | string | null;
  name: string | null;
  count: number;
  sum: number;
  distribution: RatingSummary["distribution"];
}

/** Overall, per technician and per service, from the ratings given. */
export async function ratingFigures() {
  const rows = ((await getDb().execute(RATING_GROUPS)) as unknown as { rows: GroupRow[] }).rows;
  // In the statement's order: a group's first row places it.
  const groups = { 1: new Map<number | string | null, Group>(), 2: new Map<number | string | null, Group>() };
  for (const r of rows) {
    const g = Number(r.g) as 1 | 2;
    const key = g === 1 ? r.technician_id : r.service_slug;
    const group = groups[g].get(key) ?? { key, name: null, count: 0, sum: 0, distribution: [0, 0, 0, 0, 0] };
    const n = Number(r.n);
    const rating = Number(r.rating);
    group.count += n;
    group.sum += rating * n;
    if (rating >= 1 && rating <= 5) group.distribution[rating - 1] = group.distribution[rating - 1]! + n;
    group.name ??= g === 1 ? r.technician_name : r.service_name;
    groups[g].set(key, group);
  }
  const technicians = [...groups[1].values()];
  // Every rating is in exactly one technician's group (NULL included): the overall figures are their sums.
  const overall = technicians.reduce(
    (all, t) => ({ count: all.count + t.count, sum: all.sum + t.sum, distribution: all.distribution.map((d, i) => d + t.distribution[i]!) as Group["distribution"] }),
    { count: 0, sum: 0, distribution: [0, 0, 0, 0, 0] as Group["distribution"] },
  );
  return {
    overall: summary(overall.count, overall.sum, overall.distribution),
    byTechnician: technicians.slice(0, MAX_GROUPS).map(
      (t): TechnicianRatings => ({ technicianId: t.key as number | null, name: t.name ?? "No technician recorded", ...summary(t.count, t.sum, t.distribution) }),
    ),
    byService: [...groups[2].values()].slice(0, MAX_GROUPS).map(
      (s): ServiceRatings => ({ serviceSlug: s.key as string | null, name: s.name ?? (s.key as string | null) ?? "No service recorded", ...summary(s.count, s.sum, s.distribution) }),
    ),
  };
}

/**
 * The site's claim beside the recorded ratings. "honest": the claimed average is not above the real one
 * (rounded to the claim's one decimal) and the claimed count is not above the ratings on record; "above":
 * the claimed average is higher than customers gave; "count-above": the average holds but more ratings are
 * claimed than are on record (ratings gathered elsewhere, e.g. Google, may explain it: the owner decides).
 */
export function checkClaim(claims: SiteSettings["claims"], real: RatingSummary): ClaimCheck {
  const claimed = { value: claims.ratingValue, best: claims.ratingBest, count: claims.ratingCount };
  const realOnClaimScale = real.average === null ? null : Math.round((real.average / 5) * claims.ratingBest * 10) / 10;
  let verdict: ClaimCheck["verdict"];
  if (real.count === 0 || realOnClaimScale === null) verdict = "no-ratings";
  else if (claimed.value > realOnClaimScale) verdict = "above";
  else if (claimed.count > real.count) verdict = "count-above";
  else verdict = "honest";
  return { claimed, real, realOnClaimScale, verdict };
}
