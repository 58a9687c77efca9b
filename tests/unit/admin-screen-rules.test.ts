import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, AUDIT_OUTSIDE_SCREENS, SCREEN_AUDIT, type ScreenAudit } from "~/.server/admin/screens.ts";
import { ADMIN_SCREENS, BUILT_SCREENS, screenFolder as folderOf, screenFor } from "~/lib/admin/screens.ts";
import { ADMIN_ROUTES as adminRoutes, ROUTES_OUTSIDE_ADMIN_LAYOUT, sampleUrl as sample, screenUrls } from "../support/admin-screen-urls.ts";

/**
 * The rules every back-office screen keeps (issue 18 §4, §7), checked from the screen registry
 * (app/lib/admin/screens.ts) so that a new screen cannot skip one:
 * - one folder per screen: app/routes/admin/<last segment of its path>/ (/admin: dashboard/) holds its list
 *   (route.tsx), its new form, its record page and its file routes; routes.ts maps every URL below the screen
 *   into that folder; a screen that is not built has no folder (its URL answers 404);
 * - its registry entry declares what it writes to the audit log (`audit`), or why it writes nothing, and
 *   every action written anywhere in app/.server or app/routes has a label and a sentence;
 * - routes.ts serves it, so the refusal test (tests/integration/admin-refusals.test.ts) requests its URLs.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const ADMIN_DIR = path.join(ROOT, "app/routes/admin");
/** The frame: the layout (the guard) and the catch-all 404 of screens not built yet. */
const FRAME_FILES = ["layout.tsx", "not-built.tsx"];

const built = BUILT_SCREENS;

