import { useRouteLoaderData } from "react-router";
import type { SiteSettings } from "./settings-schema.ts";

/** The site settings the root loader provides to every page. */
export function useSite(): SiteSettings {
  const data = useRouteLoaderData("root") as { site?: SiteSettings } | undefined;
  if (!data?.site) throw new Error("useSite() needs the root loader's site settings");
  return data.site;
}
