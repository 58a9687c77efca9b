import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { VisitorFigures as Figures } from "~/lib/visitors.ts";

/** The tab's visitor session id (spec §7): "session-" + a timestamp + random text, kept in sessionStorage. */
function sessionId(): string {
  const key = "visitorSession";
  let id = sessionStorage.getItem(key);
  if (!id) {
    id = `session-${Date.now()}-${Math.random().toString(36).slice(2, 12)}`;
    sessionStorage.setItem(key, id);
  }
  return id;
}

/**
 * The visitor ping and the figures it brings back, in the footer (spec §7, issue 12 §2). The page pings
 * `trackVisitor(sessionId, pagePath)` on load, on each client-side navigation and every 120 s; the answer holds
 * the figures, so the cached page needs no request of its own for them. A failure goes to the console only.
 * Without JavaScript, or until the first answer, nothing is shown: never a made-up figure.
 */
export function VisitorFigures() {
  const { pathname } = useLocation();
  const [text, setText] = useState("");
  useEffect(() => {
    const n = (v: number) => v.toLocaleString("en-IN");
    const ping = () =>
      fetch("/api/visitors", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ sessionId: sessionId(), pagePath: pathname }),
      })
        .then((res) => (res.ok ? (res.json() as Promise<Figures>) : Promise.reject(new Error(`visitor ping: ${res.status}`))))
        .then((f) => setText(`Today: ${n(f.today)}+ visitors · ${n(f.total)} in all`), console.warn);
    void ping();
    // PING_INTERVAL_MS (~/lib/visitors.ts), written out: importing it would cost the page a chunk of its own.
    const timer = setInterval(ping, 120_000);
    return () => clearInterval(timer);
  }, [pathname]);
  return text ? <p data-testid="visitor-figures">{text}</p> : null;
}
