/** The back office's own navigation, above every admin screen. */
const SCREENS = [
  { to: "/admin", label: "Inbox" },
  { to: "/admin/technicians", label: "Technicians" },
] as const;

export function AdminNav({ current }: { current: (typeof SCREENS)[number]["to"] }) {
  return (
    <nav aria-label="Back office" className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-1 px-4 py-2">
        <span className="mr-3 text-sm font-semibold text-slate-600 uppercase dark:text-slate-300">Back office</span>
        {SCREENS.map((s) => (
          <a
            key={s.to}
            href={s.to}
            aria-current={s.to === current ? "page" : undefined}
            className={`rounded-md px-3 py-2 text-sm font-medium ${
              s.to === current ? "bg-brand-700 text-white" : "text-slate-800 hover:bg-slate-200 dark:text-slate-100 dark:hover:bg-slate-800"
            }`}
          >
            {s.label}
          </a>
        ))}
        <form method="post" action="/auth/sign-out" className="ml-auto">
          <button type="submit" className="rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-200 dark:text-slate-100 dark:hover:bg-slate-800">
            Sign out
          </button>
        </form>
      </div>
    </nav>
  );
}
