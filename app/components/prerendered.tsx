import { createContext, createElement, useContext, useState, type ReactNode } from "react";

/**
 * Markup that is the same for every visitor while the content is unchanged (the home page's 66 service
 * cards), rendered once and reused (ADR 072).
 *
 * Why: React writes a page as thousands of small chunks (each tag, attribute name and value), and on a
 * page rendered per request (every signed-in visitor, every cache miss) that writing, not the data, is most
 * of the cost: the catalogue's cards alone were about 800 elements of the home page's render. Rendered once
 * to a string, they are one chunk.
 *
 * On the server the entry provides a renderer (StaticMarkupContext) that renders the children to static
 * markup once per distinct `inputs` and keeps the string; the element carries it as its inner HTML and a
 * fingerprint of the inputs. In the browser, while the page hydrates, the component takes the inner HTML
 * that the server sent (the same string: React leaves inner HTML alone when hydrating) if the fingerprint
 * matches its own inputs; otherwise, and on every render after the inputs change, it renders the children
 * as usual. So the children must not need React in the browser: plain links and markup, no handlers; and
 * they must not read context (useSite, the router's hooks): the server renders them in a tree of their own,
 * so everything they show comes through `inputs` and the render function's closure.
 */
export type StaticMarkupRenderer = (key: string, render: () => ReactNode) => string;

/** Provided by entry.server.tsx; absent in the browser. */
export const StaticMarkupContext = createContext<StaticMarkupRenderer | null>(null);

type Tag = "ul" | "ol" | "div";

export function Prerendered({
  as,
  id,
  className,
  inputs,
  children,
}: {
  as: Tag;
  /** The element's id: how the browser finds the server's markup while hydrating. */
  id: string;
  className?: string;
  /** Everything the children's markup depends on, as one string: equal inputs, equal markup. */
  inputs: string;
  children: () => ReactNode;
}) {
  const renderStatic = useContext(StaticMarkupContext);
  const fingerprint = fingerprintOf(inputs);
  // Taken once, while hydrating: the server's markup of this element, with the inputs it was made from.
  const [fromServer] = useState(() => {
    if (typeof document === "undefined") return null;
    const element = document.getElementById(id);
    const made = element?.getAttribute("data-prerendered");
    return element && made ? { fingerprint: made, html: element.innerHTML } : null;
  });
  const html = renderStatic ? renderStatic(`${as}#${id}#${fingerprint}#${inputs.length}`, children) : fromServer?.fingerprint === fingerprint ? fromServer.html : null;
  // Keyed by the mode: going from the server's markup to React's children (or back) replaces the element,
  // rather than asking React to swap inner HTML it does not track for children it does.
  if (html === null) return createElement(as, { key: "rendered", id, className }, children());
  return createElement(as, { key: "prerendered", id, className, "data-prerendered": fingerprint, dangerouslySetInnerHTML: { __html: html } });
}

/**
 * Two 32-bit FNV-1a hashes (different offsets) in hex: 64 bits, enough to tell whether the browser's inputs are
 * the ones the server rendered, and the server's key for the markup (hashing the inputs once, not per lookup).
 */
export function fingerprintOf(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x01000193) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}
