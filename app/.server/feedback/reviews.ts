import { and, desc, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { feedback, inboundMessages, serviceRequests } from "~/.server/db/schema.ts";
import { ratedRequest } from "~/.server/feedback/joins.ts";

/**
 * What /reviews shows: ratings customers gave through the feedback link after a completed job, published
 * by the office with the customer's recorded consent, and reviews written on /reviews that the office
 * published; newest first. The page is cached like every public page: publishing or hiding bumps the
 * content version (~/.server/content/version.ts), so the cached copy is dropped at once.
 */

export interface PublicReview {
  /** Unique on the page: "job-12" or the form review's reference. */
  key: string;
  /** "job": rated through the link sent after a completed job (a verified customer); "form": written on the site. */
  source: "job" | "form";
  rating: number;
  text: string;
  /** Who wrote it, as they agreed it may be shown ("Ravi Kumar, Hyderabad"; "Meena Rao, Acme Pumps, Pune"). */
  byline: string;
  service: string | null;
  /** YYYY-MM-DD: when it was written. */
  date: string;
}

function detail(details: unknown, key: string): string {
  const v = details && typeof details === "object" ? (details as Record<string, unknown>)[key] : undefined;
  return typeof v === "string" || typeof v === "number" ? String(v) : "";
}

export async function publicReviews(limit = 50): Promise<PublicReview[]> {
  const db = getDb();
  const [rated, written] = await Promise.all([
    db
      .select({ id: feedback.id, rating: feedback.rating, comment: feedback.comment, displayName: feedback.displayName, ratedAt: feedback.ratedAt, service: serviceRequests.serviceName })
      .from(feedback)
      .innerJoin(serviceRequests, ratedRequest)
      // Consent is checked again here: a row published without it (by hand, in the database) still stays off the site.
      .where(and(eq(feedback.publishStatus, "published"), eq(feedback.publishConsent, true)))
      .orderBy(desc(feedback.ratedAt), desc(feedback.id))
      .limit(limit),
    db
      .select()
      .from(inboundMessages)
      .where(and(eq(inboundMessages.form, "review"), eq(inboundMessages.status, "published")))
      .orderBy(desc(inboundMessages.createdAt), desc(inboundMessages.id))
      .limit(limit),
  ]);
  const reviews: Array<PublicReview & { at: number }> = [];
  for (const r of rated) {
    if (r.rating === null || !r.ratedAt) continue;
    reviews.push({
      key: `job-${r.id}`,
      source: "job",
      rating: r.rating,
      text: r.comment ?? "",
      byline: r.displayName ?? "A customer",
      service: r.service,
      date: r.ratedAt.toISOString().slice(0, 10),
      at: r.ratedAt.getTime(),
    });
  }
  for (const m of written) {
    const city = detail(m.details, "city");
    reviews.push({
      key: m.reference,
      source: "form",
      rating: Math.min(5, Math.max(1, Number(detail(m.details, "rating")) || 1)),
      text: m.message,
      byline: [m.name, m.company, city].filter(Boolean).join(", "),
      service: m.subject,
      date: m.createdAt.toISOString().slice(0, 10),
      at: m.createdAt.getTime(),
    });
  }
  return reviews
    .sort((a, b) => b.at - a.at)
    .slice(0, limit)
    .map(({ at: _at, ...r }) => r);
}
