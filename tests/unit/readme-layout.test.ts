import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/**
 * The README's layout section is what a newcomer reads to find where a concept lives (issue 18 §7): every folder
 * and top-level module of app/.server has its own row there, and no row names one that is gone.
 */
test("the README's table of app/.server names every folder and module there, and nothing else", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("The folders of `app/.server/`"));
  const table = section.slice(0, section.search(/\n\n(?!\|)/) + 1 || undefined);
  const listed = [...table.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]!);
  const present = fs
    .readdirSync(path.join(root, "app/.server"), { withFileTypes: true })
    .map((e) => (e.isDirectory() ? `${e.name}/` : e.name));
  expect(listed.toSorted()).toEqual(present.toSorted());
});
