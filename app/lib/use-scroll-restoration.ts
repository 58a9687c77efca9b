import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

const STORAGE_KEY = "scroll-positions";

/**
 * Scrolling after client-side navigations, as on a site of plain pages: a new page opens at the top, or at
 * its #hash; Back and Forward return to where the reader was, also after a reload in between (positions are
 * kept in sessionStorage). A reload itself is left to the browser's own restoration.
 *
 * Why not React Router's <ScrollRestoration>: it sits in the module that also holds Link, NavLink and Form,
 * which the bundler cannot leave out (forwardRef components with displayName writes), and that module cost
 * the home page 3.9 KB of its 125 KB gzip budget (ADR 004). The site's navigation is plain links
 * (use-link-navigation.ts); this is the rest of what it needs.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number>>({});
  const currentKey = useRef(location.key);
  const firstPage = useRef(true);

  useEffect(() => {
    try {
      positions.current = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}") as Record<string, number>;
    } catch {
      positions.current = {};
    }
    history.scrollRestoration = "manual";
    let frame = 0;
    // Recorded as the reader scrolls, so that the position is the one they saw, not one clamped by the
    // next page's shorter content.
    const onScroll = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        positions.current[currentKey.current] = window.scrollY;
      });
    };
    const onPageHide = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // Storage full or blocked: Back still works within this visit.
      }
      history.scrollRestoration = "auto";
    };
    // Back from another site into this page kept in memory (bfcache): client navigations again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) history.scrollRestoration = "manual";
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onPageShow);
      history.scrollRestoration = "auto";
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    // The page the browser loaded: it is already where the browser put it (top, #hash, or a reload's place).
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    const saved = positions.current[location.key];
    if (navigationType === "POP" && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    let target: HTMLElement | null = null;
    try {
      target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    } catch {
      // A malformed #hash names no element.
    }
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps -- once per page, with that page's values
}
