import { isOneOf } from "../one-of.ts";
/**
 * Back-office roles and what each may do. A staff member signs in to the "admin" portal; their staff role
 * decides which screens they see and which actions the server lets through. Every screen declares the one
 * permission it needs (~/lib/admin/screens.ts); the admin layout's middleware checks it for every loader
 * and action below it. Shared with the browser only to draw the navigation: the server decides.
 */
export const STAFF_ROLES = ["owner", "office", "accounts"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = {
  /** The dashboard: every staff member has it; each panel shows only what their other permissions allow. */
  dashboard: "See the dashboard",
  requests: "Work service requests: log calls and notes, change status",
  dispatch: "Assign technicians and schedule visits",
  customers: "Customers, their sites and equipment",
  technicians: "Technicians: applications, skills, availability",
  communications: "Messages sent through the site",
  library: "The technical library: fault-code tables and what technicians read",
  /** /admin/cms (ADR 042): the site's pages, articles, FAQs, case studies, projects, places, careers and courses. */
  content: "Write and publish the site's content: pages, articles, FAQs, projects, places, careers and courses",
  money: "Quotes, invoices and payments",
  settings: "Business settings and integrations",
  staff: "Add, change and remove staff",
  activity: "Read the audit log",
  /** The database dashboard (/database): the engine's own figures. The owner's alone: it shows the whole system's size and health. */
  database: "See the database dashboard: sizes, indexes, migrations and the job queue",
} as const;
export type Permission = keyof typeof PERMISSIONS;

export const STAFF_ROLE_INFO: Record<StaffRole, { label: string; description: string; permissions: readonly Permission[] }> = {
  owner: {
    label: "Owner",
    description: "Everything, including settings, staff, the audit log and the database dashboard.",
    permissions: Object.keys(PERMISSIONS) as Permission[],
  },
  office: {
    label: "Office",
    description: "Requests, dispatch, customers, technicians and messages.",
    permissions: ["dashboard", "requests", "dispatch", "customers", "technicians", "communications", "library", "content"],
  },
  accounts: {
    label: "Accounts",
    description: "Quotes, invoices, payments and customers.",
    permissions: ["dashboard", "money", "customers"],
  },
};

export function isStaffRole(value: unknown): value is StaffRole {
  return isOneOf(STAFF_ROLES, value);
}

export function can(role: StaffRole, permission: Permission): boolean {
  return STAFF_ROLE_INFO[role].permissions.includes(permission);
}
