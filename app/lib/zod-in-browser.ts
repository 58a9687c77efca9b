/**
 * In the browser, zod compiles a fast parser for each object schema with `new Function`, after probing whether it
 * may: under the site's Content-Security-Policy (no 'unsafe-eval', ADR 061) the probe fails and is caught, but the
 * browser still reports it as a violation on every page with a form. zod's "jitless" setting skips the probe and
 * the compiling; the forms' schemas are small, so parsing without it costs the visitor nothing noticeable. The
 * server keeps the compiled parsers.
 *
 * Set on the global object that zod keeps its settings in (`z.config()` writes there too), so that this module
 * needs no zod of its own: importing zod here would add its core to every page's JavaScript. Imported first by
 * root.tsx, whose module runs before any route's: the setting is read when a schema is made.
 */
if (typeof document !== "undefined") {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (holder.__zod_globalConfig ??= {}).jitless = true;
}
