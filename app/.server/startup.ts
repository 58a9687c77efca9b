import { applyMigrations, getDb, openDatabase, setDatabase, type DatabaseHandle } from "~/.server/db/index.ts";
import { seedContent } from "~/.server/content/index.ts";
import { count, sql } from "drizzle-orm";
import { followLocalSiteUrl, seedSettings } from "~/.server/settings/index.ts";
import { grantAdmin } from "~/.server/auth/users.ts";
import { users } from "~/.server/db/schema.ts";
import { setClaimTiming, startOutboxWorker } from "~/.server/notifications/index.ts";
// Job modules register their handlers when imported: the worker must know every job before it claims one.
import "~/.server/requests/escalation.ts";
// A batch of new requests: the staff alerts, promise jobs and live events after its commit (ADR 011)
import "~/.server/requests/follow-up.ts";
// Help desk: a ticket's SLA breach job (issue 12 §5)
import "~/.server/helpdesk/sla-job.ts";
// WhatsApp sends and marketing batches (issue 12 §4)
import "~/.server/whatsapp/index.ts";
import "~/.server/marketing/index.ts";
// The SEO audit's steps (issue 19 §4), and where its findings are fixed: each screen that owns public pages
// registers its "fix it here" links when imported.
import "~/.server/seo-audit/index.ts";
// Content (issue 19 §1): scheduled publishing, and the SEO audit's links to the record that fixes a page
import "~/.server/cms/changes.ts";
import "~/.server/cms/fix-links.ts";
import "~/.server/service-catalogue/fix-links.ts";
import "~/.server/technical-library/fix-links.ts";
import { scheduleMaintenance } from "~/.server/db/maintenance.ts";
// Backups (issue 19 §8): the nightly backup, "Back up now" and test restores run on the job queue.
import { scheduleNightlyBackup } from "~/.server/backup/index.ts";
import { scheduleTrashPurge } from "~/.server/trash/index.ts";
import { scheduleContractsDay } from "~/.server/contracts/daily.ts";
import { schedulePaymentReminders } from "~/.server/payments/reminders.ts";
import { effectiveMail, effectiveSms } from "~/.server/settings/integrations.ts";
import { setServerConfig, type ServerConfig } from "./config.ts";
// Communications (issue 12 §4): the DLT template registry, seeded with the site's templates
import { seedSmsTemplates } from "~/.server/notifications/sms-registry.ts";
import { startLiveHub, stopLiveHub } from "~/.server/live/hub.ts";
import { rebuildThreads, threadsNeedRebuild } from "~/.server/communications/thread-summary.ts";
import { catchUpMessageLog, messageLogNeedsCatchUp } from "~/.server/communications/log-summary.ts";
import { repairOverCreditedInvoices } from "~/.server/payments/over-credit-repair.ts";

/**
 * In production, whether SMS and e-mail are really sent: by the environment's variables or by the settings
 * the owner saved (/admin/settings, Integrations). A fresh `npm start` has neither, and says so.
 */
export async function deliveryWarnings(config: ServerConfig): Promise<string[]> {
  if (!config.production) return [];
  const [sms, mail] = await Promise.all([effectiveSms(), effectiveMail()]);
  const warnings: string[] = [];
  if (sms.provider === "log") warnings.push("No SMS provider is set (SMS_PROVIDER, or Integrations in the settings): SMS are printed on stdout, not sent.");
  if (!mail.smtpUrl) warnings.push("No SMTP server is set (SMTP_URL, or Integrations in the settings): e-mail is logged and kept in the outbox, not sent.");
  return warnings;
}

/**
 * Opens the database, applies the committed migrations and seeds what a first run needs.
 * Exported from entry.server so that server.ts runs it inside the same module graph as the routes:
 * a second copy of the db module would open a second PGlite instance on the same directory.
 */
