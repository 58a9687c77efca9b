import type { RelayedSignal, Signal, SignalSide } from "~/lib/forms/admin/video-calls.ts";

/**
 * One side of a video call in the browser: the camera and microphone, the RTCPeerConnection, and the
 * signalling through the server (POST a signal; the other side's arrive as live events).
 *
 * Simple roles, robust to either side reloading:
 * - each page is a "peer" with a random id (a reload is a new peer);
 * - the engineer makes every offer. An offer starts a "session" (one RTCPeerConnection on each side), names the
 *   customer peer it is for, and its answer and candidates carry the session: anything of an older session is
 *   ignored;
 * - "hello" says "I am here". Until connected, each side says hello every few seconds (a signal sent before
 *   the other side's stream was open is simply said again). The engineer answers a customer's hello with a
 *   fresh offer (unless a session with that peer is connected or still being set up); the customer answers
 *   the engineer's hello with a hello;
 * - "bye": the other side left (its page closed, or Leave): the connection is dropped and hellos resume.
 *   A bye with `ended` (the engineer ended the call) ends it on the customer's page.
 * Signals are sent one at a time, in order, and handled one at a time, in order.
 */

export type CallState = "idle" | "starting" | "waiting" | "connecting" | "connected" | "left" | "ended" | "failed";
export type Facing = "user" | "environment";

export interface CallPeerOptions {
  side: SignalSide;
  signalUrl: string;
  iceServers: RTCIceServer[];
  onState: (state: CallState, detail?: string) => void;
  onLocalStream: (stream: MediaStream | null) => void;
  onRemoteStream: (stream: MediaStream | null) => void;
}

const HELLO_EVERY_MS = 4000;
/** A session with the same customer peer younger than this is still being set up: a hello does not restart it. */
const SESSION_SETUP_MS = 10_000;

export function randomId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(36).padStart(2, "0")).join("").slice(0, 20);
}

/** What a getUserMedia failure means for the person at the screen. */
export function mediaErrorText(error: unknown): string {
  const name = (error as { name?: string })?.name;
  if (name === "NotAllowedError" || name === "SecurityError") return "The browser was not allowed to use the camera and microphone. Allow them for this site (the camera icon in the address bar), then press Join again.";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "No camera or microphone was found on this device.";
  if (name === "NotReadableError") return "The camera is in use by another app. Close it, then press Join again.";
  return "The camera could not be started in this browser. Try Chrome, Safari or Firefox on a phone.";
}

export class CallPeer {
  readonly peer = randomId();
  private readonly o: CallPeerOptions;
  private pc: RTCPeerConnection | undefined;
  private session: string | undefined;
  private remotePeer: string | undefined;
  private sessionStarted = 0;
  private pending: RTCIceCandidateInit[] = [];
  private readonly seenSessions = new Set<string>();
  private local: MediaStream | undefined;
  private facing: Facing = "user";
  private helloTimer: ReturnType<typeof setInterval> | undefined;
  private inbox: Promise<void> = Promise.resolve();
  private outbox: Promise<void> = Promise.resolve();
  private state: CallState = "idle";
  private stopped = false;

  constructor(options: CallPeerOptions) {
    this.o = options;
  }

  get currentFacing(): Facing {
    return this.facing;
  }

  private setState(state: CallState, detail?: string) {
    this.state = state;
    this.o.onState(state, detail);
  }

  /** Opens the camera and microphone (asking permission); the engineer may go on without them (receive only). */
  async start(): Promise<void> {
    this.stopped = false;
    this.setState("starting");
    try {
      this.local = await navigator.mediaDevices.getUserMedia({ video: { facingMode: this.facing, width: { ideal: 1280 }, height: { ideal: 720 } }, audio: true });
    } catch (error) {
      if (this.o.side === "customer") {
        this.setState("failed", mediaErrorText(error));
        throw error;
      }
      // An engineer's desk without a camera still sees and hears the customer.
      this.local = await navigator.mediaDevices.getUserMedia({ audio: true }).catch(() => undefined);
    }
    this.o.onLocalStream(this.local ?? null);
    this.setState("waiting");
    this.send({ type: "hello", peer: this.peer });
    this.helloTimer = setInterval(() => {
      if (this.state === "waiting" || this.state === "connecting" || this.state === "failed") this.send({ type: "hello", peer: this.peer });
    }, HELLO_EVERY_MS);
  }

