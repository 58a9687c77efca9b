/** The portals one signs in to, with where each lands after sign-in and where its sign-in page is. */
export type Role = "customer" | "technician" | "admin";

export const ROLES: Record<Role, { label: string; signInPath: string; landingPath: string; dashboardLabel: string }> = {
  customer: { label: "Customer", signInPath: "/customer/login", landingPath: "/customer/mobile", dashboardLabel: "My Requests" },
  technician: {
    label: "Technician",
    signInPath: "/technician/login",
    landingPath: "/technician/dashboard",
    dashboardLabel: "My Jobs",
  },
  admin: { label: "Admin", signInPath: "/admin/login", landingPath: "/admin", dashboardLabel: "Back office" },
};

/** The signed-in person as the page header sees them (root loader). */
export interface Viewer {
  role: Role;
  name?: string;
  dashboardPath: string;
  dashboardLabel: string;
}

export function isRole(value: unknown): value is Role {
  return value === "customer" || value === "technician" || value === "admin";
}

/**
 * A return address after sign-in, if it is a path on this site: "/customer/request/12?x=1#photos".
 * Anything else (another site, "//evil.example", "/\\evil.example", a javascript: URL, control characters)
 * gives undefined, so a link can never send a visitor off-site after signing in.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > 500) return undefined;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  try {
    const base = "http://return.invalid";
    const url = new URL(value, base);
    if (url.origin !== base) return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}
