import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

/**
 * Issue 17 §7: the build printed a screenful of INEFFECTIVE_DYNAMIC_IMPORT warnings. A module imported
 * dynamically somewhere and statically elsewhere in the same build cannot be split off: the dynamic import is
 * dead weight. The rule, checked over the sources (quicker than a build): each module is imported one way.
 * The one exception is a form schema the browser loads on demand, written
 * `import.meta.env.SSR ? onlyInBrowser() : import("...")`: the server build has no dynamic import of it, so
 * only the server's code (app/.server) may import it statically.
 */
const APP = path.resolve("app");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | undefined {
  if (specifier.startsWith("~/")) return path.join(APP, specifier.slice(2));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(from), specifier);
  return undefined; // a package
}

const isServerCode = (file: string) => file.startsWith(path.join(APP, ".server") + path.sep) || /\.server\.tsx?$/.test(file);

interface Imports {
  /** Modules this file imports statically (type-only imports are erased: not counted). */
  statics: string[];
  dynamics: Array<{ module: string; browserOnly: boolean }>;
}

function importsOf(file: string): Imports {
  const text = fs.readFileSync(file, "utf8");
  const statics: string[] = [];
  const dynamics: Imports["dynamics"] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*"([^"]+)"/gms)) {
    if (m[2]) continue;
    const target = resolve(file, m[4]!);
    if (target) statics.push(target);
  }
  for (const m of text.matchAll(/^\s*import\s+"([^"]+)"/gm)) {
    const target = resolve(file, m[1]!);
    if (target) statics.push(target);
  }
  for (const m of text.matchAll(/(typeof\s+)?import\(\s*"([^"]+)"\s*\)/g)) {
    if (m[1]) continue; // a type
    const target = resolve(file, m[2]!);
    if (!target) continue;
    const before = text.slice(Math.max(0, m.index - 80), m.index);
    dynamics.push({ module: target, browserOnly: /import\.meta\.env\.SSR\s*\?\s*onlyInBrowser\(\)\s*:\s*$/.test(before) });
  }
  return { statics, dynamics };
}

it("imports each module of the app one way only: statically, or dynamically (a browser-only schema loader: statically on the server only)", () => {
  const files = sources(APP);
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const staticImporters = new Map<string, string[]>();
  for (const [file, { statics }] of graph) for (const target of statics) staticImporters.set(target, [...(staticImporters.get(target) ?? []), file]);

  const problems: string[] = [];
  for (const [file, { dynamics }] of graph) {
    for (const { module, browserOnly } of dynamics) {
      const importers = (staticImporters.get(module) ?? []).filter((importer) => !browserOnly || !isServerCode(importer));
      for (const importer of importers) {
        problems.push(`${path.relative(APP, module)}: dynamically imported by ${path.relative(APP, file)}, statically by ${path.relative(APP, importer)}`);
      }
    }
  }
  expect(problems).toEqual([]);
  // The rule is not vacuous: the app has dynamic imports (the error pages, the chat panel, the schemas).
  expect([...graph.values()].flatMap((g) => g.dynamics).length).toBeGreaterThan(5);
});
