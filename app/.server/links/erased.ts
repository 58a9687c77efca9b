import { sql } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { noStore } from "~/.server/http/cache.ts";
import { SIGNED_LINK_KINDS, verifyLinkToken, type SignedLinkKind } from "./signed.ts";

/**
 * Every signed link of an erased customer answers 410 Gone (issue 17 §1): an old link to their invoice
 * still opened it, with their name and mobile. Checked once for every /d/<kind>/<token> path (the root
 * route's middleware), whatever the page behind it, so that no kind of link can be missed.
 */

/** The customer whose document a kind of link opens, by the document's id. */
const OWNER: Record<SignedLinkKind, (id: number) => ReturnType<typeof sql>> = {
  invoice: (id) => sql`select customer_id as id from invoices where id = ${id}`,
  receipt: (id) => sql`select customer_id as id from payments where id = ${id}`,
  quote: (id) => sql`select customer_id as id from quotes where id = ${id}`,
  feedback: (id) => sql`select customer_id as id from feedback where id = ${id}`,
  contract: (id) => sql`select customer_id as id from contracts where id = ${id}`,
  ticket: (id) => sql`select customer_id as id from tickets where id = ${id}`,
  video: (id) => sql`select r.customer_id as id from video_calls v join service_requests r on r.id = v.service_request_id where v.id = ${id}`,
  optout: (id) => sql`select ${id}::int as id`,
};

const PATH = new RegExp(`^/d/(${SIGNED_LINK_KINDS.join("|")})/([^/]+?)(?:\\.(?:pdf|data))?(?:/.*)?$`);

/** Whether the path is a well-signed link to a document of an erased customer. */
export async function isErasedCustomersLink(pathname: string, now = new Date()): Promise<boolean> {
  const match = PATH.exec(pathname);
  if (!match) return false;
  const kind = match[1] as SignedLinkKind;
  const check = verifyLinkToken(kind, decodeURIComponent(match[2]!), now);
  if (!check.ok) return false;
  const result = (await getDb().execute(
    sql`select exists (select 1 from customers c where c.erased_at is not null and c.id = (${OWNER[kind](check.id)})) as erased`,
  )) as unknown as { rows: Array<{ erased: boolean }> };
  return result.rows[0]?.erased === true;
}

/** The 410 such a link answers. */
export function erasedLinkResponse(): Response {
  return new Response("This link no longer works: the personal data it led to has been erased at the customer's request.", {
    status: 410,
    headers: { ...noStore(), "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex, nofollow" },
  });
}
