/** The spec's serviced brands, in its order. */
export const SERVICED_BRANDS = [
  "ABB",
  "Siemens",
  "Allen-Bradley",
  "Schneider",
  "Delta",
  "Yaskawa",
  "Mitsubishi",
  "Omron",
  "Fanuc",
  "Rockwell",
] as const;

/**
 * The moving strip of brands we service. The list is drawn twice so that the loop is seamless; the copy is
 * hidden from assistive technology. Motion is pure CSS (app.css): it stops for prefers-reduced-motion, and
 * the Pause checkbox stops it for anyone (WCAG 2.2.2) without JavaScript.
 */
export function BrandStrip() {
  const items = (copy: boolean) =>
    SERVICED_BRANDS.map((brand) => (
      <li
        key={`${brand}${copy ? "-copy" : ""}`}
        className={`${copy ? "brand-strip-copy " : ""}px-6 text-lg font-bold whitespace-nowrap text-slate-700 sm:text-xl dark:text-slate-300`}
        aria-hidden={copy || undefined}
      >
        {brand}
      </li>
    ));
  return (
    <section aria-labelledby="brands-heading" className="brand-strip border-y border-slate-200 py-5 dark:border-slate-800">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4">
        <h2 id="brands-heading" className="text-sm font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300">
          Brands we repair and program
        </h2>
        <label className="brand-strip-pause inline-flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <input type="checkbox" className="size-4" />
          Pause
        </label>
      </div>
      <div className="mt-3 overflow-hidden">
        <ul className="brand-strip-track" aria-label="Serviced brands">
          {items(false)}
          {items(true)}
        </ul>
      </div>
    </section>
  );
}
