import { desc, isNotNull, sql } from "drizzle-orm";
import { getDb, type Database } from "~/.server/db/index.ts";
import { feedback, serviceRequests, technicianProfiles } from "~/.server/db/schema.ts";
import { ratedTechnician } from "~/.server/feedback/joins.ts";
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

const summaryColumns = {
  average: sql<number | null>`round(avg(${feedback.rating})::numeric, 2)`.mapWith((v: unknown) => (v === null ? null : Number(v))),
  count: sql<number>`count(${feedback.rating})`.mapWith(Number),
  d1: sql<number>`count(*) filter (where ${feedback.rating} = 1)`.mapWith(Number),
  d2: sql<number>`count(*) filter (where ${feedback.rating} = 2)`.mapWith(Number),
  d3: sql<number>`count(*) filter (where ${feedback.rating} = 3)`.mapWith(Number),
  d4: sql<number>`count(*) filter (where ${feedback.rating} = 4)`.mapWith(Number),
  d5: sql<number>`count(*) filter (where ${feedback.rating} = 5)`.mapWith(Number),
};

function summary(r: { average: number | null; count: number; d1: number; d2: number; d3: number; d4: number; d5: number }): RatingSummary {
  return { average: r.count > 0 ? r.average : null, count: r.count, distribution: [r.d1, r.d2, r.d3, r.d4, r.d5] };
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

/**
 * The ratings per service, counted from the ratings alone, each service then named by its latest rated
 * request: one lookup per service, not a join of every rating to its request (that join was 390-540 ms of
 * the feedback screen on PGlite at seed:volume's 20,000 ratings). Exported for its plan's test.
 */
export function ratingsByService(db: Database) {
  return db
    .select({
      serviceSlug: feedback.serviceSlug,
      name: sql<string | null>`(select ${serviceRequests.serviceName} from ${serviceRequests} where ${serviceRequests.id} = max(${feedback.requestId}))`,
      ...summaryColumns,
    })
    .from(feedback)
    .where(isNotNull(feedback.rating))
    .groupBy(feedback.serviceSlug)
    .orderBy(desc(sql`count(${feedback.rating})`), feedback.serviceSlug)
    .limit(200);
}

/** Overall, per technician and per service, from the ratings given. */
export async function ratingFigures() {
  const db = getDb();
  const rated = isNotNull(feedback.rating);
  const [[overall], byTechnician, byService] = await Promise.all([
    db.select(summaryColumns).from(feedback).where(rated),
    db
      .select({ technicianId: feedback.technicianId, name: sql<string | null>`max(${technicianProfiles.name})`, ...summaryColumns })
      .from(feedback)
      .leftJoin(technicianProfiles, ratedTechnician)
      .where(rated)
      .groupBy(feedback.technicianId)
      .orderBy(desc(sql`count(${feedback.rating})`), feedback.technicianId)
      .limit(200),
    ratingsByService(db),
  ]);
  return {
    overall: summary(overall!),
    byTechnician: byTechnician.map((r): TechnicianRatings => ({ technicianId: r.technicianId, name: r.name ?? "No technician recorded", ...summary(r) })),
    byService: byService.map((r): ServiceRatings => ({ serviceSlug: r.serviceSlug, name: r.name ?? r.serviceSlug ?? "No service recorded", ...summary(r) })),
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
