import type { Permission } from "~/lib/auth/permissions.ts";

/**
 * Every back-office screen of the spec, in one registry. It draws the navigation (grouped, filtered by the
 * staff member's permissions) and tells the admin layout's middleware which permission a URL needs.
 * A screen whose issue has not landed has `built: false`: it stays out of the navigation and its URL
 * answers 404 (the catch-all admin route), never a placeholder. To add a screen: docs/back-office.md.
 */
export const SCREEN_GROUPS = ["Work", "Money", "Customers", "Communications", "Website", "Business", "System"] as const;
export type ScreenGroup = (typeof SCREEN_GROUPS)[number];

export interface AdminScreen {
  /** The screen's URL; everything below it (a record's page, its files) needs the same permission. */
  path: string;
  label: string;
  group: ScreenGroup;
  permission: Permission;
  built: boolean;
  /** Reachable, but not a navigation entry (a sub-screen, or a file route). */
  hidden?: boolean;
}

const SCREENS = [
  // Work
  { path: "/admin", label: "Dashboard", group: "Work", permission: "dashboard", built: true },
  { path: "/admin/service-requests", label: "Service requests", group: "Work", permission: "requests", built: true },
  { path: "/admin/bench", label: "Bench repair", group: "Work", permission: "requests", built: true },
  { path: "/admin/contracts", label: "Contracts (AMC)", group: "Work", permission: "requests", built: true },
  { path: "/admin/technicians", label: "Technicians", group: "Work", permission: "technicians", built: true },
  // Issue 21: the dispatch board; moving work needs what assigning on the request page needs.
  { path: "/admin/schedule", label: "Schedule", group: "Work", permission: "dispatch", built: true },
  // Money
  { path: "/admin/quotes", label: "Quotes", group: "Money", permission: "money", built: true },
  { path: "/admin/invoices", label: "Invoices", group: "Money", permission: "money", built: true },
  { path: "/admin/payments", label: "Payments", group: "Money", permission: "money", built: true },
  { path: "/admin/products", label: "Products", group: "Money", permission: "money", built: true },
  { path: "/admin/vendors", label: "Vendors", group: "Money", permission: "money", built: true },
  // Customers
  { path: "/admin/customers", label: "Customers", group: "Customers", permission: "customers", built: true },
  { path: "/admin/feedback", label: "Feedback", group: "Customers", permission: "customers", built: true },
  { path: "/admin/help-desk", label: "Help desk", group: "Customers", permission: "communications", built: true },
  // Communications
  { path: "/admin/inbox", label: "Inbox", group: "Communications", permission: "communications", built: true },
  { path: "/admin/messages", label: "Message files", group: "Communications", permission: "communications", built: true, hidden: true },
  { path: "/admin/communications", label: "Communications", group: "Communications", permission: "communications", built: true },
  // Staff notifications (issue 12 §3): every staff member has their own alerts and choices, so the screen needs only "dashboard".
  { path: "/admin/notifications", label: "Notifications", group: "Communications", permission: "dashboard", built: true },
  // A staff member's own name, asked at the first sign-in (every staff member: "dashboard").
  { path: "/admin/your-name", label: "Your name", group: "System", permission: "dashboard", built: true, hidden: true },
  { path: "/admin/emails", label: "E-mails", group: "Communications", permission: "communications", built: true },
  { path: "/admin/sms", label: "SMS", group: "Communications", permission: "communications", built: true },
  { path: "/admin/whatsapp", label: "WhatsApp", group: "Communications", permission: "communications", built: true },
  { path: "/admin/marketing", label: "Marketing", group: "Communications", permission: "communications", built: true },
  { path: "/admin/video-calls", label: "Video calls", group: "Communications", permission: "communications", built: true },
  // Website
  { path: "/admin/cms", label: "Content", group: "Website", permission: "content", built: true },
  { path: "/admin/services", label: "Services", group: "Website", permission: "settings", built: true },
  { path: "/admin/service-management", label: "Service management", group: "Website", permission: "settings", built: true, hidden: true },
  { path: "/admin/technical-library", label: "Technical library", group: "Website", permission: "library", built: true },
  { path: "/admin/seo-audit", label: "SEO audit", group: "Website", permission: "settings", built: true },
  // Business
  { path: "/admin/analytics", label: "Analytics", group: "Business", permission: "activity", built: true },
  { path: "/admin/investors", label: "Investors", group: "Business", permission: "settings", built: true },
  // System
  { path: "/admin/settings", label: "Settings", group: "System", permission: "settings", built: true },
  { path: "/admin/staff", label: "Staff", group: "System", permission: "staff", built: true },
  { path: "/admin/activity", label: "Activity", group: "System", permission: "activity", built: true },
  // The spec's one back-office URL outside /admin (issue 19 §9): the same layout, guard and host rule.
  { path: "/database", label: "Database", group: "System", permission: "database", built: true },
  { path: "/admin/data-restoration", label: "Data restoration", group: "System", permission: "settings", built: true },
  { path: "/admin/data-import", label: "Data import", group: "System", permission: "settings", built: true },
] as const satisfies readonly AdminScreen[];

export const ADMIN_SCREENS: readonly AdminScreen[] = SCREENS;

/**
 * The path of every built screen. What each writes to the audit log is declared by path on the server
 * (SCREEN_AUDIT in ~/.server/admin/screens.ts, off the browser's bundle); this type makes it complete.
 */
export type BuiltScreenPath = Extract<(typeof SCREENS)[number], { built: true }>["path"];

/** The screen a back-office URL belongs to: the registered path that is the URL or its longest prefix. */
export function screenFor(pathname: string): AdminScreen | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  let found: AdminScreen | undefined;
  for (const screen of ADMIN_SCREENS) {
    const matches = screen.path === "/admin" ? path === "/admin" : path === screen.path || path.startsWith(`${screen.path}/`);
    if (matches && (!found || screen.path.length > found.path.length)) found = screen;
  }
  return found;
}

export interface NavGroup {
  group: ScreenGroup;
  screens: Array<{ path: string; label: string }>;
}

/** The navigation for someone with these permissions: built, visible screens, grouped in registry order. */
export function navigationFor(permissions: readonly Permission[]): NavGroup[] {
  return SCREEN_GROUPS.map((group) => ({
    group,
    screens: ADMIN_SCREENS.filter((s) => s.group === group && s.built && !s.hidden && permissions.includes(s.permission)).map(
      ({ path, label }) => ({ path, label }),
    ),
  })).filter((g) => g.screens.length > 0);
}
