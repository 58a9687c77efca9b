import { FilterTabs } from "~/components/admin/filter-tabs.tsx";
import { muted } from "~/components/admin/styles.ts";

/** The feedback screens' own navigation: ratings, reviews written on the site, forum posts. */
export function FeedbackNav({ current, awaiting }: { current: "ratings" | "reviews" | "forum"; awaiting: { reviews: number; forum: number } }) {
  return (
    <FilterTabs
      label="Feedback screens"
      tabs={[
        { href: "/admin/feedback", label: "Ratings of jobs", current: current === "ratings" },
        { href: "/admin/feedback/reviews", label: "Reviews from the site, new", current: current === "reviews", count: awaiting.reviews },
        { href: "/admin/feedback/forum", label: "Forum posts, awaiting", current: current === "forum", count: awaiting.forum },
      ]}
    />
  );
}

/** "4.25 of 5", or a dash when nothing was rated. */
export function averageText(average: number | null): string {
  return average === null ? "none yet" : `${average.toLocaleString("en-IN", { minimumFractionDigits: 1, maximumFractionDigits: 2 })} of 5`;
}

/** How many of each rating, 5 down to 1, as a short list a screen reader reads plainly. */
export function Distribution({ distribution }: { distribution: readonly number[] }) {
  const total = distribution.reduce((a, b) => a + b, 0);
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm tabular-nums">
      {[5, 4, 3, 2, 1].map((stars) => {
        const n = distribution[stars - 1] ?? 0;
        return (
          <li key={stars} className={n === 0 ? muted : undefined}>
            <span aria-hidden="true">{stars}★</span>
            <span className="sr-only">{stars} stars:</span> {n}
            {total > 0 && n > 0 ? <span className={muted}> ({Math.round((n / total) * 100)}%)</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** A rating as text: "2 of 5 (Poor)". */
export function ratingText(rating: number | null, words: Record<number, string>): string {
  return rating === null ? "Not rated yet" : `${rating} of 5 (${words[rating]})`;
}
