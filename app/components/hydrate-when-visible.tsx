import { lazy, type ComponentType } from "react";

function whenVisible(id: string): Promise<void> {
  return new Promise((resolve) => {
    const element = document.getElementById(id);
    if (!element || !("IntersectionObserver" in window)) return resolve();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          resolve();
        }
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(element);
  });
}

/**
 * A component whose code the browser loads only when the element with this id nears the viewport. Render it
 * inside <Suspense> within that element.
 * - On the server its module is loaded up front, so it renders in full, inline: visitors without JavaScript
 *   and crawlers get it like any other part of the page.
 * - In the browser, hydration of it waits (React keeps the server's HTML, which works as plain HTML: a form
 *   still posts) until the visitor scrolls near it; only then is its code fetched.
 */
export function lazyWhenVisible<P extends object>(id: string, load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  if (typeof document === "undefined") {
    void load().then((component) => {
      loaded = component;
    });
  }
  const Deferred = lazy(async () => {
    if (typeof document !== "undefined") await whenVisible(id);
    loaded = await load();
    return { default: loaded };
  });
  return function WhenVisible(props: P) {
    const Component = loaded ?? Deferred;
    return <Component {...props} />;
  };
}
