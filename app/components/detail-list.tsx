/** Label and value rows (a request's details, a profile), leaving out what was not given. */
export function DetailList({ rows }: { rows: ReadonlyArray<readonly [string, string | null | undefined]> }) {
  return (
    <dl className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
      {rows
        .filter((row): row is readonly [string, string] => Boolean(row[1]))
        .map(([label, value]) => (
          <div key={label} className="grid gap-1 p-3 sm:grid-cols-[10rem_1fr]">
            <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="break-words whitespace-pre-line">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
