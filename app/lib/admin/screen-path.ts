/**
 * Which of these screen paths a back-office URL belongs to: the one that is the URL or its longest prefix
 * (/admin itself only as the whole URL). Apart from the registry (~/lib/admin/screens.ts) so that the
 * layout's component can mark the current navigation entry without the registry in the browser's bundle.
 */
export function screenPathOf<T extends { path: string }>(screens: Iterable<T>, pathname: string): T | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  let found: T | undefined;
  for (const screen of screens) {
    const matches = screen.path === "/admin" ? path === "/admin" : path === screen.path || path.startsWith(`${screen.path}/`);
    if (matches && (!found || screen.path.length > found.path.length)) found = screen;
  }
  return found;
}
