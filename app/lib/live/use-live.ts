import { useEffect, useRef, useState } from "react";
import { useNavigation, useRevalidator } from "react-router";

/**
 * Live updates in the browser: one shared EventSource per page (GET /live/events), whatever the number of
 * components listening. The server decides what this visitor may read (their session, plus any grants a
 * loader issued for a signed link); the hooks only listen. Never import this from a public (marketing) page:
 * those pages keep their small JavaScript and have nothing live.
 *
 * Reconnecting follows the spec's backoff, not EventSource's own: on an error the stream is closed and
 * reopened after 1 s, doubling to 16 s, with jitter; a reopen we choose ourselves (a new grant) waits 100 ms.
 * Each reopen passes the last event id (?lastEventId=) so that the server replays what was missed.
 */
export interface LiveEvent {
  id: number;
  kind: string;
  data: Record<string, unknown>;
}

export interface LiveOptions {
  /** Signed grants (issueLiveGrant) from the loader, for audiences the session alone does not admit. */
  grants?: readonly string[] | undefined;
  /** useLiveRevalidate only: which of the matching events concern this page (e.g. its own request). */
  filter?: ((event: LiveEvent) => boolean) | undefined;
  /**
   * useLiveRevalidate only: while this says true (someone is typing into a form), the page is not reloaded
   * under them: the update is held (`held` is returned true) until the next navigation or the next event.
   */
  hold?: (() => boolean) | undefined;
}

type Subscriber = { onEvent: (event: LiveEvent) => void; grants: readonly string[] };

const RESYNC = "live.resync";
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 16_000;
const CLIENT_CLOSE_DELAY_MS = 100;
/** After a navigation, how long an event is taken to be the one its own loaders already read. */
const SETTLE_MS = 1500;

/** The spec's delay before reconnect attempt `attempt` (0-based): 1 s doubling, capped at 16 s, with jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(attempt, 10));
  // "Full" jitter on the upper half: between half the step and the step, so that many clients that lost the
  // server at once do not come back at the same moment, yet none waits longer than the cap.
  return Math.round(base / 2 + random() * (base / 2));
}

const subscribers = new Set<Subscriber>();
let source: EventSource | undefined;
let sourceGrants = "";
let lastEventId: number | undefined;
const seen = new Set<number>();
let attempt = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
/** The server said this visitor may not listen (signed out): stop until the page changes subscribers. */
let refused = false;

function wantedGrants(): string {
  const all = new Set<string>();
  for (const s of subscribers) for (const g of s.grants) all.add(g);
  return [...all].sort().join(" ");
}

function streamUrl(grants: string): string {
  const params = new URLSearchParams();
  for (const g of grants ? grants.split(" ") : []) params.append("grant", g);
  if (lastEventId !== undefined) params.set("lastEventId", String(lastEventId));
  // First connect: what happened since the page's data was read (between its render and this stream).
  else params.set("since", String(pageReadAt()));
  const query = params.toString();
  return `/live/events${query ? `?${query}` : ""}`;
}

/**
 * When this document's answer began to arrive: its loaders had read the data by then. Not the navigation's
 * start, which for a form sent without the router (a plain post, then its redirect) comes before the change
 * that form made: replaying that change would reload the page and lose the message the action left.
 */
function pageReadAt(): number {
  const [entry] = performance.getEntriesByType?.("navigation") ?? [];
  const responseStart = (entry as PerformanceNavigationTiming | undefined)?.responseStart ?? 0;
  return Math.round(performance.timeOrigin + responseStart);
}

function dispatch(event: LiveEvent): void {
  for (const s of [...subscribers]) {
    try {
      s.onEvent(event);
    } catch (error) {
      console.error("A live event handler failed:", error);
    }
  }
}

function close(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  source?.close();
  source = undefined;
}

function schedule(delay: number): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    open();
  }, delay);
}

function open(): void {
  close();
  if (subscribers.size === 0 || refused || typeof EventSource === "undefined") return;
  sourceGrants = wantedGrants();
  const es = new EventSource(streamUrl(sourceGrants));
  source = es;
  es.onopen = () => {
    attempt = 0;
  };
  es.onmessage = (message: MessageEvent<string>) => {
    const id = Number(message.lastEventId);
    if (Number.isSafeInteger(id) && id > 0) {
      // An event seen already (a replay racing a live delivery) is skipped. Ids are not always in commit
      // order (two transactions), so the check is a set of recent ids, and lastEventId the highest seen.
      if (seen.has(id)) return;
      seen.add(id);
      if (seen.size > 500) seen.delete(seen.values().next().value!);
      lastEventId = Math.max(lastEventId ?? 0, id);
    }
    let parsed: { kind?: unknown; data?: unknown };
    try {
      parsed = JSON.parse(message.data) as typeof parsed;
    } catch {
      return;
    }
    if (typeof parsed.kind !== "string") return;
    dispatch({ id, kind: parsed.kind, data: (parsed.data ?? {}) as Record<string, unknown> });
  };
  // The server ends a stream whose session ended: no point reconnecting until the page changes.
  es.addEventListener("end", () => {
    refused = true;
    close();
  });
  es.onerror = () => {
    if (source !== es) return;
    // Close it ourselves: EventSource's own retry is neither the spec's backoff nor aware of grants.
    close();
    schedule(backoffDelay(attempt++));
  };
}

