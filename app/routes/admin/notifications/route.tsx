import { OUT_OF_DATE } from "~/.server/admin/actions.ts";
import { parseForm, readForm, redirectWithFlash, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { pageLinks, parseListQuery, tabLinks } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { listNotifications, markAllRead, markRead, preferencesOf, savePreferences } from "~/.server/notifications/staff-inbox.ts";
import { FilterTabs } from "~/components/admin/filter-tabs.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { Pagination } from "~/components/admin/pagination.tsx";
import { control, link, muted } from "~/components/admin/styles.ts";
import { Table } from "~/components/admin/table.tsx";
import { FormError } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDateTime } from "~/lib/format.ts";
import {
  CHANNELS,
  isNotificationIntent,
  markAllReadSchema,
  markReadSchema,
  NOTIFICATION_FILTERS,
  notificationListSchema,
  preferencesSchema,
} from "~/lib/forms/admin/notifications.ts";
import { useLiveRevalidate } from "~/lib/live/use-live.ts";
import { ALERT_KIND_LABELS, ALERT_KINDS } from "~/lib/notifications/alert-kinds.ts";
import type { Route } from "./+types/route";
import { IntentForm } from "~/components/form/intent-form.tsx";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/notifications: my alerts (unread or all, by kind, newest first on keyset pages), each linking to
 * its record, marked read one by one or all at once; and my channel choices per kind of alert (in the app,
 * SMS, e-mail). Every staff member has their own: the screen needs only the dashboard permission, and
 * every query is scoped to the signed-in person (~/.server/notifications/staff-inbox.ts).
 */
const PATH = "/admin/notifications";

export async function loader({ url, context }: Route.LoaderArgs) {
  const staff = staffOf(context);
  const { filters, cursor } = parseListQuery(url, notificationListSchema);
  const [page, preferences] = await Promise.all([listNotifications(staff.userId, filters, cursor), preferencesOf(staff)]);
  return {
    filters,
    rows: page.rows,
    total: filters.show === "unread" ? page.counts.unread : page.counts.all,
    unread: page.counts.unread,
    newestId: page.newestId,
    tabs: tabLinks(url, NOTIFICATION_FILTERS, { current: filters.show, default: "unread", counts: page.counts }),
    kinds: ALERT_KINDS.map((k) => ({ value: k, label: ALERT_KIND_LABELS[k] })),
    ...pageLinks(url, cursor, page.next),
    preferences,
  };
}

export const handle = { title: "Notifications" };

