import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from "~/.server/admin/screens.ts";
import { ADMIN_SCREENS, screenFor } from "~/lib/admin/screens.ts";
import { ADMIN_ROUTES, sampleUrl } from "../support/admin-screen-urls.ts";

/**
 * The back office as a newcomer's change must leave it (issue 18 §4): every URL routes.ts serves for a
 * screen, the route module that answers it and the permission its screen needs; the navigation's screens;
 * and every audited entity's label and record link and every action's label and sentence, as the Activity
 * page shows them. Derived tables (the admin routes from the registry, the audit entities beside each entry)
 * must give the same table as the hand-kept ones did: a change here is a change a user would notice.
 */
describe("the back office's table of screens", () => {
  it("serves each URL with the same route module, behind the same permission", () => {
    const table = ADMIN_ROUTES.map((r) => {
      const screen = screenFor(sampleUrl(r.path));
      return `${r.path} → ${r.file} → ${screen ? `${screen.path} (${screen.permission}${screen.built ? "" : ", not built"})` : "no screen"}`;
    }).sort();
    expect(table).toMatchSnapshot();
  });

  it("lists the same screens in the registry, with their group, permission and place in the navigation", () => {
    expect(ADMIN_SCREENS.map((s) => `${s.group} | ${s.label} | ${s.path} | ${s.permission}${s.built ? "" : " | not built"}${s.hidden ? " | hidden" : ""}`)).toMatchSnapshot();
  });

  it("names and links every audited entity, and words every action, as the Activity page shows them", () => {
    const samples = [["12", null], ["12", "SR-2611-0004"], ["919848012345", "+919848012345"], ["request-received", "TK-2611-0007: Subject"], ["7", "PO-2611-0003"], ["3", "JC-2611-0009 Motor"]] as const;
    const entities = [...AUDIT_ENTITY_TYPES].map(([type, info]) => `${type}: ${info.label} → ${samples.map(([id, label]) => info.href?.(id, label) ?? "-").join(" ")}`).sort();
    const after = { status: "closed", kind: "leave", onHand: 4, reorderLevel: 2, staffRole: "owner", product: "Fuse", billNumber: "B-1", via: "whatsapp", version: 3, format: "json", refund: "RF-1", request: "SR-1", firstResponse: true, method: "oidc", everywhere: true };
    const actions = [...AUDIT_ACTIONS].map(([name, info]) => `${name}: ${info.label} [${[info.entity].flat().join(", ")}] «${info.describe(null, null).join("…")}» «${info.describe(after, after).join("…")}»`).sort();
    expect({ entities, actions }).toMatchSnapshot();
  });
});
