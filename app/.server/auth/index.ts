/** Accounts: one-time codes, sessions, the portals' guards and the OpenID provider. */
export { adminHostAllowed, requireAdminHost, requireRole, signInRedirect, throwAccessDenied } from "./guards.ts";
export { readSession, revokeSession, revokeUserSessions, listSessions, startSession, clearSessionCookie, viewerOf, type CurrentSession } from "./sessions.ts";
export { signInAction, signInPage, type SignInPageData } from "./sign-in.ts";
export { grantAdmin, upsertUserWithRole, findUserByMobile, type User } from "./users.ts";
