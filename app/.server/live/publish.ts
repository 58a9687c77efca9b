import { afterCommit, type Database, type Transaction } from "~/.server/db/index.ts";
import { liveEvents } from "~/.server/db/schema.ts";

/**
 * Who may read a live event. Checked on the server for every event and every stream (~/.server/live/access.ts):
 * - "staff:<permission>": staff whose role has that permission (~/lib/auth/permissions.ts);
 * - "user:<userId>": one signed-in person (a staff member's notification bell);
 * - "customer:<customerId>": the customer's portal;
 * - "technician:<technicianProfileId>": the technician's portal;
 * - "ticket:<ticketId>" / "video:<callId>": whoever the ticket or call admits (its signed link or its staff);
 * - "public": anyone (the visitor figures).
 */
export type LiveAudience =
  | `staff:${string}`
  | `user:${number}`
  | `customer:${number}`
  | `technician:${number}`
  | `ticket:${number}`
  | `video:${number}`
  | "public";

export interface LiveEventInput {
  audience: LiveAudience;
  /** What happened, e.g. "request.created", "request.updated", "notification", "ticket.message", "video.signal". */
  kind: string;
  /** Small and safe to show to the audience: ids, references, a status, a title. Never a secret. */
  data: Record<string, unknown>;
}

export interface PublishedLiveEvent extends LiveEventInput {
  id: number;
  createdAt: Date;
}

type Listener = (event: PublishedLiveEvent) => void;
const holder = globalThis as { __liveLocalListeners?: Set<Listener> };
const localListeners = (holder.__liveLocalListeners ??= new Set());

/**
 * Records a live event with the change it reports: pass the transaction that makes the change, and the event
 * is stored (for catch-up by Last-Event-ID) and delivered only once that transaction has committed, never
 * after a rollback. Delivery to the open streams is the hub's job (~/.server/live/hub.ts): on PostgreSQL it
 * fans out through NOTIFY so that every instance hears it; on the embedded database through this process.
 */
export async function publishLive(db: Database | Transaction, event: LiveEventInput): Promise<PublishedLiveEvent> {
  const [row] = await db
    .insert(liveEvents)
    .values({ audience: event.audience, kind: event.kind, data: event.data })
    .returning({ id: liveEvents.id, createdAt: liveEvents.createdAt });
  const published: PublishedLiveEvent = { ...event, id: row!.id, createdAt: row!.createdAt };
  afterCommit(() => {
    for (const listener of localListeners) listener(published);
  });
  return published;
}

/** The hub's hook: called once per committed event published by this process. */
export function onLocalPublish(listener: Listener): () => void {
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}
