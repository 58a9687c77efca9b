import { getServerConfig } from "~/.server/config.ts";
import { INTEGRATION_SECRETS, type IntegrationSecret, type IntegrationSettings } from "~/lib/settings-schema.ts";
import { getStoredIntegrations } from "./index.ts";

/**
 * The integrations in effect: each environment variable that is set wins; otherwise the value the owner
 * stored in the back office (/admin/settings?group=integrations); otherwise the built-in default (e-mail
 * and SMS printed on stdout, no OpenID Connect provider). Read at send and sign-in time, so a saved change
 * applies at once (within the settings cache's TTL on other instances).
 */

export type IntegrationField = keyof IntegrationSettings;

/** Which fields the environment sets (the screen says "set by the environment, change it there"). */
export function integrationsFromEnvironment(): Record<IntegrationField, boolean> {
  const env = getServerConfig().integrationsEnv;
  const oidcByEnv = Boolean(env.oidcIssuer && env.oidcClientId && env.oidcClientSecret);
  return {
    smtpUrl: env.smtpUrl !== undefined,
    mailFrom: env.mailFrom !== undefined,
    smsProvider: env.smsProvider !== undefined,
    smsHttpUrl: env.smsHttpUrl !== undefined,
    smsHttpToken: env.smsHttpToken !== undefined,
    smsSenderId: env.smsSenderId !== undefined,
    // The provider's three variables come together (readConfig refuses fewer): all of them, or none.
    oidcIssuer: oidcByEnv,
    oidcClientId: oidcByEnv,
    oidcClientSecret: oidcByEnv,
    oidcProviderName: env.oidcProviderName !== undefined,
    // RAZORPAY_KEY_ID set: the gateway is Razorpay, whatever is stored.
    gatewayProvider: env.gatewayKeyId !== undefined,
    gatewayApiUrl: env.gatewayApiUrl !== undefined,
    gatewayKeyId: env.gatewayKeyId !== undefined,
    gatewayKeySecret: env.gatewayKeySecret !== undefined,
    gatewayWebhookSecret: env.gatewayWebhookSecret !== undefined,
    // WhatsApp (issue 12): each variable wins over its stored value.
    whatsappApiBase: env.whatsappApiBase !== undefined,
    whatsappPhoneNumberId: env.whatsappPhoneNumberId !== undefined,
    whatsappToken: env.whatsappToken !== undefined,
    whatsappAppSecret: env.whatsappAppSecret !== undefined,
    whatsappVerifyToken: env.whatsappVerifyToken !== undefined,
    // Video calls (issue 12 §7)
    videoStunUrls: env.videoStunUrls !== undefined,
    videoTurnUrls: env.videoTurnUrls !== undefined,
    videoTurnUsername: env.videoTurnUsername !== undefined,
    videoTurnCredential: env.videoTurnCredential !== undefined,
  };
}

export interface MailSettings {
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
}

export async function effectiveMail(): Promise<MailSettings> {
  const env = getServerConfig().integrationsEnv;
  // Fully configured by the environment: no database read on the send path.
  if (env.smtpUrl && env.mailFrom) return { smtpUrl: env.smtpUrl, mailFrom: env.mailFrom };
  const stored = await getStoredIntegrations();
  return { smtpUrl: env.smtpUrl ?? stored.smtpUrl, mailFrom: env.mailFrom ?? stored.mailFrom };
}

export interface SmsSettings {
  provider: "log" | "http";
  url: string | undefined;
  token: string | undefined;
  senderId: string;
}

export async function effectiveSms(): Promise<SmsSettings> {
  const { sms, integrationsEnv: env } = getServerConfig();
  // SMS_PROVIDER set: the environment's SMS configuration as a whole (readConfig checked it).
  if (env.smsProvider) return { provider: sms.provider, url: sms.url, token: sms.token, senderId: sms.senderId };
  const stored = await getStoredIntegrations();
  return {
    provider: stored.smsProvider ?? "log",
    url: env.smsHttpUrl ?? stored.smsHttpUrl,
    token: env.smsHttpToken ?? stored.smsHttpToken,
    senderId: env.smsSenderId ?? stored.smsSenderId ?? "DECAUT",
  };
}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  providerName: string;
}

export async function effectiveOidc(): Promise<OidcSettings | undefined> {
  const { oidc, integrationsEnv: env } = getServerConfig();
  if (oidc) return oidc;
  const stored = await getStoredIntegrations();
  if (!stored.oidcIssuer || !stored.oidcClientId || !stored.oidcClientSecret) return undefined;
  return {
    issuer: stored.oidcIssuer,
    clientId: stored.oidcClientId,
    clientSecret: stored.oidcClientSecret,
    providerName: env.oidcProviderName ?? stored.oidcProviderName ?? "your company account",
  };
}

