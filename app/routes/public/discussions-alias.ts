import { redirect } from "react-router";

/** The spec's search index names /discussions; the navigation names /discussion. Both reach the forum. */
export function loader() {
  return redirect("/discussion", 301);
}
