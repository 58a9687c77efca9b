/**
 * The result of a staff action, shown once on the page the action redirects to ("Status changed to
 * Visit scheduled."). It rides in a short-lived cookie, so it works without JavaScript and never sits in
 * the address bar (no ?done= parameters to bookmark or reload).
 */
export interface Flash {
  type: "success" | "error" | "info";
  message: string;
}

const COOKIE = "flash";

export function flashCookie(flash: Flash): string {
  const value = Buffer.from(JSON.stringify(flash)).toString("base64url");
  return `${COOKIE}=${value}; Path=/admin; HttpOnly; SameSite=Lax; Max-Age=60`;
}

export const CLEAR_FLASH_COOKIE = `${COOKIE}=; Path=/admin; HttpOnly; SameSite=Lax; Max-Age=0`;

export function readFlash(request: Request): Flash | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name !== COOKIE || !value) continue;
    try {
      const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Partial<Flash>;
      if ((parsed.type === "success" || parsed.type === "error" || parsed.type === "info") && typeof parsed.message === "string") {
        return { type: parsed.type, message: parsed.message.slice(0, 300) };
      }
    } catch {
      return null;
    }
  }
  return null;
}
