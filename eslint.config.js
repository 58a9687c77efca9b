import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/*
 * Boundaries (docs/decisions/027-layers-and-boundaries.md), held by the built-in no-restricted-imports:
 * - server code (app/.server) never imports a component or a route module;
 * - app/lib, shared by the browser and the server, imports neither server code nor components nor routes;
 * - inside app/.server the layers below import only their own layer and the ones beneath it.
 * Paths are relative to app/.server: a folder ends in "/", anything else is one file.
 */
const LAYERS = [
  { name: "schema and db", paths: ["db/", "jobs/", "config.ts"] },
  { name: "settings and audit", paths: ["settings/", "audit/index.ts", "audit/sign-ins.ts", "content/version.ts", "admin/screens.ts"] },
  {
    name: "plumbing",
    paths: [
      "http/",
      "seo.ts",
      "auth/cookies.ts",
      "auth/users.ts",
      "auth/sessions.ts",
      "auth/guards.ts",
      "auth/staff.ts",
      "customers/link.ts",
      "admin/list.ts",
      "admin/changes.ts",
      "live/publish.ts",
    ],
  },
  { name: "messaging", paths: ["notifications/"] },
];
// Everything else in app/.server is a domain (or the start-up and demo code above them): domains send
// their messages through notifications/, inside their own transaction (the outbox), so messaging sits beneath them.

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const asGlob = (path) => `app/.server/${path.endsWith("/") ? `${path}**` : path}`;
const asTarget = (path) => (path.endsWith("/") ? escape(path) : `${escape(path)}$`);

const componentsAndRoutes = {
  regex: "^(~|\\.{1,2})/(.*/)?(components|routes)/",
  message: "Server code never imports a component or a route module: move what both need to app/lib.",
};
// A relative path into another folder would slip past the layer patterns, which read ~/.server/ paths.
const otherFolderRelatively = {
  regex: "^(\\.\\./)+[^./][^/]*/",
  message: "Reach another server folder through ~/.server/..., so that the layer rule sees the import.",
};

const layerBlocks = LAYERS.map((layer, index) => {
  const allowed = LAYERS.slice(0, index + 1).flatMap((l) => l.paths);
  return {
    files: layer.paths.map(asGlob),
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            componentsAndRoutes,
            otherFolderRelatively,
            {
              regex: `^~/\\.server/(?!(${allowed.map(asTarget).join("|")}))`,
              message: `The ${layer.name} layer imports only ${LAYERS.slice(0, index + 1)
                .map((l) => l.name)
                .join(", ")} from app/.server (docs/decisions/027-layers-and-boundaries.md).`,
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "bench/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      // The server's parts only talk through the database; a stray import of server code into the
      // browser bundle is caught by React Router's .server convention.
      "no-console": "off",
    },
  },
  {
    files: ["app/.server/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [componentsAndRoutes, otherFolderRelatively] }] },
  },
  ...layerBlocks,
  {
    files: ["app/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~|\\.{1,2})/(.*/)?(\\.server|components|routes)/",
              message: "app/lib is shared by the browser and the server: it imports neither server code, components nor routes.",
            },
          ],
        },
      ],
    },
  },
);
