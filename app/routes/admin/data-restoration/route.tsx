import { auditActor, staffOf } from "~/.server/auth/staff.ts";
import { BACKUPS_KEPT, backupBlocker, deleteBackup, listBackups, pendingBackupWork, requestBackup, requestTestRestore } from "~/.server/backup/index.ts";
import { parseForm, readForm, redirectWithFlash, type FormFailure } from "~/.server/forms/index.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { When } from "~/components/admin/data-table.tsx";
import { ButtonLink, PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { Table } from "~/components/admin/table.tsx";
import { FormError } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { backupActionSchema } from "~/lib/forms/admin/data-restoration.ts";
import type { Route } from "./+types/route";
import { IntentForm } from "~/components/form/intent-form.tsx";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/data-restoration: the backups (issue 19 §8, ADR 040). Each night's backup, "Back up now", a test
 * restore of any backup into a scratch database (the only restore a web form does: restoring over the live
 * database is `npm run restore` into a fresh one), the download, and deleting a backup. The work runs on the
 * job queue, so the page says what is waiting and the office reloads to see it done.
 */
const PATH = "/admin/data-restoration";

export async function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  const [backups, pending, blocker] = await Promise.all([listBackups(), pendingBackupWork(), backupBlocker()]);
  return { backups, pending, blocker, kept: BACKUPS_KEPT };
}

