import type { ReactNode } from "react";
import { staffOf } from "~/.server/auth/staff.ts";
import { lastBackup } from "~/.server/backup/index.ts";
import { readDatabaseDashboard, type DatabaseDashboard, type StatementFigures } from "~/.server/database/index.ts";
import { ButtonLink, PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { Table } from "~/components/admin/table.tsx";
import { TitledSection } from "~/components/titled-section.tsx";
import { formatDateTime } from "~/lib/format.ts";
import type { Route } from "./+types/route";

/**
 * /database (permission "database": the owner's alone; issue 19 §9): the database at a glance, read-only.
 * The engine and its version, the size of the database and of each table, index usage, PostgreSQL's
 * connections and slowest statements, the migrations and the job queue. The spec puts it outside /admin;
 * it sits in the admin layout all the same, so the host rule, the staff session and the permission guard
 * it as every back-office screen. Every figure is read when the page is opened (~/.server/database/).
 */
const PATH = "/database";

export async function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  const [d, backup] = await Promise.all([readDatabaseDashboard(), lastBackup()]);
  return { ...d, backup: backup ?? null, asOf: formatDateTime(new Date()) };
}

export const handle = { title: "Database" };

const n = (v: number) => v.toLocaleString("en-IN");
const cell = "border-t border-slate-200 px-3 py-2 dark:border-slate-800";
const num = `${cell} text-right tabular-nums`;
const right = { className: "px-3 py-2 text-right" };
const col = (label: string) => ({ label, ...right });
const heading = "text-xl font-bold";