export async function action({ request, url, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (!isNotificationIntent(intent)) return refuseForm(form, OUT_OF_DATE);
  // Back to the same list (its tab, kind and page), which the form was posted from.
  const back = `${PATH}${url.search}`;
  if (intent === "mark-read") {
    const parsed = parseForm(form, markReadSchema);
    if (parsed.refusal) return parsed.refusal;
    if ((await markRead(staff.userId, parsed.data.id)) === "not-found") return throwNotFound(url);
    return redirectWithFlash(back, { type: "success", message: "Marked read." });
  }
  if (intent === "mark-all-read") {
    const parsed = parseForm(form, markAllReadSchema);
    if (parsed.refusal) return parsed.refusal;
    const n = await markAllRead(staff.userId, parsed.data.upTo);
    return redirectWithFlash(back, { type: "success", message: n === 0 ? "Nothing was unread." : `${n.toLocaleString("en-IN")} ${n === 1 ? "alert" : "alerts"} marked read.` });
  }
  const parsed = parseForm(form, preferencesSchema);
  if (parsed.refusal) return parsed.refusal;
  const result = await savePreferences(staff, parsed.data);
  if (!result.ok) return refuseForm(form, result.message, result.field);
  return redirectWithFlash(`${back}#channels-heading`, { type: "success", message: result.message });
}

const button = "inline-flex min-h-11 items-center rounded-md border border-slate-400 px-3 text-sm font-semibold hover:bg-slate-100 dark:hover:bg-slate-800";

export default function AdminNotifications({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, rows, total, unread, newestId, tabs, kinds, nextHref, firstHref, preferences } = loaderData;
  const failure = actionData as FormFailure | undefined;
  // A new alert for me (published to "user:<my id>") reloads the list and the bell.
  useLiveRevalidate(["notification"]);
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Notifications"
        description="Your alerts: new requests, emergencies, responses due, quotes answered, payments, low ratings, help-desk tickets and WhatsApp messages."
        actions={
          unread > 0 ? (
            <IntentForm intent="mark-all-read">
              <input type="hidden" name="upTo" value={newestId} />
              <button type="submit" className={button}>
                Mark all read
              </button>
            </IntentForm>
          ) : undefined
        }
      />
      {failure?.intent !== "preferences" && <FormError message={failure?.errors.form ?? failure?.errors.id ?? failure?.errors.upTo} />}

      <TitledSection headingId="alerts-heading" title="Alerts" className="mb-10" headingClassName="sr-only">
        <FilterTabs label="Which alerts" tabs={tabs} />
        <form method="get" className="mb-4 flex flex-wrap items-end gap-3">
          {filters.show !== "unread" && <input type="hidden" name="show" value={filters.show} />}
          <div>
            <label htmlFor="kind" className="text-sm font-semibold">
              Kind of alert
            </label>
            <select id="kind" name="kind" defaultValue={filters.kind ?? ""} className={control}>
              <option value="">Every kind</option>
              {kinds.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={button}>
            Show
          </button>
        </form>
        {rows.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 p-4 text-center dark:border-slate-700">
            {filters.show === "unread" ? "No unread alerts." : "No alerts yet."}
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {rows.map((r) => (
              <li key={r.id} className={`flex flex-wrap items-start gap-3 p-3 ${r.read ? "" : "bg-sky-50 dark:bg-slate-900"}`}>
                <div className="min-w-0 flex-1">
                  <p className={`text-sm ${muted}`}>
                    {r.read ? "" : <strong className="text-slate-900 dark:text-slate-100">Unread · </strong>}
                    {r.kindLabel} · <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
                  </p>
                  <p className="mt-1 break-words">
                    <a href={r.link} className={link}>
                      {r.title}
                    </a>
                  </p>
                  {r.body && <p className="mt-1 text-sm break-words whitespace-pre-line">{r.body}</p>}
                </div>
                {!r.read && (
                  <IntentForm intent="mark-read">
                    <input type="hidden" name="id" value={r.id} />
                    <button type="submit" className={button} aria-label={`Mark read: ${r.title}`}>
                      Mark read
                    </button>
                  </IntentForm>
                )}
              </li>
            ))}
          </ul>
        )}
        <Pagination total={total} shown={rows.length} next={nextHref} first={firstHref} />
      </TitledSection>

      <TitledSection headingId="channels-heading" title="How you get each alert" headingClassName="text-lg font-semibold">
        <p className={`mb-3 text-sm ${muted}`}>
          Only alerts about work your role covers reach you. SMS go to your mobile number and e-mails to your address on record (without one, to the business&apos;s).
        </p>
        <IntentForm intent="preferences">
          <input type="hidden" name="savedAt" value={preferences.savedAt} />
          {failure?.intent === "preferences" && <FormError message={failure.errors.form} />}
          <Table label="Channels per kind of alert" headClass="px-3 py-2 font-semibold" columns={["Alert", ...CHANNELS.map((c) => ({ label: c.label, className: "px-3 py-2 text-center font-semibold whitespace-nowrap" }))]}>
            {preferences.rows.map((p) => (
              <tr key={p.kind} className="border-t border-slate-200 dark:border-slate-800">
                <th scope="row" className="px-3 py-2 font-medium">
                  {p.label}
                </th>
                {CHANNELS.map((c) => (
                  <td key={c.value} className="px-3 py-1 text-center">
                    <input
                      type="checkbox"
                      name={`${p.kind}:${c.field}`}
                      defaultChecked={p.channels[c.value]}
                      aria-label={`${p.label}: ${c.label}`}
                      className="size-6 align-middle"
                    />
                  </td>
                ))}
              </tr>
            ))}
          </Table>
          <Button type="submit" className="mt-4">
            Save my choices
          </Button>
        </IntentForm>
      </TitledSection>
    </div>
  );
}