export const handle = { title: "Data restoration" };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const parsed = parseForm(await readForm(request), backupActionSchema);
  if (parsed.refusal) return parsed.refusal;
  const actor = auditActor(staff);
  const input = parsed.data;
  if (input.intent === "run") {
    await requestBackup(actor);
    return redirectWithFlash(PATH, { type: "success", message: "Backup started: it is listed here when it is done (reload in a minute)." });
  }
  if (input.intent === "test-restore") {
    const queued = await requestTestRestore(actor, input.id);
    return redirectWithFlash(PATH, queued ? { type: "success", message: "Test restore started: its result shows beside the backup when it is done." } : { type: "error", message: "That backup is no longer here." });
  }
  const deleted = await deleteBackup(actor, input.id);
  return redirectWithFlash(PATH, deleted ? { type: "success", message: "Backup deleted." } : { type: "error", message: "That backup is no longer here." });
}

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("en-IN")} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString("en-IN", { maximumFractionDigits: 1 })} MB`;
}

type Backup = Route.ComponentProps["loaderData"]["backups"][number];

function TestResult({ backup, waiting }: { backup: Backup; waiting: boolean }) {
  if (waiting) return <span>Test restore waiting to run</span>;
  if (!backup.testRestoredAt) return <span className={muted}>Not tested yet</span>;
  return (
    <>
      <span className={backup.testRestoreMatched ? "font-semibold text-green-800 dark:text-green-300" : "font-semibold text-red-800 dark:text-red-300"}>
        {backup.testRestoreMatched ? "Restored in a test, matched" : "Test restore failed"}
      </span>{" "}
      <span className="block text-sm">
        <When at={backup.testRestoredAt} />
      </span>
      <span className={`block max-w-xs text-sm break-words ${muted}`}>{backup.testRestoreDetail}</span>
    </>
  );
}

export default function DataRestoration({ loaderData, actionData }: Route.ComponentProps) {
  const { backups, pending, blocker, kept } = loaderData;
  const failure = actionData as FormFailure | undefined;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Data restoration"
        description={`Backups of the database and of every uploaded file (photos, CVs, signatures), one archive each. One is made every night at 02:30 India time and tested by restoring it into a scratch database; the newest ${kept} are kept.`}
      />
      <FormError message={failure?.errors.form ?? failure?.errors.intent ?? failure?.errors.id} />
      {blocker && (
        <div role="alert" className="rounded-md border border-red-700 bg-red-50 p-4 text-red-800 dark:border-red-400 dark:bg-slate-900 dark:text-red-300">
          <p className="font-semibold">Backups cannot run on this server yet.</p>
          <p>{blocker}</p>
        </div>
      )}
      {pending.lastFailure && (
        <p className="rounded-md border border-amber-700 bg-amber-50 p-3 text-amber-900 dark:border-amber-400 dark:bg-slate-900 dark:text-amber-200">
          The last backup that failed (<When at={pending.lastFailure.at} />): {pending.lastFailure.error}
        </p>
      )}
      <TitledSection headingId="backup-now" title="Back up now" className="space-y-2" headingClassName="text-lg font-semibold">
        {pending.backups > 0 ? (
          <p role="status" className="rounded-md bg-slate-100 p-3 font-semibold dark:bg-slate-800">
            A backup is being made. Reload this page in a minute to see it.
          </p>
        ) : (
          <IntentForm intent="run">
            <Button type="submit">Back up now</Button>
          </IntentForm>
        )}
      </TitledSection>
      <TitledSection headingId="backups" title="Backups" className="space-y-2" headingClassName="text-lg font-semibold">
        {backups.length === 0 ? (
          <p className={muted}>No backup yet. The first is made tonight, or now with “Back up now”.</p>
        ) : (
          <Table label="Backups, newest first" columns={["Made", "Contents", "Test restore", "Actions"]}>
            {backups.map((b) => (
              <tr key={b.id} className="border-t border-slate-200 align-top dark:border-slate-800">
                <td className="px-3 py-2">
                  <When at={b.createdAt} />
                  <span className={`block text-sm ${muted}`}>{b.trigger === "scheduled" ? "Nightly" : "On request"}</span>
                </td>
                <td className="px-3 py-2">
                  <span className="block break-all">{b.fileName}</span>
                  <span className="block text-sm">
                    {size(b.sizeBytes)}, {b.totalRows.toLocaleString("en-IN")} rows, {b.uploadFiles.toLocaleString("en-IN")} files
                  </span>
                  <span className={`block text-sm break-all ${muted}`}>
                    Schema {b.schemaVersion}; SHA-256 {b.sha256}
                  </span>
                </td>
                <td className="px-3 py-2">
                  <TestResult backup={b} waiting={pending.testRestores.includes(b.id)} />
                </td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap gap-2">
                    <ButtonLink href={`${PATH}/${b.id}/download`}>Download</ButtonLink>
                    {!pending.testRestores.includes(b.id) && (
                      <ConfirmButton intent="test-restore" fields={{ id: b.id }}>
                        Test restore
                      </ConfirmButton>
                    )}
                    <ConfirmButton intent="delete" fields={{ id: b.id }} tone="danger" confirm={`Delete the backup ${b.fileName}? It cannot be brought back.`}>
                      Delete this backup
                    </ConfirmButton>
                  </div>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </TitledSection>
      <TitledSection headingId="trash" title="Trash" className="max-w-prose space-y-2" headingClassName="text-lg font-semibold">
        <p>
          Deleted requests, customers, products and site content can be restored for 30 days.{" "}
          <a className={link} href={`${PATH}/trash`}>
            Open the trash
          </a>
        </p>
      </TitledSection>
      <TitledSection headingId="restore" title="Restoring a backup" className="max-w-prose space-y-2" headingClassName="text-lg font-semibold">
        <p>
          A backup is restored into a fresh, empty database on the server, never over the one in use from this page. Download it, stop the server, then
          run:
        </p>
        <pre className="rounded-md bg-slate-100 p-3 text-sm break-all whitespace-pre-wrap dark:bg-slate-800">
          <code>npm run restore -- backup-….tar.gz --database-url=postgres://…/new_database --data-dir=/srv/new-data</code>
        </pre>
        <p>
          It checks the file’s SHA-256, refuses a target that holds data and a backup of another schema version, then compares every table with the
          backup. Point the server at the new database and data directory and start it.
        </p>
      </TitledSection>
    </div>
  );
}
