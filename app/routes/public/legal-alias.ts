import { redirect } from "react-router";
import { throwNotFound } from "~/.server/http/errors.ts";
import type { Route } from "./+types/legal-alias";

/** Old and alternative addresses of the legal pages: /legal/{alias} moves permanently to the page itself. */
const ALIASES: Record<string, string> = {
  "privacy-policy": "/privacy",
  privacy: "/privacy",
  "terms-and-conditions": "/terms",
  terms: "/terms",
  "return-policy": "/return-policy",
  returns: "/return-policy",
};

export async function loader({ url, params }: Route.LoaderArgs) {
  const target = Object.hasOwn(ALIASES, params.alias) ? ALIASES[params.alias] : undefined;
  if (!target) return throwNotFound(url);
  throw redirect(target, 301);
}
