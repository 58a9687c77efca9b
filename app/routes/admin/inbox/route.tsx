import { staffOf } from "~/.server/auth/staff.ts";
import { listInbox } from "~/.server/inbox/index.ts";
import { formatDateTime } from "~/lib/format.ts";
import { INBOX_KINDS, type InboxKind } from "~/lib/inbox.ts";
import type { Route } from "./+types/route";

/** /admin: everything visitors have sent (requests, messages, forum posts), newest first, with its details. */
export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const kindParam = url.searchParams.get("kind");
  const kind = kindParam && kindParam in INBOX_KINDS ? (kindParam as InboxKind) : undefined;
  const beforeParam = url.searchParams.get("before");
  const before = beforeParam && !Number.isNaN(Date.parse(beforeParam)) ? new Date(beforeParam) : undefined;
  const page = await listInbox({ kind, before });
  return {
    kind,
    paged: Boolean(before),
    items: page.items.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })),
    nextBefore: page.nextBefore?.toISOString(),
  };
}

export const handle = { title: "Inbox" };

export default function AdminInbox({ loaderData }: Route.ComponentProps) {
  const { kind, items, nextBefore, paged } = loaderData;
  const tab = (k: InboxKind | undefined, label: string) => (
    <a
      href={k ? `/admin/inbox?kind=${k}` : "/admin/inbox"}
      aria-current={k === kind ? "page" : undefined}
      className={`rounded-full border px-3 py-1 text-sm font-medium ${
        k === kind ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
      }`}
    >
      {label}
    </a>
  );
  return (
    <>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-bold">Inbox</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">Everything sent through the site, newest first. Open an entry for all its details.</p>
        <nav aria-label="Show" className="mt-5 flex flex-wrap gap-2">
          {tab(undefined, "Everything")}
          {(Object.entries(INBOX_KINDS) as Array<[InboxKind, string]>).map(([k, label]) => tab(k, label))}
        </nav>
        {items.length === 0 ? (
          <p className="mt-8">{paged ? "Nothing older." : "Nothing has been sent through the site yet."}</p>
        ) : (
          <ul className="mt-6 space-y-2" aria-label="Submissions">
            {items.map((item) => (
              <li key={`${item.kind}:${item.reference}`} className="rounded-md border border-slate-200 dark:border-slate-800">
                <details>
                  <summary className="cursor-pointer list-none p-3 hover:bg-slate-50 dark:hover:bg-slate-900">
                    <span className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                      <span className="font-mono text-sm font-semibold">{item.reference}</span>
                      <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-medium dark:bg-slate-800">{item.label}</span>
                      <span className="font-medium">{item.name}</span>
                      <span className="text-sm text-slate-600 dark:text-slate-400">
                        <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time> · {item.status}
                      </span>
                    </span>
                    <span className="mt-1 block truncate text-sm text-slate-700 dark:text-slate-300">{item.summary}</span>
                  </summary>
                  <div className="border-t border-slate-200 p-3 dark:border-slate-800">
                    <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr]">
                      {item.fields.map(([label, value]) => (
                        <div key={label} className="contents">
                          <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
                          <dd className="break-words whitespace-pre-line">{value}</dd>
                        </div>
                      ))}
                    </dl>
                    <p className="mt-3 flex flex-wrap gap-4">
                      {item.href && (
                        <a href={item.href} className="font-semibold text-brand-700 underline dark:text-sky-300">
                          Open {item.label.toLowerCase()} {item.reference}
                        </a>
                      )}
                      {item.attachment && (
                        <a href={item.attachment.href} className="font-semibold text-brand-700 underline dark:text-sky-300">
                          Open the attached file ({item.attachment.name})
                        </a>
                      )}
                    </p>
                  </div>
                </details>
              </li>
            ))}
          </ul>
        )}
        {nextBefore && (
          <p className="mt-6">
            <a
              href={`/admin/inbox?${new URLSearchParams({ ...(kind ? { kind } : {}), before: nextBefore }).toString()}`}
              className="font-semibold text-brand-700 underline dark:text-sky-300"
            >
              Older entries
            </a>
          </p>
        )}
      </div>
    </>
  );
}
