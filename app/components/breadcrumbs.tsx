/** "Home / Services / VFD Repair": the trail that BreadcrumbList JSON-LD describes (seo()). */
export function Breadcrumbs({ trail }: { trail: Array<{ name: string; path: string }> }) {
  const items = [{ name: "Home", path: "/" }, ...trail];
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-700 dark:text-slate-300">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, i) => (
          <li key={item.path} className="flex items-center gap-1">
            {i > 0 && <span aria-hidden="true">/</span>}
            {i === items.length - 1 ? (
              <span aria-current="page">{item.name}</span>
            ) : (
              <a href={item.path} className="underline-offset-2 hover:underline">
                {item.name}
              </a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
