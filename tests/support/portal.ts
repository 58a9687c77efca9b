import { portalGuard } from "~/.server/auth/portal.ts";

type Args = { request: Request; context: unknown; params?: unknown };

/**
 * A portal route's loader or action as the server runs it: behind its layout's middleware (the guard in
 * ~/.server/auth/portal.ts), so that a test calling it sees the redirect to sign-in, and the route gets its
 * checked session, exactly as in the app.
 */
export function inPortal<A extends Args, R>(role: "customer" | "technician", handler: (args: A) => R): (args: A) => Promise<Awaited<R>> {
  const guard = portalGuard(role);
  return async (args: A): Promise<Awaited<R>> => {
    let result: Awaited<R> | undefined;
    await guard({ ...args, url: new URL(args.request.url), pattern: "" } as never, async () => {
      result = await handler(args);
      return new Response(null);
    });
    return result as Awaited<R>;
  };
}
