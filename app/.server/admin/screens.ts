import { BUILT_SCREENS, type AuditActionInfo, type AuditEntityInfo, type ScreenAudit } from "~/lib/admin/screens.ts";

export type { AuditActionInfo, AuditDescribe, AuditEntityInfo, ScreenAudit } from "~/lib/admin/screens.ts";

/**
 * The audit log's tables, derived from the screen registry (~/lib/admin/screens.ts), where each built screen
 * declares beside its entry the kinds of record it owns and the actions it writes, or why it writes none. The
 * Activity page (~/.server/audit/list.ts) reads its labels, links and sentences from here;
 * tests/unit/admin-screen-rules.test.ts checks that every action written in app/.server has its label and that
 * every entity an action names is declared.
 */

/** Every built screen's audit entry, by the screen's path. */
export const SCREEN_AUDIT: Readonly<Record<string, ScreenAudit>> = Object.fromEntries(BUILT_SCREENS.map((s) => [s.path, s.audit]));

/**
 * Entries written away from the back-office screens: signing in and out (the sign-in page), the
 * technician's field work (on the request, from the technician portal) and a customer's marketing opt-out
 * (their link, or a WhatsApp STOP). Their entity types are owned by the screens above.
 */
export const AUDIT_OUTSIDE_SCREENS: { actions: Record<string, AuditActionInfo> } = {
  actions: {
    "auth.sign-in": { label: "Signed in", entity: "user", describe: (_b, a) => [`signed in to the back office${a?.method === "oidc" ? " with the company account" : ""}`, ""] },
    "auth.sign-out": { label: "Signed out", entity: "user", describe: (_b, a) => [`signed out of the back office${a?.everywhere ? " on all devices" : ""}`, ""] },
    "job.stage": { label: "Set a job's field stage", entity: "request", describe: () => ["set the field stage of", ""] },
    "job.note": { label: "Added a job note", entity: "request", describe: () => ["added a note from the field to", ""] },
    "job.photos": { label: "Added job photos", entity: "request", describe: () => ["added photos from the field to", ""] },
    "job.part": { label: "Recorded a part used", entity: "request", describe: () => ["recorded a part used on", ""] },
    "job.signoff": { label: "Recorded the customer's sign-off", entity: "request", describe: () => ["recorded the customer's sign-off of", ""] },
    "job.signoff-code": { label: "Sent a sign-off code", entity: "request", describe: () => ["sent the customer a sign-off code for", ""] },
    "job.labour": { label: "Recorded a job's labour time", entity: "request", describe: () => ["recorded the labour time of", ""] },
    "customer.marketing-opt-out": { label: "Opted out of marketing", entity: "customer", describe: () => ["recorded the marketing opt-out of", ""] },
  },
};

const declared = Object.values(SCREEN_AUDIT).filter((s): s is Exclude<ScreenAudit, { writesNone: string }> => !("writesNone" in s));

/** Every entity type of the log, with its label and its record's page (each declared once: tests/unit/admin-screen-rules.test.ts). */
export const AUDIT_ENTITY_TYPES: ReadonlyMap<string, AuditEntityInfo> = new Map(declared.flatMap((s) => Object.entries(s.entities)));

/** Every action the back office and the portals write, with its label and sentence. */
export const AUDIT_ACTIONS: ReadonlyMap<string, AuditActionInfo> = new Map(
  [...declared.map((s) => s.actions), AUDIT_OUTSIDE_SCREENS.actions].flatMap((actions) => Object.entries(actions)),
);
