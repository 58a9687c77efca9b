import { useEffect, useRef, useState } from "react";
import type { SignalSide } from "~/lib/forms/admin/video-calls.ts";
import { useLiveEvents } from "~/lib/live/use-live.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { CallPeer, type CallState, type Facing } from "~/lib/video/call-peer.ts";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * The call itself, for both sides: the other side's video (large), our own preview (small, mirrored for the
 * front camera), and the controls: Join, mute, switch camera (front/back, for the customer to show the drive's
 * display), leave; the engineer's snapshot button. The signals of the call arrive through the page's live
 * stream (the loader's grant for "video:<callId>"). Only the call pages import this: it never reaches the
 * public site's bundles.
 *
 * Without JavaScript nothing here works: the page says so (see NeedsJavaScript) and shows the call's details.
 */

const STATE_TEXT: Record<CallState, string> = {
  idle: "Not joined yet.",
  starting: "Starting the camera…",
  waiting: "Waiting for the other side to join…",
  connecting: "Connecting…",
  connected: "Connected.",
  left: "You have left the call.",
  ended: "The call has ended.",
  failed: "The camera could not be started.",
};

const button = "inline-flex h-12 min-w-12 items-center justify-center rounded-md px-5 font-semibold";
const primary = `${button} bg-brand-700 text-white hover:bg-brand-800`;
const secondary = `${button} border border-slate-400 bg-white text-slate-900 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`;
const danger = `${button} bg-red-700 text-white hover:bg-red-800`;

/** Shown until the page's JavaScript runs (and for good without it). */
export function NeedsJavaScript() {
  return (
    <p className="rounded-md border border-amber-600 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
      The video call needs a browser with JavaScript turned on and a camera: open this page in Chrome, Safari or Firefox on a phone or a computer.
    </p>
  );
}

function VideoBox({ stream, muted, mirrored, label, videoRef }: { stream: MediaStream | null; muted: boolean; mirrored?: boolean; label: string; videoRef?: React.RefObject<HTMLVideoElement | null> }) {
  const own = useRef<HTMLVideoElement | null>(null);
  const ref = videoRef ?? own;
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    if (stream) {
      video.play().then(
        () => setBlocked(false),
        () => setBlocked(true),
      );
    }
  }, [stream, ref]);
  return (
    <div className="relative">
      <video ref={ref} aria-label={label} autoPlay playsInline muted={muted} className={`h-full w-full rounded-md bg-slate-900 object-contain ${mirrored ? "-scale-x-100" : ""}`} />
      {blocked && stream && (
        <button type="button" className={`${primary} absolute inset-x-4 bottom-4`} onClick={() => void ref.current?.play().then(() => setBlocked(false))}>
          Play the video
        </button>
      )}
    </div>
  );
}

export interface CallStageProps {
  side: SignalSide;
  signalUrl: string;
  grant: string;
  iceServers: RTCIceServer[];
  /** The call can be joined (booked or in progress). */
  joinable: boolean;
  /** The server says the call has ended (the page reloaded after End call). */
  ended: boolean;
  /** The engineer's snapshot: a JPEG of the customer's video. */
  onSnapshot?: (jpeg: Blob) => void;
  snapshotBusy?: boolean;
  otherLabel: string;
}

export function CallStage({ side, signalUrl, grant, iceServers, joinable, ended, onSnapshot, snapshotBusy, otherLabel }: CallStageProps) {
  const hydrated = useHydrated();
  const peerRef = useRef<CallPeer | null>(null);
  const remoteVideo = useRef<HTMLVideoElement | null>(null);
  const [state, setState] = useState<CallState>("idle");
  const [detail, setDetail] = useState<string | undefined>();
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [muted, setMuted] = useState(false);
  const [facing, setFacing] = useState<Facing>("user");
  const [switching, setSwitching] = useState(false);

  useLiveEvents(
    (event) => {
      if (event.kind === "video.signal") peerRef.current?.receive(event.data);
    },
    { grants: [grant] },
  );

  // Closing the page: a bye that outlives it, and the camera off.
  useEffect(() => {
    const bye = () => peerRef.current?.byeBeacon();
    window.addEventListener("pagehide", bye);
    return () => {
      window.removeEventListener("pagehide", bye);
      peerRef.current?.stop();
    };
  }, []);

  useEffect(() => {
    if (ended && peerRef.current) {
      peerRef.current.stop(false);
      setState("ended");
    }
  }, [ended]);

  async function join() {
    peerRef.current?.stop(false);
    const peer = new CallPeer({
      side,
      signalUrl,
      iceServers,
      onState: (s, d) => {
        setState(s);
        setDetail(d);
      },
      onLocalStream: setLocal,
      onRemoteStream: setRemote,
    });
    peerRef.current = peer;
    setMuted(false);
    setFacing("user");
    await peer.start().catch(() => undefined);
  }

  function leave() {
    peerRef.current?.stop();
  }

  async function switchCamera() {
    if (!peerRef.current) return;
    setSwitching(true);
    try {
      setFacing(await peerRef.current.switchCamera());
    } finally {
      setSwitching(false);
    }
  }

  function snapshot() {
    const video = remoteVideo.current;
    if (!video || !onSnapshot || video.videoWidth === 0) return;
    const canvas = document.createElement("canvas");
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext("2d")?.drawImage(video, 0, 0);
    canvas.toBlob((blob) => blob && onSnapshot(blob), "image/jpeg", 0.88);
  }

  if (!hydrated) return <NeedsJavaScript />;
  const inCall = state === "waiting" || state === "connecting" || state === "connected";
  const status = state === "failed" && detail ? detail : state === "waiting" && detail === "left" ? `The ${otherLabel.toLowerCase()} left. Waiting for them to join again…` : STATE_TEXT[state];
  return (
    <TitledSection headingId="call-heading" className="space-y-4" headingClassName="text-xl font-semibold" title="The call">
      <p role="status" className="font-medium" data-call-state={state}>
        {state === "waiting" && side === "customer" && detail !== "left" ? "You are in. The engineer will join you in a moment…" : status}
      </p>
      {(inCall || state === "starting") && (
        <div className="grid gap-3 md:grid-cols-[minmax(0,3fr)_minmax(0,1fr)]">
          <div className="aspect-video">
            <VideoBox stream={remote} muted={false} label={`${otherLabel}'s video`} videoRef={remoteVideo} />
          </div>
          <div className="aspect-video w-1/2 md:w-full">
            <VideoBox stream={local} muted mirrored={facing === "user"} label="Your camera" />
          </div>
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        {!inCall && state !== "starting" && state !== "ended" && joinable && (
          <button type="button" className={primary} onClick={() => void join()}>
            {state === "left" || state === "failed" ? "Join again" : side === "engineer" ? "Start the call" : "Join the call"}
          </button>
        )}
        {inCall && (
          <>
            <button type="button" className={secondary} aria-pressed={muted} onClick={() => setMuted(peerRef.current?.toggleMute() ?? false)}>
              {muted ? "Unmute" : "Mute"}
            </button>
            {local && local.getVideoTracks().length > 0 && (
              <button type="button" className={secondary} disabled={switching} onClick={() => void switchCamera()}>
                {facing === "user" ? "Switch to the back camera" : "Switch to the front camera"}
              </button>
            )}
            {onSnapshot && (
              <button type="button" className={secondary} disabled={state !== "connected" || snapshotBusy} onClick={snapshot}>
                {snapshotBusy ? "Saving the snapshot…" : "Take a snapshot"}
              </button>
            )}
            <button type="button" className={danger} onClick={leave}>
              Leave
            </button>
          </>
        )}
      </div>
    </TitledSection>
  );
}
