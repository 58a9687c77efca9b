/**
 * The ICE servers the two browsers use to find a path to each other. None by default: on one network (the
 * office and the customer's plant on the same LAN, or the tests) the browsers' own host candidates connect.
 * Across the internet a STUN server finds each side's public address, and a TURN server relays the media
 * when a firewall allows nothing direct. Set by the environment (read at call time):
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

const STUN = /^stuns?:[^\s,]+$/;
const TURN = /^turns?:[^\s,]+$/;

function urlList(value: string | undefined, pattern: RegExp): string[] {
  return (value ?? "")
    .split(/[\s,]+/)
    .map((u) => u.trim())
    .filter((u) => u && pattern.test(u))
    .slice(0, 8);
}

export function iceServers(env: Record<string, string | undefined> = process.env): IceServer[] {
  const servers: IceServer[] = [];
  const stun = urlList(env.VIDEO_STUN_URLS, STUN);
  if (stun.length) servers.push({ urls: stun });
  const turn = urlList(env.VIDEO_TURN_URLS, TURN);
  // A TURN server without its credentials would only fail each connection attempt: left out.
  if (turn.length && env.VIDEO_TURN_USERNAME && env.VIDEO_TURN_CREDENTIAL) {
    servers.push({ urls: turn, username: env.VIDEO_TURN_USERNAME, credential: env.VIDEO_TURN_CREDENTIAL });
  }
  return servers;
}
