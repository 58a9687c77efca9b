import { redirect } from "react-router";
import { staffOf } from "~/.server/auth/staff.ts";
import type { Route } from "./+types/route";

/**
 * /admin/service-management: the spec's second name for the service catalogue ("same screen as services
 * management"). It sends the office to /admin/services, keeping any filter in the address.
 */
export function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  throw redirect(`/admin/services${url.search}`, 301);
}
