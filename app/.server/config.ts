import path from "node:path";
import { z } from "zod";

/**
 * Every environment variable the server reads, in one place. README's configuration table mirrors it.
 * Secrets come only from here, never from the database or the client.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SITE_URL: z.url().optional().or(z.literal("").transform(() => undefined)),
});

export type ServerConfig = ReturnType<typeof readConfig>;

export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const e = parsed.data;
  return {
    production: e.NODE_ENV === "production",
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    /** Only seeds the site URL setting on first run; afterwards the admin edits it. */
    siteUrl: e.SITE_URL ?? `http://localhost:${e.PORT}`,
  };
}