  /** A live event of the call: the other side's signal (our own are ignored). */
  receive(data: Record<string, unknown>): void {
    const signal = data as unknown as RelayedSignal;
    if (this.stopped || this.state === "idle" || signal.from === this.o.side || signal.peer === this.peer) return;
    this.inbox = this.inbox.then(() => this.handle(signal)).catch((error: unknown) => console.error("video signal", error));
  }

  private async handle(s: RelayedSignal): Promise<void> {
    if (this.stopped) return;
    if (s.type === "bye") {
      if (s.ended) {
        this.stop(false);
        this.setState("ended");
        return;
      }
      if (!this.remotePeer || s.peer === this.remotePeer) {
        this.closePeer();
        this.setState("waiting", "left");
      }
      return;
    }
    if (this.o.side === "engineer") {
      if (s.type === "hello") {
        const fresh = Date.now() - this.sessionStarted < SESSION_SETUP_MS;
        if (this.pc && this.remotePeer === s.peer && (this.pc.connectionState === "connected" || fresh)) return;
        await this.offer(s.peer);
      } else if (s.type === "answer") {
        if (!this.pc || s.session !== this.session || this.pc.signalingState !== "have-local-offer") return;
        await this.pc.setRemoteDescription(s.payload);
        await this.flushCandidates();
      } else if (s.type === "candidate") {
        await this.candidate(s.session, s.payload);
      }
      return;
    }
    // The customer's side.
    if (s.type === "hello") {
      if (this.pc && this.remotePeer === s.peer && this.pc.connectionState === "connected") return;
      this.send({ type: "hello", peer: this.peer });
    } else if (s.type === "offer") {
      // Not for this page, or one already answered (a replay after the stream reconnected).
      if (s.to !== this.peer || this.seenSessions.has(s.session)) return;
      this.seenSessions.add(s.session);
      this.closePeer();
      this.session = s.session;
      this.remotePeer = s.peer;
      const pc = this.newPeer();
      await pc.setRemoteDescription(s.payload);
      for (const track of this.local?.getTracks() ?? []) pc.addTrack(track, this.local!);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      this.send({ type: "answer", peer: this.peer, session: s.session, payload: { type: "answer", sdp: pc.localDescription!.sdp } });
      await this.flushCandidates();
    } else if (s.type === "candidate") {
      await this.candidate(s.session, s.payload);
    }
  }

  private async offer(customerPeer: string): Promise<void> {
    this.closePeer();
    this.session = randomId();
    this.remotePeer = customerPeer;
    this.sessionStarted = Date.now();
    const pc = this.newPeer();
    const tracks = this.local?.getTracks() ?? [];
    for (const track of tracks) pc.addTrack(track, this.local!);
    // Receive the customer's camera and voice even without our own.
    if (!tracks.some((t) => t.kind === "video")) pc.addTransceiver("video", { direction: "recvonly" });
    if (!tracks.some((t) => t.kind === "audio")) pc.addTransceiver("audio", { direction: "recvonly" });
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    this.send({ type: "offer", peer: this.peer, session: this.session, to: customerPeer, payload: { type: "offer", sdp: pc.localDescription!.sdp } });
  }

  private async candidate(session: string, init: RTCIceCandidateInit): Promise<void> {
    if (!this.pc || session !== this.session) return;
    if (!this.pc.remoteDescription) {
      this.pending.push(init);
      return;
    }
    await this.pc.addIceCandidate(init).catch(() => undefined);
  }

  private async flushCandidates(): Promise<void> {
    const waiting = this.pending;
    this.pending = [];
    for (const c of waiting) await this.pc?.addIceCandidate(c).catch(() => undefined);
  }

