import { and, desc, eq, sql } from "drizzle-orm";
import { Refusal, refusedBy, type ChangeResult } from "~/.server/admin/changes.ts";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { clearContentCache } from "~/.server/content/index.ts";
import { getDb } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { contentEntries, legalVersions } from "~/.server/db/schema.ts";
import { STALE_LEGAL_MESSAGE, type PublishLegalInput } from "~/lib/forms/admin/cms.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { legalTextName, type LegalSlug } from "~/lib/legal.ts";

/**
 * Publishes a new version of a legal text, on the version the staff member saw (`input.version`, the number
 * of the version their form was drawn on): another publish meanwhile refuses it, never overwrites it (the
 * check here, and the unique (slug, number) index for two at the same moment). The new version takes effect
 * today (India); the page entry the site's search and sitemap read takes its text; one audit entry.
 */
export async function publishLegalVersion(staff: StaffMember, slug: LegalSlug, input: PublishLegalInput, now = new Date()): Promise<ChangeResult<{ number: number }>> {
  try {
    const result = await getDb().transaction(async (tx): Promise<ChangeResult<{ number: number }>> => {
      const [current] = await tx.select().from(legalVersions).where(eq(legalVersions.slug, slug)).orderBy(desc(legalVersions.number)).limit(1);
      if (!current) return { ok: false, reason: "not-found" };
      if (current.number !== input.version) throw new Refusal("form", STALE_LEGAL_MESSAGE);
      if (current.title === input.title && current.summary === input.summary && current.body === input.body) {
        throw new Refusal("body", "This is the text already in force: change it before publishing a new version.");
      }
      const number = current.number + 1;
      const effectiveOn = todayInIndia(now);
      const label = String(number);
      const [added] = await tx
        .insert(legalVersions)
        .values({
          slug,
          number,
          title: input.title,
          summary: input.summary,
          body: input.body,
          effectiveOn,
          label,
          publishedAt: now,
          publishedBy: staff.userId,
          publishedByName: auditActor(staff).label,
        })
        .returning({ id: legalVersions.id });
      // The page entry follows: the site search, the sitemap and the content screen read its text.
      await tx
        .update(contentEntries)
        .set({
          title: input.title,
          summary: input.summary,
          body: input.body,
          data: sql`jsonb_set(${contentEntries.data}, '{version}', to_jsonb(${label}::text))`,
          version: sql`${contentEntries.version} + 1`,
          updatedAt: now,
        })
        .where(and(eq(contentEntries.kind, "page"), eq(contentEntries.slug, slug)));
      await audit(
        tx,
        auditActor(staff),
        {
          action: "legal.publish",
          entityType: "legal-text",
          entityId: slug,
          entityLabel: legalTextName(slug),
          before: { version: current.number },
          after: { version: number, effectiveOn, versionId: added!.id, ...(input.note ? { note: input.note } : {}) },
        },
        now,
      );
      return { ok: true, message: `Version ${number} of the ${legalTextName(slug).toLowerCase()} is published and in force from today.`, number };
    });
    if (result.ok) clearContentCache();
    return result;
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "refused", field: "form", message: STALE_LEGAL_MESSAGE };
    const refused = refusedBy(error);
    if (refused) return refused;
    throw error;
  }
}
