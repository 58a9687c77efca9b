/**
 * Photos as a grid of thumbnails, each a link to the full image, with its caption under it when there is
 * one. The same grid for a request's photos, a job's photos from the site and a unit's in the workshop.
 */
export interface GridPhoto {
  id: number;
  src: string;
  /** The stored size, so the page does not move as the images load (0 or null when unknown). */
  width?: number | null;
  height?: number | null;
  alt: string;
  /** Shown under the photo. */
  caption?: string | null;
}

export function PhotoGrid({
  photos,
  label,
  className = "mt-3",
  reload = false,
}: {
  photos: readonly GridPhoto[];
  /** The list's accessible name, when a page has more than one grid. */
  label?: string;
  className?: string;
  /** A full page load for the image (portal pages whose link handler would otherwise route it). */
  reload?: boolean;
}) {
  return (
    <ul aria-label={label} className={`${className} grid grid-cols-2 gap-3 sm:grid-cols-3`}>
      {photos.map((p) => (
        <li key={p.id}>
          <a href={p.src} data-reload={reload || undefined}>
            <img
              src={p.src}
              width={p.width || undefined}
              height={p.height || undefined}
              loading="lazy"
              alt={p.alt}
              className="h-auto w-full rounded-md border border-slate-200 object-cover dark:border-slate-800"
            />
          </a>
          {p.caption && <p className="mt-1 text-sm">{p.caption}</p>}
        </li>
      ))}
    </ul>
  );
}
