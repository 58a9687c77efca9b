import { staffOf } from "~/.server/auth/staff.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import type { Route } from "./+types/route";

// Being built: until its registry entry says built, the layout answers 404 before this runs.
export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  return throwNotFound(url);
}

export default function NotBuilt() {
  return null;
}
