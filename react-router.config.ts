import type { Config } from "@react-router/dev/config";

export default {
  // Every page is rendered on the server: settings and content come from the database.
  ssr: true,
} satisfies Config;
