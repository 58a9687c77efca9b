import type { MetaDescriptor } from "react-router";

/**
 * Every page route's meta export: the descriptors its loader built on the server with seo()
 * (~/.server/seo.ts), so the browser never downloads the SEO helper.
 */
export function routeMeta({ loaderData }: { loaderData: { meta?: MetaDescriptor[] } | undefined }): MetaDescriptor[] {
  return loaderData?.meta ?? [];
}