export default function DatabaseDashboardPage({ loaderData: d }: Route.ComponentProps) {
  const unused = d.indexes.filter((i) => i.unusedLarge);
  const statsSince = d.engine.statsReset ? `since ${formatDateTime(d.engine.statsReset)}` : "since the statistics began";
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Database"
        description={`Read-only figures from the database's own catalog, as of ${d.asOf} (India time). Row counts are the engine's estimates.`}
        actions={<ButtonLink href={PATH}>Reload</ButtonLink>}
      />

      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Engine">
          <span data-testid="engine">{d.engine.label}</span>
        </Figure>
        <Figure label="Database size">
          {d.engine.size} <span className={`text-sm font-normal ${muted}`}>({d.engine.databaseName})</span>
        </Figure>
        <Figure label="Migrations applied">
          {n(d.migrations.applied)} of {n(d.migrations.shipped)}
        </Figure>
        <Figure label="Jobs and messages waiting">
          {n(d.queue.totals.waiting)}
          {d.queue.totals.failed > 0 && <span className="block text-sm font-semibold text-red-800 dark:text-red-300">{n(d.queue.totals.failed)} failed</span>}
        </Figure>
      </dl>
      <p className={`mt-2 text-sm ${muted}`}>
        <span className="break-all">{d.engine.build}</span>
      </p>
      {d.engine.engine === "pglite" && (
        <p className="mt-2 max-w-3xl text-sm">
          PGlite is the embedded engine: one process, no separate server. PostgreSQL is the engine for production (DATABASE_URL); see the README.
        </p>
      )}

      <TitledSection headingId="backup-heading" title="Last backup" className="mt-8" headingClassName={heading}>
        {d.backup ? (
          <p className="mt-1 max-w-3xl" data-testid="last-backup">
            {formatDateTime(d.backup.createdAt)} ({d.backup.trigger === "scheduled" ? "nightly" : "made by hand"}), {n(d.backup.totalRows)} rows.{" "}
            {d.backup.testRestoredAt === null
              ? "Not yet restored in a test."
              : d.backup.testRestoreMatched
                ? `Restored in a test on ${formatDateTime(d.backup.testRestoredAt)}: every table matched.`
                : `Restored in a test on ${formatDateTime(d.backup.testRestoredAt)}: it did not match (${d.backup.testRestoreDetail ?? "see the backups"}).`}{" "}
            <a href="/admin/data-restoration" className={link}>
              Backups
            </a>
          </p>
        ) : (
          <p className="mt-1 max-w-3xl font-semibold" data-testid="last-backup">
            No backup yet: one disk failure would lose every record.{" "}
            <a href="/admin/data-restoration" className={link}>
              Make one now
            </a>
          </p>
        )}
      </TitledSection>

      <TitledSection headingId="queue-heading" title="Job queue" className="mt-8" headingClassName={heading}>
        <p className="mt-1 max-w-3xl text-sm">
          Scheduled jobs and the SMS and e-mails to send, in the one queue (the outbox). Waiting: due and not yet taken by the worker. Failed items can be sent again from
          the{" "}
          <a href="/admin#panel-deliveries" className={link}>
            dashboard
          </a>
          .
        </p>
        <Table
          label="Job queue by kind"
          className="mt-3"
          columns={["Kind", col("Waiting now"), col("Oldest waiting since"), col("Scheduled for later"), col("Being sent"), col("Failed")]}
        >
          {d.queue.rows.map((r) => (
            <tr key={r.kind}>
              <th scope="row" className={`${cell} text-left font-medium`}>
                {r.label}
              </th>
              <td className={num}>{n(r.waiting)}</td>
              <td className={num}>{r.oldestWaitingSince ?? "None waiting"}</td>
              <td className={num}>{n(r.scheduled)}</td>
              <td className={num}>{n(r.sending)}</td>
              <td className={`${num} ${r.failed > 0 ? "font-semibold text-red-800 dark:text-red-300" : ""}`}>{n(r.failed)}</td>
            </tr>
          ))}
        </Table>
        <p className="mt-2 text-sm" data-testid="oldest-waiting">
          {d.queue.oldest
            ? `Waiting longest: ${d.queue.oldest.kind} “${d.queue.oldest.what}”, due since ${d.queue.oldest.dueSince}, tried ${n(d.queue.oldest.attempts)} ${d.queue.oldest.attempts === 1 ? "time" : "times"}.`
            : "Nothing is waiting: every item due has been taken."}
        </p>
      </TitledSection>

      <TitledSection headingId="migrations-heading" title="Migrations" className="mt-8" headingClassName={heading}>
        <Migrations m={d.migrations} />
      </TitledSection>

      <TitledSection headingId="tables-heading" title={`Tables (${n(d.tables.length)})`} className="mt-8" headingClassName={heading}>
        <p className={`mt-1 text-sm ${muted}`}>Largest first. Data includes long values stored apart (TOAST); rows are the planner&rsquo;s estimate.</p>
        <Table label="Tables by size" className="mt-3" columns={["Table", col("Rows (estimate)"), col("Data"), col("Indexes"), col("Total")]}>
          {d.tables.map((t) => (
            <tr key={t.name}>
              <th scope="row" className={`${cell} text-left font-mono font-normal break-all`}>
                {t.name}
              </th>
              <td className={num}>{t.rows === null ? "Not estimated yet" : `≈ ${n(t.rows)}`}</td>
              <td className={num}>{t.data}</td>
              <td className={num}>{t.indexes}</td>
              <td className={`${num} font-semibold`}>{t.total}</td>
            </tr>
          ))}
        </Table>
      </TitledSection>

      <TitledSection headingId="indexes-heading" title="Index usage" className="mt-8" headingClassName={heading}>
        <p className="mt-1 max-w-3xl text-sm">
          Scans counted {statsSince}.{" "}
          {unused.length === 0
            ? `No index of ${sizeLabel(d.unusedIndexMinBytes)} or more is unused.`
            : `${n(unused.length)} ${unused.length === 1 ? "index" : "indexes"} of ${sizeLabel(d.unusedIndexMinBytes)} or more ${unused.length === 1 ? "was" : "were"} never scanned: each still costs disk and every write to its table. Check before dropping one: a rarely used screen or a nightly job may need it.`}
        </p>
        {unused.length > 0 && <IndexTable label="Unused indexes" indexes={unused} />}
        {/* Some two hundred rows: folded, so that the sections below stay within reach on a phone. */}
        <details className="mt-3">
          <summary className="cursor-pointer font-semibold">
            All {n(d.indexes.length)} indexes, largest first, with their scans
          </summary>
          <IndexTable label="Indexes by size" indexes={d.indexes} />
        </details>
      </TitledSection>

      <TitledSection headingId="connections-heading" title="Connections" className="mt-8" headingClassName={heading}>
        {d.connections ? (
          <>
            <p className="mt-1 text-sm">
              {n(d.connections.serverTotal)} of at most {n(d.connections.maxConnections)} client connections are open on the server (every database). To this
              database, by state:
            </p>
            <Table label="Connections to this database by state" className="mt-3" columns={["State", col("Connections")]}>
              {d.connections.byState.map((s) => (
                <tr key={s.state}>
                  <th scope="row" className={`${cell} text-left font-medium`}>
                    {s.state}
                  </th>
                  <td className={num}>{n(s.count)}</td>
                </tr>
              ))}
            </Table>
          </>
        ) : (
          <p className="mt-1 text-sm">PGlite has one connection, held by this server: requests take turns on it.</p>
        )}
      </TitledSection>

      <TitledSection headingId="statements-heading" title="Slowest statements" className="mt-8" headingClassName={heading}>
        <Statements s={d.statements} />
      </TitledSection>
    </div>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-lg font-bold break-words">{children}</dd>
    </div>
  );
}

