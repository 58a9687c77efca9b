import { eq } from "drizzle-orm";
import type { StaffMember } from "~/.server/auth/staff.ts";
import { getDb } from "~/.server/db/index.ts";
import { videoCalls } from "~/.server/db/schema.ts";
import { takeToken } from "~/.server/forms/rate-limit.ts";
import { publishLive } from "~/.server/live/publish.ts";
import { SIGNAL_MAX_BYTES, signalSchema, type Signal, type SignalSide } from "~/lib/forms/admin/video-calls.ts";
import { joinCall, leaveCall } from "./calls.ts";

/**
 * The signalling of a call (WebRTC's offer, answer and ICE candidates, and our "hello" and "bye"): each side
 * posts its signal here and the server publishes it to the call's live audience ("video:<callId>"), which
 * only the two sides may read (the customer through the signed link's grant, the engineer through theirs).
 * Each page ignores its own signals (`from`). The server checks the shape and size of a signal, never its
 * meaning: the browsers' media go directly between them, never through the server.
 */

/**
 * Signals per call and side, per minute. A call's setup takes a dozen (an offer or answer and its candidates,
 * a hello every few seconds while waiting); a reconnect a dozen more.
 */
const SIGNALS_PER_MINUTE = { max: 240, windowMs: 60_000 };
/** Per visitor address across calls: one browser cannot flood the events table by walking many links. */
const SIGNALS_PER_ADDRESS = { max: 600, windowMs: 60_000 };

export type SignalOutcome = { ok: true } | { ok: false; status: 400 | 404 | 409 | 413 | 429; message: string; retryAfter?: number };

/** Reads a signal's body (text, size-limited) as JSON and checks its shape. */
export function parseSignal(body: string): { ok: true; signal: Signal } | { ok: false; status: 400 | 413; message: string } {
  if (Buffer.byteLength(body) > SIGNAL_MAX_BYTES) return { ok: false, status: 413, message: "This signal is too large." };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, status: 400, message: "A signal is JSON." };
  }
  const parsed = signalSchema.safeParse(json);
  if (!parsed.success) return { ok: false, status: 400, message: "This is not a signal of a video call." };
  return { ok: true, signal: parsed.data };
}

/** Reads at most SIGNAL_MAX_BYTES + 1 bytes of a request's body (a longer one is refused without reading it all). */
export async function readSignalBody(request: Request): Promise<string | undefined> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > SIGNAL_MAX_BYTES) return undefined;
  const reader = request.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > SIGNAL_MAX_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Relays one side's signal to the call's audience. A "hello" is also the side's join (recorded once per open
 * stay: ./calls.ts joinCall; the first one makes the call live); a "bye" records that the side left.
 */
export async function relaySignal(callId: number, from: SignalSide, signal: Signal, who: { address: string; name: string; staff?: StaffMember }): Promise<SignalOutcome> {
  const wait = (await takeToken(`video-signal:${callId}:${from}`, SIGNALS_PER_MINUTE)) ?? (await takeToken(`video-signal:address:${who.address}`, SIGNALS_PER_ADDRESS));
  if (wait !== undefined) return { ok: false, status: 429, message: "Too many signals: wait a moment.", retryAfter: wait };
  const [call] = await getDb().select({ id: videoCalls.id, status: videoCalls.status }).from(videoCalls).where(eq(videoCalls.id, callId));
  if (!call) return { ok: false, status: 404, message: "This call does not exist." };
  if (signal.type === "hello") {
    const joined = await joinCall(callId, { role: from, name: who.name, staff: who.staff });
    if (!joined.ok) return { ok: false, status: 409, message: joined.message };
  } else if (call.status !== "live") {
    // A bye after the end (a page closing late) is harmless: nothing to tell.
    if (signal.type === "bye") return { ok: true };
    return { ok: false, status: 409, message: call.status === "scheduled" ? "Join the call first." : "This call is over." };
  } else if (signal.type === "bye") {
    await leaveCall(callId, from, from === "engineer" ? who.staff?.userId : undefined);
  }
  await publishLive(getDb(), { audience: `video:${callId}`, kind: "video.signal", data: { from, ...signal } });
  return { ok: true };
}

/** The JSON response of the signal endpoints. */
export function signalResponse(outcome: SignalOutcome): Response {
  const headers: Record<string, string> = { "Content-Type": "application/json", "Cache-Control": "no-store" };
  if (!outcome.ok && outcome.retryAfter) headers["Retry-After"] = String(outcome.retryAfter);
  return new Response(JSON.stringify(outcome.ok ? { ok: true } : { ok: false, message: outcome.message }), { status: outcome.ok ? 202 : outcome.status, headers });
}

/**
 * A signal endpoint's POST: JSON only, from this site's own pages (a foreign Origin is refused: a JSON body
 * cannot be sent across sites without a preflight we never allow, and this says so explicitly), size-limited,
 * checked, relayed.
 */
export async function handleSignalPost(request: Request, callId: number, from: SignalSide, who: { address: string; name: string; staff?: StaffMember }): Promise<Response> {
  const origin = request.headers.get("origin");
  if (origin && origin !== new URL(request.url).origin) return signalResponse({ ok: false, status: 400, message: "Signals come from the call's own page." });
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json")) {
    return signalResponse({ ok: false, status: 400, message: "A signal is JSON." });
  }
  const body = await readSignalBody(request);
  if (body === undefined) return signalResponse({ ok: false, status: 413, message: "This signal is too large." });
  const parsed = parseSignal(body);
  if (!parsed.ok) return signalResponse(parsed);
  return signalResponse(await relaySignal(callId, from, parsed.signal, who));
}
