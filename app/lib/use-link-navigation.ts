import { useEffect } from "react";
import { useNavigate } from "react-router";

/**
 * Site links are plain <a href> elements, and this one document-level listener turns a click on a
 * same-site page link into a client-side navigation.
 *
 * Why not <Link>: each <Link> resolves its path and registers handlers while it renders. With some fifty
 * links in the header and footer that was about a sixth of the server's rendering time for every page,
 * and its code a good part of the client JavaScript. Plain anchors also work without JavaScript.
 *
 * Left to the browser: modified clicks (new tab), target/download links, other origins, files
 * (sitemap.xml, images, PDFs) and links marked data-reload.
 */
export function useLinkNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      if (anchor.dataset.reload !== undefined) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      if (/\.[a-z0-9]+$/i.test(url.pathname)) return;
      // A #hash on the current page: the browser scrolls to it.
      if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return;
      event.preventDefault();
      void navigate(url.pathname + url.search + url.hash);
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
