import { and, desc, eq, inArray, isNull, lt } from "drizzle-orm";
import type { Database } from "~/.server/db/index.ts";
import { investorDocuments, serviceRequests } from "~/.server/db/schema.ts";
import { raiseStaffAlerts, type StaffAlert } from "~/.server/notifications/staff-alerts.ts";
import { writeStored } from "~/.server/uploads/storage.ts";
import { formatDateTime } from "~/lib/format.ts";
import { newRequestAlert } from "~/.server/requests/alerts.ts";

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
    ...late.map(
      (r): StaffAlert => ({
        kind: "request.response-overdue",
        title: `Response overdue: ${r.reference} (due ${r.responseDueAt ? formatDateTime(r.responseDueAt) : "now"})`,
        body: `${r.contactName}${r.company ? `, ${r.company}` : ""} still has no call logged: the promised response time has passed.`,
        link: `/admin/service-requests/${r.reference}`,
        dedupeKey: `request:${r.reference}:overdue`,
        permission: "requests",
      }),
    ),
  ];
  const raised = await db.transaction((tx) => raiseStaffAlerts(tx, alerts));

  const path = "investors/demo-specimen.pdf";
  const pdf = specimenPdf();
  await writeStored(path, pdf);
  const inserted = await db
    .insert(investorDocuments)
    .values({ title: "Specimen investor update (demo data)", period: "Demo", path, fileName: "specimen-investor-update.pdf", bytes: pdf.length, published: true, uploadedBy: options.ownerUserId, createdAt: now })
    .returning({ id: investorDocuments.id });
  return { alerts: raised.inApp.length, documents: inserted.length };
}

/** A one-page PDF that says what it is: a demo specimen, with no figures in it. */
function specimenPdf(): Uint8Array {
  const text = "Specimen investor document: demo data. It holds no financial figures.";
  const stream = `BT /F1 14 Tf 50 750 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}