export const DEFAULT_GATEWAY_API_URL = "https://api.razorpay.com";

/** The payment gateway in effect (Razorpay-style payment links and webhooks), when fully configured. */
export interface GatewaySettings {
  provider: "razorpay";
  apiUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/**
 * The gateway: each RAZORPAY_* variable that is set wins over the stored value. Undefined unless a provider
 * is chosen (RAZORPAY_KEY_ID, or the stored provider) and the key id, key secret and webhook secret are all
 * known: a half-configured gateway makes no links and accepts no webhooks.
 */
export async function effectiveGateway(): Promise<GatewaySettings | undefined> {
  const env = getServerConfig().integrationsEnv;
  const stored = env.gatewayKeyId && env.gatewayKeySecret && env.gatewayWebhookSecret ? {} : await getStoredIntegrations();
  const provider = env.gatewayKeyId ? "razorpay" : (stored as IntegrationSettings).gatewayProvider;
  if (provider !== "razorpay") return undefined;
  const s = stored as Partial<IntegrationSettings>;
  const keyId = env.gatewayKeyId ?? s.gatewayKeyId;
  const keySecret = env.gatewayKeySecret ?? s.gatewayKeySecret;
  const webhookSecret = env.gatewayWebhookSecret ?? s.gatewayWebhookSecret;
  if (!keyId || !keySecret || !webhookSecret) return undefined;
  const apiUrl = (env.gatewayApiUrl ?? s.gatewayApiUrl ?? DEFAULT_GATEWAY_API_URL).replace(/\/+$/, "");
  return { provider, apiUrl, keyId, keySecret, webhookSecret };
}

export const DEFAULT_WHATSAPP_API_BASE = "https://graph.facebook.com";
export const WHATSAPP_API_VERSION = "v21.0";

/** WhatsApp Business Cloud API (issue 12): what is known of it; `ready` when messages can really be sent. */
export interface WhatsAppSettings {
  apiBase: string;
  phoneNumberId: string | undefined;
  token: string | undefined;
  appSecret: string | undefined;
  verifyToken: string | undefined;
  /** The number id and the token are both known: messages go to the API. */
  ready: boolean;
}

/** WhatsApp: each WHATSAPP_* variable that is set wins over the stored value. */
export async function effectiveWhatsApp(): Promise<WhatsAppSettings> {
  const env = getServerConfig().integrationsEnv;
  const complete = env.whatsappToken && env.whatsappPhoneNumberId && env.whatsappAppSecret && env.whatsappVerifyToken;
  const s: Partial<IntegrationSettings> = complete ? {} : await getStoredIntegrations();
  const phoneNumberId = env.whatsappPhoneNumberId ?? s.whatsappPhoneNumberId;
  const token = env.whatsappToken ?? s.whatsappToken;
  return {
    apiBase: (env.whatsappApiBase ?? s.whatsappApiBase ?? DEFAULT_WHATSAPP_API_BASE).replace(/\/+$/, ""),
    phoneNumberId,
    token,
    appSecret: env.whatsappAppSecret ?? s.whatsappAppSecret,
    verifyToken: env.whatsappVerifyToken ?? s.whatsappVerifyToken,
    ready: Boolean(phoneNumberId && token),
  };
}

/**
 * What the settings screen may show of the stored integrations: every plain field, and for each secret
 * only whether it is set (the SMTP address without its user and password, so the owner sees which server).
 */
export interface IntegrationsView {
  values: Omit<IntegrationSettings, IntegrationSecret>;
  secrets: Record<IntegrationSecret, boolean>;
  smtpServer: string | undefined;
  fromEnvironment: Record<IntegrationField, boolean>;
}

export function integrationsView(stored: IntegrationSettings): IntegrationsView {
  const values: Record<string, unknown> = { ...stored };
  for (const key of INTEGRATION_SECRETS) delete values[key];
  return {
    values: values as IntegrationsView["values"],
    secrets: Object.fromEntries(INTEGRATION_SECRETS.map((k) => [k, stored[k] !== undefined])) as Record<IntegrationSecret, boolean>,
    smtpServer: smtpServer(stored.smtpUrl),
    fromEnvironment: integrationsFromEnvironment(),
  };
}

/** smtps://user:pass@mail.example.in:465 -> smtps://mail.example.in:465 */
function smtpServer(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return undefined;
  }
}
