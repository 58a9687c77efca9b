import { specimenPdf } from "./specimen-pdf.ts";
import { and, desc, eq, inArray, isNull, lt } from "drizzle-orm";
import type { Database } from "~/.server/db/index.ts";
import { investorDocuments, serviceRequests } from "~/.server/db/schema.ts";
import { raiseStaffAlerts, type StaffAlert } from "~/.server/notifications/staff-alerts.ts";
import { writeStored } from "~/.server/uploads/storage.ts";
import { newRequestAlert } from "~/.server/requests/alerts.ts";
import { responseOverdueAlert } from "~/.server/requests/escalation.ts";

/**
 * The demo's staff alerts and investor document (issue 12 §3, §8), from the demo's own records: the newest
 * requests still new raise their "new request" or "emergency" alerts, and those past their response promise
 * with no call logged their "response overdue" alert, as the live code would have (payments and low ratings
 * raised theirs when the money demo recorded them). The investor document is a one-page specimen PDF that
 * says it is one: no figures.
 */
export async function seedDemoNotifications(db: Database, options: { now: Date; ownerUserId: number | null; supportPhone: string; supportEmail: string }): Promise<{ alerts: number; documents: number }> {
  const { now } = options;
  const fresh = await db
    .select()
    .from(serviceRequests)
    .where(eq(serviceRequests.status, "new"))
    .orderBy(desc(serviceRequests.createdAt))
    .limit(5);
  const late = await db
    .select()
    .from(serviceRequests)
    .where(and(inArray(serviceRequests.status, ["new", "contacted"]), isNull(serviceRequests.firstContactAt), lt(serviceRequests.responseDueAt, now)))
    .orderBy(desc(serviceRequests.responseDueAt))
    .limit(3);
  const alerts: StaffAlert[] = [
    ...fresh.map((r) => newRequestAlert(r, { supportPhone: options.supportPhone, supportEmail: options.supportEmail })),
    ...late.map(responseOverdueAlert),
  ];
  const raised = await db.transaction((tx) => raiseStaffAlerts(tx, alerts));

  const path = "investors/demo-specimen.pdf";
  const pdf = specimenPdf("Specimen investor document: demo data. It holds no financial figures.");
  await writeStored(path, pdf);
  const inserted = await db
    .insert(investorDocuments)
    .values({ title: "Specimen investor update (demo data)", period: "Demo", path, fileName: "specimen-investor-update.pdf", bytes: pdf.length, published: true, uploadedBy: options.ownerUserId, createdAt: now })
    .returning({ id: investorDocuments.id });
  return { alerts: raised.inApp.length, documents: inserted.length };
}