  private newPeer(): RTCPeerConnection {
    const pc = new RTCPeerConnection({ iceServers: this.o.iceServers });
    this.pc = pc;
    this.pending = [];
    this.setState("connecting");
    const session = this.session!;
    pc.onicecandidate = (e) => {
      if (e.candidate && pc === this.pc) this.send({ type: "candidate", peer: this.peer, session, payload: { ...e.candidate.toJSON(), candidate: e.candidate.candidate } });
    };
    pc.ontrack = (e) => {
      if (pc !== this.pc) return;
      this.o.onRemoteStream(e.streams[0] ?? new MediaStream([e.track]));
    };
    pc.onconnectionstatechange = () => {
      if (pc !== this.pc || this.stopped) return;
      if (pc.connectionState === "connected") this.setState("connected");
      else if (pc.connectionState === "failed") {
        // Hellos resume; the engineer's next offer starts a new session.
        this.closePeer();
        this.setState("waiting", "lost");
      }
    };
    return pc;
  }

  private closePeer(): void {
    const pc = this.pc;
    this.pc = undefined;
    this.session = undefined;
    this.remotePeer = undefined;
    this.pending = [];
    if (pc) {
      pc.onicecandidate = null;
      pc.ontrack = null;
      pc.onconnectionstatechange = null;
      pc.close();
      this.o.onRemoteStream(null);
    }
  }

  /** The signals go out one at a time, in order (an answer before its candidates). */
  private send(signal: Signal): void {
    const body = JSON.stringify(signal);
    this.outbox = this.outbox.then(async () => {
      try {
        const response = await fetch(this.o.signalUrl, { method: "POST", headers: { "Content-Type": "application/json" }, body, credentials: "same-origin" });
        // The server will not let this side in (the call was cancelled or ended meanwhile, or it is too early).
        if (response.status === 409 && signal.type === "hello" && !this.stopped) {
          const answer = (await response.json().catch(() => ({}))) as { message?: string };
          this.stop(false);
          this.setState("failed", answer.message ?? "This call cannot be joined now.");
        }
      } catch {
        // Offline for a moment: the hellos will start things again.
      }
    });
  }

  /** The other camera (front/back): the new track replaces the old one in the connection, no renegotiation. */
  async switchCamera(): Promise<Facing> {
    const next: Facing = this.facing === "user" ? "environment" : "user";
    const old = this.local?.getVideoTracks()[0];
    // Many phones cannot open both cameras at once: the old one is stopped first.
    old?.stop();
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: next }, width: { ideal: 1280 }, height: { ideal: 720 } } });
    } catch {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: this.facing } } });
      this.replaceVideo(old, stream.getVideoTracks()[0]!);
      return this.facing;
    }
    this.replaceVideo(old, stream.getVideoTracks()[0]!);
    this.facing = next;
    return next;
  }

  private replaceVideo(old: MediaStreamTrack | undefined, track: MediaStreamTrack): void {
    if (this.local) {
      if (old) this.local.removeTrack(old);
      this.local.addTrack(track);
    } else {
      this.local = new MediaStream([track]);
    }
    const sender = this.pc?.getSenders().find((s) => (old && s.track === old) || s.track?.kind === "video");
    void sender?.replaceTrack(track);
    // A new MediaStream object makes the preview element pick the new track up.
    this.o.onLocalStream(new MediaStream(this.local.getTracks()));
  }

  /** Mutes or unmutes the microphone; returns whether it is now muted. */
  toggleMute(): boolean {
    const tracks = this.local?.getAudioTracks() ?? [];
    const muted = !tracks.some((t) => t.enabled);
    for (const t of tracks) t.enabled = muted;
    return !muted;
  }

  /** Leaves: tells the other side (unless the call ended anyway), drops the connection, turns the camera off. */
  stop(sayBye = true): void {
    if (this.stopped) return;
    if (sayBye && this.state !== "idle") this.send({ type: "bye", peer: this.peer });
    this.stopped = true;
    if (this.helloTimer) clearInterval(this.helloTimer);
    this.helloTimer = undefined;
    this.closePeer();
    for (const t of this.local?.getTracks() ?? []) t.stop();
    this.local = undefined;
    this.o.onLocalStream(null);
    this.setState("left");
  }

  /** When the page is closed: a bye that outlives the page. */
  byeBeacon(): void {
    if (this.stopped || this.state === "idle") return;
    navigator.sendBeacon?.(this.o.signalUrl, new Blob([JSON.stringify({ type: "bye", peer: this.peer })], { type: "application/json" }));
  }
}
