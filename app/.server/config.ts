import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { indianMobile } from "~/lib/forms/fields.ts";

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
  /** Set behind a reverse proxy: the client address is then the last X-Forwarded-For hop. */
  TRUST_PROXY: z.enum(["true", "false", "1", "0"]).optional(),
  /** The pg_dump that backs up PostgreSQL (psql beside it restores); default the one on PATH (~/.server/backup). */
  PG_DUMP_PATH: z.string().optional(),
  /** Where uploads (request photos, CVs) are kept; default DATA_DIR/uploads. */
  STORAGE_DIR: z.string().optional(),
  /** Signs links that only their recipient may open (the thank-you page). Required in production. */
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  /** smtp://user:pass@host:port or smtps://...; without it, outside production, e-mail is logged. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "SMTP_URL must be an smtp:// or smtps:// URL").optional().or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z.string().optional(),
  /** log (default outside production): one JSON line per SMS on stdout; http: the provider endpoint below. */
  SMS_PROVIDER: z.enum(["log", "http"]).optional(),
  SMS_HTTP_URL: z.url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  /** The DLT-registered sender ID (header), six characters. */
  SMS_SENDER_ID: z.string().regex(/^[A-Z]{6}$/, "SMS_SENDER_ID is six capital letters").optional(),
  /** The back office's host name (e.g. office.example.in): admin pages are served only there. */
  ADMIN_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, "ADMIN_HOST is a host name, like office.example.in")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Mobile numbers (comma-separated) given the admin role at start-up. */
  ADMIN_PHONES: z.string().optional(),
  /**
   * How long an outbox claim holds a message before another instance may take it over (ADR 055); default
   * 60 000 ms. Only the fault test shortens it (a killed instance's SMS is then taken over in seconds, not a
   * minute); at least 6 s, so that the renewal (a third of it) still outlasts a busy event loop.
   */
  OUTBOX_CLAIM_HOLD_MS: z.coerce.number().int().min(6_000).max(600_000).optional(),
  /** The external OpenID Connect provider: all three enable "Sign in with <provider>". */
  OIDC_ISSUER: z.url().optional().or(z.literal("").transform(() => undefined)),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** The provider's name on the button; default "your company account". */
  OIDC_PROVIDER_NAME: z.string().max(40).optional(),
  /** The payment gateway (Razorpay): key id and secret for payment links, the webhook's signing secret. */
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  /** The gateway's API address; default https://api.razorpay.com. */
  RAZORPAY_API_URL: z.url().optional().or(z.literal("").transform(() => undefined)),
  // WhatsApp Business Cloud API (issue 12, ~/.server/whatsapp): the access token, the sending number's id,
  // the app secret that signs webhooks (X-Hub-Signature-256), the webhook's verify token, the API's address.
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  WHATSAPP_API_BASE: z.url().optional().or(z.literal("").transform(() => undefined)),
  // Video calls (issue 12 §7, ~/.server/video/ice.ts): STUN and TURN servers for the browsers; unset, none.
  VIDEO_STUN_URLS: z.string().optional(),
  VIDEO_TURN_URLS: z.string().optional(),
  VIDEO_TURN_USERNAME: z.string().optional(),
  VIDEO_TURN_CREDENTIAL: z.string().optional(),
});

/** ADMIN_PHONES as +91 numbers; a number that is not an Indian mobile number stops start-up. */
function adminPhones(list: string | undefined): string[] {
  return (list ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const parsed = indianMobile.safeParse(p);
      if (!parsed.success) throw new Error(`Invalid environment:\n  ADMIN_PHONES: ${p} is not an Indian mobile number`);
      return parsed.data;
    });
}

export type ServerConfig = ReturnType<typeof readConfig>;

/** The file in the data directory that keeps the secret made on first start (production without SESSION_SECRET). */
export const SESSION_SECRET_FILE = "session-secret";

/**
 * The production secret kept in the data directory: read, or made (48 random bytes) and written with mode
 * 0600 when missing. Two processes starting at once: the first file written wins and both read it.
 */
function storedSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  const read = (): string | undefined => {
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8").trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    if (text.length < 32) throw new Error(`${file} holds no usable secret (32+ characters): remove it to have a new one made, or set SESSION_SECRET`);
    // Only the server's user may read it.
    if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
    return text;
  };
  const existing = read();
  if (existing) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(48).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return read()!;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  // `npm start` on a fresh machine is a production build without any provider: messages then go to the
  // log and the outbox (so that a developer can try every sign-in), and start-up says so.
  const smsProvider = e.SMS_PROVIDER ?? "log";
  if (smsProvider === "http" && !e.SMS_HTTP_URL) {
    throw new Error("Invalid environment:\n  SMS_HTTP_URL: required when SMS_PROVIDER is http");
  }
  const warnings: string[] = [];
  // Whether SMS and e-mail really go out depends on the stored settings too: start-up says so once the
  // database is open (deliveryWarnings in ./startup.ts).
  const dataDir = path.resolve(e.DATA_DIR);
  if (production && !e.SESSION_SECRET) {
    warnings.push(
      `SESSION_SECRET is not set: using the random secret kept in ${path.join(dataDir, SESSION_SECRET_FILE)} (made on first start). With more than one instance, set SESSION_SECRET.`,
    );
  }
  const oidcGiven = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (oidcGiven > 0 && oidcGiven < 3) {
    throw new Error("Invalid environment:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set together or not at all");
  }
  let sessionSecret = e.SESSION_SECRET;
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    storageDir: path.resolve(e.STORAGE_DIR ?? path.join(dataDir, "uploads")),
    /** Backups (~/.server/backup): the archives are kept in DATA_DIR/backups. */
    backupDir: path.join(dataDir, "backups"),
    pgDumpPath: e.PG_DUMP_PATH || undefined,
    /**
     * Signs links, cookies and grants, keys the code hashes. Without SESSION_SECRET: in production a random
     * secret made on first start and kept in the data directory (mode 0600), never one derived from anything
     * guessable (issue 17 §1: a secret derived from the data dir's path let links and grants be forged);
     * outside production (a developer's machine, tests) one derived from the data dir's path. Read when first
     * needed, so that a command that signs nothing writes nothing.
     */
    get sessionSecret(): string {
      sessionSecret ??= production ? storedSessionSecret(dataDir) : `development-only-secret:${dataDir}`;
      return sessionSecret;
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    warnings,
    trustProxy: e.TRUST_PROXY === "true" || e.TRUST_PROXY === "1",
    sms: { provider: smsProvider, url: e.SMS_HTTP_URL, token: e.SMS_HTTP_TOKEN, senderId: e.SMS_SENDER_ID ?? "DECAUT" },
    databaseUrl: e.DATABASE_URL,
    adminHost: e.ADMIN_HOST?.toLowerCase(),
    adminPhones: adminPhones(e.ADMIN_PHONES),
    /** The outbox's claim hold (OUTBOX_CLAIM_HOLD_MS); its renewal runs every third of it. */
    outboxClaimHoldMs: e.OUTBOX_CLAIM_HOLD_MS ?? 60_000,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            providerName: e.OIDC_PROVIDER_NAME?.trim() || "your company account",
          }
        : undefined,
    /**
     * The integration variables exactly as set (undefined when not): each one set wins over the value the
     * owner stored in the back office (app/.server/settings/integrations.ts), which says so on the screen.
     */
    integrationsEnv: {
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM || undefined,
      smsProvider: e.SMS_PROVIDER,
      smsHttpUrl: e.SMS_HTTP_URL,
      smsHttpToken: e.SMS_HTTP_TOKEN || undefined,
      smsSenderId: e.SMS_SENDER_ID,
      oidcIssuer: e.OIDC_ISSUER,
      oidcClientId: e.OIDC_CLIENT_ID || undefined,
      oidcClientSecret: e.OIDC_CLIENT_SECRET || undefined,
      oidcProviderName: e.OIDC_PROVIDER_NAME?.trim() || undefined,
      gatewayApiUrl: e.RAZORPAY_API_URL,
      gatewayKeyId: e.RAZORPAY_KEY_ID || undefined,
      gatewayKeySecret: e.RAZORPAY_KEY_SECRET || undefined,
      gatewayWebhookSecret: e.RAZORPAY_WEBHOOK_SECRET || undefined,
      // WhatsApp (issue 12)
      whatsappToken: e.WHATSAPP_TOKEN || undefined,
      whatsappPhoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID || undefined,
      whatsappAppSecret: e.WHATSAPP_APP_SECRET || undefined,
      whatsappVerifyToken: e.WHATSAPP_VERIFY_TOKEN || undefined,
      whatsappApiBase: e.WHATSAPP_API_BASE,
      // Video calls (issue 12 §7)
      videoStunUrls: e.VIDEO_STUN_URLS || undefined,
      videoTurnUrls: e.VIDEO_TURN_URLS || undefined,
      videoTurnUsername: e.VIDEO_TURN_USERNAME || undefined,
      videoTurnCredential: e.VIDEO_TURN_CREDENTIAL || undefined,
    },
    /** Only seeds the site URL setting on first run; afterwards the admin edits it. */
    siteUrl: e.SITE_URL ?? `http://localhost:${e.PORT}`,
  };
}

// The running server's configuration, set once by start-up (and by tests), read by domain modules.
const holder = globalThis as { __serverConfig?: ServerConfig };

export function setServerConfig(config: ServerConfig): void {
  holder.__serverConfig = config;
}

/** The configuration start-up was given; before start-up (a unit test), the environment's. */
export function getServerConfig(): ServerConfig {
  return (holder.__serverConfig ??= readConfig());
}