describe("one folder per back-office screen", () => {
  it("keeps only screen folders and the frame in app/routes/admin", () => {
    const folders = new Map(built.map((s) => [folderOf(s), s.path]));
    for (const entry of fs.readdirSync(ADMIN_DIR, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        expect(folders.has(entry.name), `app/routes/admin/${entry.name}/ is the folder of no built screen in app/lib/admin/screens.ts`).toBe(true);
      } else {
        expect(FRAME_FILES, `app/routes/admin/${entry.name} sits outside a screen's folder: move it into the folder of the screen whose URL it serves`).toContain(entry.name);
      }
    }
  });

  for (const screen of built) {
    const folder = folderOf(screen);
    describe(`${screen.path} (${screen.label})`, () => {
      it(`has its folder app/routes/admin/${folder}/${screen.hidden ? "" : " with its list (route.tsx)"}`, () => {
        expect(fs.existsSync(path.join(ADMIN_DIR, folder)), `${screen.path}: app/routes/admin/${folder}/ is missing`).toBe(true);
        if (!screen.hidden) {
          expect(fs.existsSync(path.join(ADMIN_DIR, folder, "route.tsx")), `${screen.path}: app/routes/admin/${folder}/route.tsx (its list) is missing`).toBe(true);
          const own = adminRoutes.find((r) => r.path === screen.path);
          expect(own?.file, `${screen.path}: routes.ts must map ${screen.path} to routes/admin/${folder}/route.tsx`).toBe(`routes/admin/${folder}/route.tsx`);
        }
        expect(
          adminRoutes.some((r) => screenFor(sample(r.path)) === screen),
          `${screen.path}: no route in routes.ts serves it (a built screen without a route)`,
        ).toBe(true);
      });

      it("has the modules its registry entry names for its new form and its record page", () => {
        // adminScreenRoutes (app/routes.ts) routes <path>/new and <path>/<record.path> to these files.
        for (const file of [screen.new, screen.record?.file].filter((f) => f !== undefined)) {
          expect(fs.existsSync(path.join(ADMIN_DIR, folder, file)), `${screen.path}: app/routes/admin/${folder}/${file} (named in its registry entry) is missing`).toBe(true);
        }
        if (screen.new) expect(adminRoutes.find((r) => r.path === `${screen.path}/new`)?.file).toBe(`routes/admin/${folder}/${screen.new}`);
        if (screen.record) expect(adminRoutes.find((r) => r.path === `${screen.path}/${screen.record!.path}`)?.file).toBe(`routes/admin/${folder}/${screen.record.file}`);
      });

      it("declares what it writes to the audit log, or why it writes nothing", () => {
        const audit = (SCREEN_AUDIT as Record<string, ScreenAudit | undefined>)[screen.path];
        expect(audit, `${screen.path}: no audit in its registry entry (app/lib/admin/screens.ts)`).toBeDefined();
        if (!audit) return;
        if ("writesNone" in audit) {
          expect(audit.writesNone.trim().length, `${screen.path}: writesNone needs its reason`).toBeGreaterThan(10);
          return;
        }
        const actions = Object.entries(audit.actions);
        expect(actions.length, `${screen.path}: declares no audit action (say writesNone and why, if it changes nothing)`).toBeGreaterThan(0);
        for (const [name, action] of actions) {
          for (const entity of [action.entity].flat()) {
            expect(AUDIT_ENTITY_TYPES.has(entity), `${screen.path}: action ${name} is written on entity type "${entity}", which no screen declares`).toBe(true);
          }
        }
      });

      it("has URLs for the refusal test to request", () => {
        // tests/integration/admin-refusals.test.ts requests every URL routes.ts serves below the screen.
        expect(screenUrls(screen.path).length, `${screen.path}: routes.ts serves no URL of it`).toBeGreaterThan(0);
      });
    });
  }

  it("maps every back-office URL in routes.ts into the folder of the screen it belongs to", () => {
    for (const route of adminRoutes) {
      if (route.path === "/admin/login") continue; // the sign-in page, outside the layout: routes/auth/
      if (route.path === "/admin/*") {
        expect(route.file, "the catch-all").toBe("routes/admin/not-built.tsx");
        continue;
      }
      const screen = screenFor(sample(route.path));
      expect(screen, `${route.path} (${route.file}) belongs to no screen in app/lib/admin/screens.ts`).toBeDefined();
      expect(screen?.built, `${route.path} is routed but its screen ${screen?.path} is not built`).toBe(true);
      if (screen) expect(route.file.startsWith(`routes/admin/${folderOf(screen)}/`), `${route.path} is served by ${route.file}, outside routes/admin/${folderOf(screen)}/`).toBe(true);
    }
  });

  it("serves every screen's URLs inside the admin layout, its guard, wherever the URL is (the spec's /database too)", () => {
    for (const route of ROUTES_OUTSIDE_ADMIN_LAYOUT) {
      if (route.path === "/admin/login") continue;
      expect(screenFor(sample(route.path))?.path, `${route.path} (${route.file}) belongs to a back-office screen but sits outside routes/admin/layout.tsx`).toBeUndefined();
    }
    for (const screen of built.filter((s) => !s.hidden)) expect(screenUrls(screen.path), `${screen.path}: its own URL is served inside the admin layout`).toContain(screen.path);
  });

  it("gives a screen that is not built no folder and no route (its URL answers 404)", () => {
    for (const screen of ADMIN_SCREENS.filter((s) => !s.built)) {
      expect(fs.existsSync(path.join(ADMIN_DIR, folderOf(screen))), `${screen.path} is not built but app/routes/admin/${folderOf(screen)}/ exists`).toBe(false);
      expect(adminRoutes.filter((r) => r.path !== "/admin/*" && screenFor(sample(r.path)) === screen).map((r) => r.path), `${screen.path} is not built but routed`).toEqual([]);
      expect(Object.keys(SCREEN_AUDIT), `${screen.path} is not built but has an audit entry`).not.toContain(screen.path);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// Every action written has its label

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

/**
 * The action names written in the code: the string after `action:` (an entry, or a change's step that
 * names its action), and the literals passed to an audit helper (audit(...), s.audit(...),
 * c.auditChanges(...), auditReply(...), the demo seed's log(...)). A name built from a variable comes back
 * as written (`review.${input.intent}`) and must be listed in DYNAMIC_ACTIONS.
 */
function writtenActions(): Map<string, string> {
  const found = new Map<string, string>();
  const files = [...sourceFiles(path.join(ROOT, "app/.server")), ...sourceFiles(path.join(ROOT, "app/routes"))].filter(
    (f) => !f.endsWith(path.join("admin", "screens.ts")) && !f.endsWith(path.join("audit", "list.ts")),
  );
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(/\b\w*[aA]udit\w*\s*\(|\blog\s*\(|\baction\s*:/g)) {
      const after = text.slice(m.index + m[0].length, m.index + m[0].length + 400);
      // An action property ends at the next property or line; a call's literal arguments come before its first object.
      const scope = m[0].startsWith("action") ? after.split(/,\s*(?:entityType|set|message)|\n/)[0]! : after.split(/;|\{|\n\s*\n/)[0]!;
      for (const literal of scope.matchAll(/(["'`])([a-z][a-z_-]*\.(?:[a-z][a-z_-]*|\$\{[^}]+\}))\1/g)) {
        if (!found.has(literal[2]!)) found.set(literal[2]!, `${path.relative(ROOT, file)}:${text.slice(0, m.index).split("\n").length}`);
      }
    }
  }
  return found;
}

/** Actions whose name is built from a value: the values it can take. */
const DYNAMIC_ACTIONS: Record<string, readonly string[]> = {
  "request.${input.kind}": ["note", "call"],
  "review.${input.intent}": ["publish", "reject"],
  "forum.${input.intent}": ["publish", "reject"],
  "product.${input.intent}": ["publish", "unpublish", "withdraw", "restore"],
  "campaign.${change}": ["start", "pause", "cancel"],
};

describe("audit actions", () => {
  const written = writtenActions();

  it("finds the actions the code writes (the scan itself works)", () => {
    expect(written.size).toBeGreaterThan(100);
    for (const known of ["request.status", "staff.add", "thread.sms", "video-call.end", "bench.diagnosis", "auth.sign-in"]) expect(written.has(known), known).toBe(true);
  });

  it("has a label and a sentence for every action written in app/.server and app/routes", () => {
    for (const [name, where] of written) {
      const names = name.includes("${")
        ? (DYNAMIC_ACTIONS[name] ?? []).map((value) => name.replace(/\$\{[^}]+\}/, value))
        : [name];
      expect(names.length, `${where} writes the action ${name}: list the values it can take in DYNAMIC_ACTIONS (tests/unit/admin-screen-rules.test.ts)`).toBeGreaterThan(0);
      for (const action of names) {
        const info = AUDIT_ACTIONS.get(action);
        expect(info?.label, `${where} writes the action ${action}, which has no label: declare it in its screen's audit, in its registry entry (app/lib/admin/screens.ts)`).toBeTruthy();
        const sentence = info?.describe(null, null);
        expect(sentence?.length === 2 && sentence.every((part) => typeof part === "string") && sentence[0].length > 0, `${action}: describe() must give [lead, tail]`).toBe(true);
      }
    }
  });

  it("declares each action and each entity type once", () => {
    const screens = Object.entries(SCREEN_AUDIT as Record<string, ScreenAudit>);
    const seenActions = new Map<string, string>();
    const seenTypes = new Map<string, string>();
    for (const [owner, audit] of [...screens, ["outside the screens", AUDIT_OUTSIDE_SCREENS] as const]) {
      if ("writesNone" in audit) continue;
      for (const action of Object.keys(audit.actions)) {
        expect(seenActions.get(action), `${action} is declared by ${seenActions.get(action)} and by ${owner}`).toBeUndefined();
        seenActions.set(action, owner);
      }
      for (const type of Object.keys("entities" in audit ? audit.entities : {})) {
        expect(seenTypes.get(type), `entity type ${type} is declared by ${seenTypes.get(type)} and by ${owner}`).toBeUndefined();
        seenTypes.set(type, owner);
      }
    }
    for (const [action, info] of Object.entries(AUDIT_OUTSIDE_SCREENS.actions)) {
      for (const entity of [info.entity].flat()) expect(AUDIT_ENTITY_TYPES.has(entity), `${action} is written on entity type "${entity}", which no screen declares`).toBe(true);
    }
  });

  it("links each entity type's records only to pages of its own built screen", () => {
    for (const [owner, audit] of Object.entries(SCREEN_AUDIT as Record<string, ScreenAudit>)) {
      if ("writesNone" in audit) continue;
      for (const [type, info] of Object.entries(audit.entities)) {
        for (const [id, label] of [["12", null], ["12", "SR-2611-0004"], ["919848012345", "+919848012345"], ["request-received", "TK-2611-0007: Subject"]] as const) {
          const href = info.href?.(id, label);
          if (href) expect(screenFor(href.replace(/[?#].*$/, ""))?.path, `entity type ${type} links to ${href}, outside its screen ${owner}`).toBe(owner);
        }
      }
    }
  });
});