export async function startServices(config: ServerConfig): Promise<{ handle: DatabaseHandle; stop(): Promise<void> }> {
  setServerConfig(config);
  for (const warning of config.warnings) console.warn(`Warning: ${warning}`);
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await applyMigrations(handle);
    await seedSettings(handle.db, config.siteUrl);
    const replaced = await followLocalSiteUrl(handle.db, config.siteUrl);
    if (replaced) console.log(`Site URL setting: ${config.siteUrl} (was ${replaced}, a default of an earlier run on this machine).`);
    await seedContent(handle.db);
    setDatabase(handle);
    // The DLT registry: the built-in SMS templates whose names are missing (the office's edits are kept).
    await seedSmsTemplates(handle.db);
    // Invoices credited beyond their balance before customer credit existed (ADR 023): the excess becomes
    // the customer's credit, once (a repaired invoice no longer matches).
    const repaired = await repairOverCreditedInvoices(handle.db);
    if (repaired.length) console.log(`Customer credit: ${repaired.length} over-credited invoice(s) repaired (${repaired.map((r) => r.number).join(", ")}).`);
    // The stored thread list of /admin/communications (ADR 033): worked out once after its migration.
    if (await threadsNeedRebuild(handle.db)) console.log(`Communications: ${await rebuildThreads(handle.db)} thread(s) worked out.`);
    // The SMS and e-mail logs' search copy and day counts (ADR 035): made once after their migration.
    if (await messageLogNeedsCatchUp(handle.db)) {
      await catchUpMessageLog(handle.db);
      console.log("Communications: the SMS and e-mail logs' search and counts made.");
    }
    for (const warning of await deliveryWarnings(config)) console.warn(`Warning: ${warning}`);
    // The embedded database's nightly VACUUM ANALYZE (~/.server/db/maintenance.ts), booked once per night.
    await scheduleMaintenance();
    // The nightly backup at 02:30 India time, with its test restore, booked once per night (ADR 040).
    await scheduleNightlyBackup();
    // The trash's daily purge at 04:00 India time: what was deleted 30 days ago goes for good (ADR 046).
    await scheduleTrashPurge();
    // Contracts' daily run at 06:00 India time: visits made into jobs, renewal reminders, billing dates invoiced.
    await scheduleContractsDay();
    // Payment reminders' daily run at 10:00 India time (the settings' schedule; never for a paid invoice).
    await schedulePaymentReminders();
    if (config.adminPhones.length > 0) {
      await grantAdmin(config.adminPhones);
      console.log(`Admin role given to ${config.adminPhones.length} number(s) from ADMIN_PHONES.`);
    }
  } catch (error) {
    setDatabase(undefined);
    await handle.close();
    throw error;
  }
  setDatabase(handle);
  setClaimTiming({ holdMs: config.outboxClaimHoldMs, renewMs: Math.round(config.outboxClaimHoldMs / 3) });
  const outboxWorker = startOutboxWorker();
  // Live updates (issue 12 §1): the hub of open event streams; on PostgreSQL it also LISTENs for other instances.
  startLiveHub({ databaseUrl: config.databaseUrl });
  return {
    handle,
    async stop() {
      await outboxWorker.stop();
      await stopLiveHub();
      setDatabase(undefined);
      await handle.close();
    },
  };
}

/**
 * What `npm start` says under the back office's address while nobody can sign in there yet: how to become
 * its owner. Undefined once a staff account exists.
 */
export async function firstOwnerHint(): Promise<string | undefined> {
  const [staff] = await getDb().select({ n: count() }).from(users).where(sql`'admin' = any(${users.roles})`);
  if ((staff?.n ?? 0) > 0) return undefined;
  return (
    "No staff account yet. To become the back office's owner, start with your mobile number in ADMIN_PHONES " +
    "(ADMIN_PHONES=9848012345 npm start), or stop the server and run: npm run admin:add -- --phone 9848012345"
  );
}

/**
 * `npm run admin:add -- --phone +91...`: gives numbers the admin role, on the database the server uses.
 * With the embedded database the server must be stopped first (one process only); ADMIN_PHONES does the
 * same at every start.
 */
export async function addAdmins(config: ServerConfig, phones: readonly string[]): Promise<string[]> {
  setServerConfig(config);
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await applyMigrations(handle);
    await seedSettings(handle.db, config.siteUrl);
    setDatabase(handle);
    return (await grantAdmin(phones)).map((u) => u.mobile ?? "");
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}
