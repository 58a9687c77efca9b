import type { SiteSettings } from "~/lib/settings-schema.ts";
import { defaultSettings } from "./defaults.ts";

/**
 * The first run's sample values (a 90000 number, an example.com address, an all-A GSTIN) that are still
 * live: the back office says so until the owner replaces them in the settings.
 */
export function sampleValuesInUse(site: SiteSettings): string[] {
  const sample = defaultSettings(site.identity.siteUrl);
  const live: string[] = [];
  if (site.identity.supportPhone === sample.identity.supportPhone) live.push("support phone");
  if (site.identity.whatsappNumber === sample.identity.whatsappNumber) live.push("WhatsApp number");
  if (site.identity.supportEmail === sample.identity.supportEmail) live.push("support e-mail");
  if (site.business.gstin === sample.business.gstin) live.push("GSTIN");
  return live;
}

/**
 * Where the owner replaces the live samples: the settings section that holds the first of them (the
 * contact details, else the GSTIN), or undefined when none is live. The back office's banner links here.
 */
export function sampleSettingsHref(site: SiteSettings): string | undefined {
  const live = sampleValuesInUse(site);
  if (live.length === 0) return undefined;
  return live.some((v) => v !== "GSTIN") ? "/admin/settings?group=identity" : "/admin/settings?group=business";
}
