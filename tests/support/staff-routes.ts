import { RouterContextProvider } from "react-router";
import { staffContext, type StaffMember } from "~/.server/auth/staff.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { STAFF_ROLE_INFO, type StaffRole } from "~/lib/auth/permissions.ts";

/**
 * What the back-office layout hands a route, for tests that call a loader, an action or a middleware
 * directly: the staff member it checked, the browser's address, the request and its URL. The layout's own
 * checks (sign-in, permission, host) are tested through the layout middleware, not here.
 */

/** The back office's origin in tests (the app's default address). */
export const BACK_OFFICE = "http://127.0.0.1:3000";

/** A staff member of `role` with that role's permissions, as the layout would put in the context. */
export function asStaff(role: StaffRole, who: Partial<Omit<StaffMember, "role" | "permissions">> = {}): StaffMember {
  return { userId: 1, sessionId: 0, name: "Test", mobile: null, ipAddress: "203.0.113.9", ...who, role, permissions: STAFF_ROLE_INFO[role].permissions };
}

/** The same staff member in another role (the permissions follow the role). */
export function inRole(staff: StaffMember, role: StaffRole): StaffMember {
  return { ...staff, role, permissions: STAFF_ROLE_INFO[role].permissions };
}

export interface RouteCall {
  /** The staff member the layout let in; none: the context holds nobody (a public route). */
  staff?: StaffMember;
  params?: Record<string, string>;
  /** A posted form: its fields (a list posts the field once a value), or a multipart FormData. */
  body?: Record<string, string | readonly string[]> | FormData;
  /** The browser's address (clientAddressContext); null leaves it unset. */
  address?: string | null;
  /** The Origin header a browser sends with a post. */
  origin?: string;
  headers?: Record<string, string>;
  /** Further route arguments (unstable_pattern, pattern). */
  extra?: Record<string, unknown>;
}

/** The context alone (for a middleware or a loader called with arguments of its own). */
export function staffRouteContext(call: Pick<RouteCall, "staff" | "address"> = {}): RouterContextProvider {
  const context = new RouterContextProvider();
  const address = call.address === undefined ? "203.0.113.9" : call.address;
  if (address !== null) context.set(clientAddressContext, address);
  if (call.staff) context.set(staffContext, call.staff);
  return context;
}

function formBody(body: NonNullable<RouteCall["body"]>): FormData | URLSearchParams {
  if (body instanceof FormData) return body;
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) for (const v of typeof value === "string" ? [value] : value) form.append(name, v);
  return form;
}

/** A route's arguments for `path` (on the back office unless absolute): a GET, or a POST when `body` is given. */
export function routeArgs(path: string, call: RouteCall = {}): never {
  const url = new URL(path, BACK_OFFICE);
  const headers = { ...(call.origin ? { origin: call.origin } : {}), ...call.headers };
  const request = call.body ? new Request(url, { method: "POST", body: formBody(call.body), headers }) : new Request(url, { headers });
  return { request, url: new URL(request.url), params: call.params ?? {}, context: staffRouteContext(call), ...call.extra } as never;
}

/** The status of a route's answer, returned or thrown: a Response's, or React Router's data() init's. */
export function statusOf(answer: unknown): number | undefined {
  return answer instanceof Response ? answer.status : (answer as { init?: { status?: number } } | undefined)?.init?.status;
}

/** The status the route threw (a Response or data() with its init); 200 when it threw nothing. */
export async function thrownStatus(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (error) {
    return statusOf(error) ?? 0;
  }
  return 200;
}

/** The status of what the route answered, returned (a Response, else 200) or thrown. */
export async function answerStatus(promise: Promise<unknown>): Promise<number> {
  try {
    const answer = await promise;
    return answer instanceof Response ? answer.status : 200;
  } catch (error) {
    return statusOf(error) ?? 0;
  }
}

/** What the route threw: its status and where it redirects; a route that throws nothing fails the test. */
export async function thrown(promise: Promise<unknown>): Promise<{ status: number; location: string | null }> {
  try {
    await promise;
  } catch (error) {
    return { status: statusOf(error) ?? 0, location: error instanceof Response ? error.headers.get("location") : null };
  }
  throw new Error("expected the route to throw a response");
}
