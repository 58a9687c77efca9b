import { throwNotFound } from "~/.server/http/errors.ts";
import type { Route } from "./+types/not-found";

/** Catch-all: any path no other route claims. The root error boundary renders the 404 page. */
export async function loader({ request }: Route.LoaderArgs) {
  return throwNotFound(request);
}

/** A form posted to an unknown address is a 404 too, not a 405. */
export async function action({ request }: Route.ActionArgs) {
  return throwNotFound(request);
}

export default function NotFound() {
  // Never rendered: the loader always throws.
  return null;
}
