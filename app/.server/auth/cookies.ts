import { createCookie, type Cookie } from "react-router";
import { getServerConfig } from "~/.server/config.ts";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Cookies are Secure in production. The one exception is a loopback host (`npm start` on a developer's
 * machine, served over plain http), where a Secure cookie would never come back and sign-in could not work.
 */
export function secureCookies(url: URL): boolean {
  return getServerConfig().production && !LOOPBACK.has(url.hostname);
}

const cookies = new Map<string, Cookie>();

/**
 * An httpOnly, SameSite=Lax cookie signed with SESSION_SECRET (React Router's createCookie): the browser
 * can neither read nor alter it unnoticed.
 */
export function signedCookie(name: string, url: URL, maxAgeSeconds: number): Cookie {
  const secure = secureCookies(url);
  const key = `${name}:${secure}:${maxAgeSeconds}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    cookie = createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/",
      maxAge: maxAgeSeconds,
      secrets: [getServerConfig().sessionSecret],
    });
    cookies.set(key, cookie);
  }
  return cookie;
}
