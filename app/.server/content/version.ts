/**
 * The content version: bumped whenever content or settings change in this process. The server's page
 * cache (server/page-cache.ts) keeps a rendered page only while the version it was rendered at is current.
 * Other instances (PostgreSQL deployments) notice edits when their entries expire (Cache-Control max-age).
 */
let version = 1;

export function contentVersion(): number {
  return version;
}

export function bumpContentVersion(): void {
  version += 1;
}
