import { throwNotFound } from "~/.server/http/errors.ts";
import type { Route } from "./+types/not-found";

/** Catch-all: any path no other route claims. The root error boundary renders the 404 page. */
export async function loader({ url }: Route.LoaderArgs) {
  return throwNotFound(url);
}

/** A form posted to an unknown address is a 404 too, not a 405. */
export async function action({ url }: Route.ActionArgs) {
  return throwNotFound(url);
}

export default function NotFound() {
  // Never rendered: the loader always throws.
  return null;
}
