import { staffOf } from "~/.server/auth/staff.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import type { Route } from "./+types/not-built";

/**
 * Back-office addresses with no built screen (a screen registered with built: false, or an address no screen
 * has): the same gate and admin-only guard as every admin page, then the 404 page. Never a placeholder.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  return throwNotFound(url);
}

export async function action({ url, context }: Route.ActionArgs) {
  staffOf(context);
  return throwNotFound(url);
}

/**
 * Never rendered (the loader always throws), but a component makes this a page route, so that the root's
 * error boundary renders the 403 and 404 pages instead of answering with bare data.
 */
export default function AdminNotBuilt() {
  return null;
}