/** The stream without React (useLiveEvents is this in an effect); returns the unsubscribe. */
export function subscribeLive(onEvent: (event: LiveEvent) => void, grants: readonly string[] = []): () => void {
  return subscribe({ onEvent, grants });
}

function subscribe(subscriber: Subscriber): () => void {
  subscribers.add(subscriber);
  refused = false;
  const grants = wantedGrants();
  if (!source && timer === undefined) schedule(0);
  else if (source && grants !== sourceGrants) schedule(CLIENT_CLOSE_DELAY_MS);
  return () => {
    subscribers.delete(subscriber);
    if (subscribers.size === 0) {
      // Moving between two live pages unmounts one and mounts the other: keep the stream for a moment.
      schedule(CLIENT_CLOSE_DELAY_MS * 5);
    }
  };
}

/** Calls onEvent for every live event this page may read. One shared stream per page. */
export function useLiveEvents(onEvent: (event: LiveEvent) => void, options: LiveOptions = {}): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const grants = (options.grants ?? []).join(" ");
  useEffect(() => {
    return subscribe({ onEvent: (e) => handler.current(e), grants: grants ? grants.split(" ") : [] });
  }, [grants]);
}

/** Whether an event's kind is one of `kinds`: "request.updated" exactly, or "ticket." for every "ticket.*". */
export function kindMatches(kind: string, kinds: readonly string[]): boolean {
  // "live.resync": the server could not replay everything missed while away: every live page reloads.
  if (kind === RESYNC) return true;
  return kinds.some((k) => kind === k || (k.endsWith(".") ? kind.startsWith(k) : kind.startsWith(`${k}.`)));
}

/**
 * Reloads the route's loaders (React Router's revalidator: form state and focus are kept) when an event of
 * one of `kinds` arrives. Bursts are coalesced: at most one revalidation running, one more queued.
 * Returns how many live updates have been applied (for a polite "updated" note) and whether one is held.
 */
export function useLiveRevalidate(kinds: readonly string[], options: LiveOptions = {}): { updates: number; held: boolean } {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const state = useRef({ pending: false, running: false });
  const [updates, setUpdates] = useState(0);
  const [held, setHeld] = useState(false);
  const key = kinds.join(" ");
  const latest = useRef({ revalidate: revalidator.revalidate, filter: options.filter, hold: options.hold });
  useEffect(() => {
    latest.current = { revalidate: revalidator.revalidate, filter: options.filter, hold: options.hold };
  });
  // While a navigation runs (a form being sent), its own loaders will read the change: an event then is the
  // page's own action, most often, and reloading again would drop the message that action left (a flash is
  // read once). Likewise just after it ends, for an event that crossed the action's answer on the wire.
  const quietUntil = useRef(0);
  const previousNavigation = useRef(navigation.state);
  useEffect(() => {
    if (navigation.state !== "idle") quietUntil.current = Infinity;
    else if (previousNavigation.current !== "idle") quietUntil.current = Date.now() + SETTLE_MS;
    previousNavigation.current = navigation.state;
  }, [navigation.state]);
  // A navigation (a form sent, a link followed) loads fresh data anyway: nothing is held after it.
  const [lastNavigation, setLastNavigation] = useState(navigation.state);
  if (lastNavigation !== navigation.state) {
    setLastNavigation(navigation.state);
    if (navigation.state === "idle") setHeld(false);
  }
  useLiveEvents(
    (event) => {
      if (!kindMatches(event.kind, key.split(" "))) return;
      const { filter, hold } = latest.current;
      if (event.kind !== RESYNC && filter && !filter(event)) return;
      if (Date.now() < quietUntil.current) return;
      if (hold?.()) {
        setHeld(true);
        return;
      }
      setHeld(false);
      const s = state.current;
      if (s.running) {
        s.pending = true;
        return;
      }
      const run = () => {
        s.running = true;
        s.pending = false;
        void latest.current
          .revalidate()
          .catch(() => undefined)
          .finally(() => {
            s.running = false;
            setUpdates((n) => n + 1);
            if (s.pending) run();
          });
      };
      run();
    },
    { grants: options.grants },
  );
  return { updates, held };
}
