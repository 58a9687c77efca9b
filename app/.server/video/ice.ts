import { getServerConfig } from "~/.server/config.ts";
import { getStoredIntegrations } from "~/.server/settings/index.ts";

/**
 * The ICE servers the two browsers use to find a path to each other. None by default: on one network (the
 * office and the customer's plant on the same LAN, or the tests) the browsers' own host candidates connect.
 * Across the internet a STUN server finds each side's public address, and a TURN server relays the media
 * when a firewall allows nothing direct. Each environment variable that is set wins over the value stored
 * (write-only for the password) under Integrations in the back office's settings:
 *
 *   VIDEO_STUN_URLS        stun:stun.example.in:3478 (several: separated by commas or spaces)
 *   VIDEO_TURN_URLS        turn:turn.example.in:3478?transport=udp,turns:turn.example.in:5349
 *   VIDEO_TURN_USERNAME    the TURN server's user
 *   VIDEO_TURN_CREDENTIAL  its password (a secret: only the two sides of a call receive it, on their call's page)
 */

export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

export interface IceSettings {
  stunUrls?: string | undefined;
  turnUrls?: string | undefined;
  turnUsername?: string | undefined;
  turnCredential?: string | undefined;
}

const STUN = /^stuns?:[^\s,]+$/;
const TURN = /^turns?:[^\s,]+$/;

function urlList(value: string | undefined, pattern: RegExp): string[] {
  return (value ?? "")
    .split(/[\s,]+/)
    .map((u) => u.trim())
    .filter((u) => u && pattern.test(u))
    .slice(0, 8);
}

/** The browsers' RTCPeerConnection iceServers from the settings in effect. */
export function iceServersFrom(settings: IceSettings): IceServer[] {
  const servers: IceServer[] = [];
  const stun = urlList(settings.stunUrls, STUN);
  if (stun.length) servers.push({ urls: stun });
  const turn = urlList(settings.turnUrls, TURN);
  // A TURN server without its credentials would only fail each connection attempt: left out.
  if (turn.length && settings.turnUsername && settings.turnCredential) {
    servers.push({ urls: turn, username: settings.turnUsername, credential: settings.turnCredential });
  }
  return servers;
}

/** The ICE servers in effect: each VIDEO_* variable that is set, else the stored integration setting. */
export async function iceServers(): Promise<IceServer[]> {
  const env = getServerConfig().integrationsEnv;
  const stored = env.videoStunUrls && env.videoTurnUrls && env.videoTurnUsername && env.videoTurnCredential ? {} : await getStoredIntegrations();
  return iceServersFrom({
    stunUrls: env.videoStunUrls ?? stored.videoStunUrls,
    turnUrls: env.videoTurnUrls ?? stored.videoTurnUrls,
    turnUsername: env.videoTurnUsername ?? stored.videoTurnUsername,
    turnCredential: env.videoTurnCredential ?? stored.videoTurnCredential,
  });
}