function IndexTable({ label, indexes }: { label: string; indexes: DatabaseDashboard["indexes"] }) {
  return (
    <Table label={label} className="mt-3" columns={["Index", "Table", col("Scans"), col("Size"), "Note"]}>
      {indexes.map((i) => (
        <tr key={i.name} className={i.unusedLarge ? "bg-amber-50 dark:bg-amber-950" : undefined}>
          <th scope="row" className={`${cell} text-left font-mono font-normal break-all`}>
            {i.name}
          </th>
          <td className={`${cell} font-mono break-all`}>{i.table}</td>
          <td className={num}>{n(i.scans)}</td>
          <td className={num}>{i.size}</td>
          <td className={cell}>{i.unusedLarge ? <strong>Unused</strong> : i.enforces ? "Keeps a rule (unique)" : ""}</td>
        </tr>
      ))}
    </Table>
  );
}

function sizeLabel(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${n(bytes)} bytes`;
}

function Migrations({ m }: { m: DatabaseDashboard["migrations"] }) {
  const upToDate = m.pending.length === 0 && m.unknown === 0 && m.changed.length === 0;
  return (
    <div className="mt-1 max-w-3xl space-y-2 text-sm">
      <p>
        {n(m.applied)} applied; this version of the code ships {n(m.shipped)}.{" "}
        {m.last ? (
          <>
            The last applied is <span className="font-mono">{m.last.name}</span>, written on {m.last.writtenAt}.
          </>
        ) : (
          "None has been applied."
        )}
      </p>
      {upToDate && <p className="font-semibold">Up to date: the database has every migration the code ships, and no other.</p>}
      {m.pending.length > 0 && (
        <div role="status" className="rounded-md border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          <p className="font-semibold">Not applied yet ({n(m.pending.length)}): they are applied when the server next starts.</p>
          <ul className="mt-1 list-disc pl-5 font-mono">
            {m.pending.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
      )}
      {m.unknown > 0 && (
        <p className="rounded-md border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          {n(m.unknown)} applied {m.unknown === 1 ? "migration is" : "migrations are"} not shipped with this version: the database was migrated by a newer
          version of the code.
        </p>
      )}
      {m.changed.length > 0 && (
        <p className="rounded-md border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          Changed since they were applied (the file differs from what ran): <span className="font-mono">{m.changed.join(", ")}</span>. A committed migration is never
          edited: add a new one.
        </p>
      )}
    </div>
  );
}

function Statements({ s }: { s: StatementFigures }) {
  switch (s.state) {
    case "embedded":
      return <p className="mt-1 text-sm">Not recorded on PGlite: pg_stat_statements is a PostgreSQL server extension.</p>;
    case "not-installed":
      return (
        <p className="mt-1 max-w-3xl text-sm">
          pg_stat_statements is not installed, so PostgreSQL records no statement timings.{" "}
          {s.available
            ? "The server has it: add pg_stat_statements to shared_preload_libraries in postgresql.conf, restart PostgreSQL, then run CREATE EXTENSION pg_stat_statements; in this database."
            : "This PostgreSQL server does not have the extension (it comes with PostgreSQL's contrib modules)."}
        </p>
      );
    case "not-loaded":
      return (
        <p className="mt-1 max-w-3xl text-sm">
          pg_stat_statements is installed in this database, but PostgreSQL did not load it at start, so it records nothing: add it to shared_preload_libraries in
          postgresql.conf and restart PostgreSQL. (PostgreSQL says: {s.reason})
        </p>
      );
    case "ready":
      return s.statements.length === 0 ? (
        <p className="mt-1 text-sm">pg_stat_statements has recorded no statement in this database yet.</p>
      ) : (
        <>
          <p className={`mt-1 text-sm ${muted}`}>The {n(s.statements.length)} slowest on average, from pg_stat_statements; values show as $1, $2.</p>
          <Table label="Slowest statements" className="mt-3" columns={["Statement", col("Mean"), col("Calls"), col("Total")]}>
            {s.statements.map((q, i) => (
              <tr key={i}>
                <td className={`${cell} min-w-64 font-mono text-xs break-all`}>{q.query}</td>
                <td className={num}>{ms(q.meanMs)}</td>
                <td className={num}>{n(q.calls)}</td>
                <td className={num}>{ms(q.totalMs)}</td>
              </tr>
            ))}
          </Table>
        </>
      );
  }
}

function ms(v: number): string {
  return v >= 1000 ? `${(v / 1000).toLocaleString("en-IN", { maximumFractionDigits: 1 })} s` : `${v.toLocaleString("en-IN", { maximumFractionDigits: 1 })} ms`;
}
