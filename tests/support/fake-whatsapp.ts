import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Meta's WhatsApp Business Cloud API, started by a test on a free port of 127.0.0.1:
 * POST /{version}/{phone-number-id}/messages with a bearer token (text and template messages, answered with a
 * wamid, as the real API does), every call recorded; and inbound webhooks signed as Meta signs them
 * (X-Hub-Signature-256: "sha256=" + hex HMAC-SHA256 of the raw body under the app secret).
 *
 *   const wa = await startFakeWhatsApp();
 *   setServerConfig(readConfig({ ...wa.env }));                 // WHATSAPP_API_BASE and the keys
 *   const hook = wa.inbound({ from: "919848012345", text: "Hello" });
 *   await wa.deliver(hook, (request) => webhookAction(...));      // or a URL
 */

export interface FakeCall {
  method: string;
  path: string;
  authorised: boolean;
  body: Record<string, unknown>;
  wamid?: string;
}

export interface SignedHook {
  body: string;
  headers: Record<string, string>;
  wamid?: string;
}

export interface FakeWhatsApp {
  url: string;
  token: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
  env: Record<string, string>;
  calls: FakeCall[];
  /** The messages accepted (authorised calls to the right number). */
  sent(): FakeCall[];
  /** Answer the next calls with this HTTP status (e.g. 500 to test retries, 400 for a refusal). */
  failNext(status: number, times?: number): void;
  /** A customer's text message, as Meta posts it to the webhook. */
  inbound(o: { from: string; text: string; name?: string; wamid?: string; timestamp?: number }, secret?: string): SignedHook;
  /** A status update (sent, delivered, read, failed) for a message we sent; `key`: its biz_opaque_callback_data. */
  status(o: { wamid: string; status: string; recipient: string; key?: string }, secret?: string): SignedHook;
  /** Any body, signed (or with `secret`). */
  sign(payload: unknown, secret?: string): SignedHook;
  deliver(hook: SignedHook, target: string | ((request: Request) => Promise<Response>)): Promise<Response>;
  close(): Promise<void>;
}

export async function startFakeWhatsApp(options: { port?: number } = {}): Promise<FakeWhatsApp> {
  const token = `EAAG${randomBytes(12).toString("hex")}`;
  const phoneNumberId = String(100000000000000 + Math.floor(Math.random() * 1e9));
  const appSecret = randomBytes(16).toString("hex");
  const verifyToken = randomBytes(8).toString("hex");
  const calls: FakeCall[] = [];
  let failures: { status: number; times: number } | undefined;

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, message: string, code = 100) => send(res, status, { error: { message, type: "OAuthException", code } });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: Record<string, unknown>;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return error(res, 400, "The request body is not JSON");
      }
      const path = (req.url ?? "/").split("?")[0]!;
      const call: FakeCall = { method: req.method ?? "GET", path, authorised: req.headers.authorization === `Bearer ${token}`, body };
      calls.push(call);
      if (!call.authorised) return error(res, 401, "Invalid OAuth access token", 190);
      const match = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(path);
      if (req.method !== "POST" || !match) return error(res, 404, "Unknown path");
      if (match[1] !== phoneNumberId) return error(res, 400, "Unsupported post request: the phone number id does not exist", 100);
      if (failures && failures.times > 0) {
        failures.times -= 1;
        return error(res, failures.status, "Service temporarily unavailable", 2);
      }
      if (body.messaging_product !== "whatsapp" || typeof body.to !== "string" || !/^\d{8,15}$/.test(body.to)) return error(res, 400, "Invalid parameter: to");
      if (body.type === "text" && typeof (body.text as { body?: unknown })?.body !== "string") return error(res, 400, "Invalid parameter: text.body");
      if (body.type === "template" && typeof (body.template as { name?: unknown })?.name !== "string") return error(res, 400, "Invalid parameter: template.name");
      if (body.type !== "text" && body.type !== "template") return error(res, 400, "Unsupported message type");
      const wamid = `wamid.${randomBytes(12).toString("base64url")}`;
      call.wamid = wamid;
      return send(res, 200, { messaging_product: "whatsapp", contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: wamid }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sign: FakeWhatsApp["sign"] = (payload, secret) => {
    const body = JSON.stringify(payload);
    return {
      body,
      headers: { "Content-Type": "application/json", "X-Hub-Signature-256": `sha256=${createHmac("sha256", secret ?? appSecret).update(body).digest("hex")}` },
    };
  };
  const envelope = (value: Record<string, unknown>) => ({
    object: "whatsapp_business_account",
    entry: [{ id: "102290129340398", changes: [{ field: "messages", value: { messaging_product: "whatsapp", metadata: { display_phone_number: "914000000000", phone_number_id: phoneNumberId }, ...value } }] }],
  });

  return {
    url,
    token,
    phoneNumberId,
    appSecret,
    verifyToken,
    env: { WHATSAPP_API_BASE: url, WHATSAPP_TOKEN: token, WHATSAPP_PHONE_NUMBER_ID: phoneNumberId, WHATSAPP_APP_SECRET: appSecret, WHATSAPP_VERIFY_TOKEN: verifyToken },
    calls,
    sent: () => calls.filter((c) => c.wamid),
    failNext(status, times = 1) {
      failures = { status, times };
    },
    inbound(o, secret) {
      const wamid = o.wamid ?? `wamid.${randomBytes(12).toString("base64url")}`;
      const hook = sign(
        envelope({
          contacts: [{ profile: { name: o.name ?? "Customer" }, wa_id: o.from }],
          messages: [{ from: o.from, id: wamid, timestamp: String(o.timestamp ?? Math.floor(Date.now() / 1000)), type: "text", text: { body: o.text } }],
        }),
        secret,
      );
      return { ...hook, wamid };
    },
    status(o, secret) {
      const key = o.key ? { biz_opaque_callback_data: o.key } : {};
      return sign(envelope({ statuses: [{ id: o.wamid, status: o.status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: o.recipient, ...key }] }), secret);
    },
    sign,
    async deliver(hook, target) {
      if (typeof target === "string") return fetch(target, { method: "POST", headers: hook.headers, body: hook.body });
      return target(new Request("http://localhost/api/whatsapp/webhook", { method: "POST", headers: hook.headers, body: hook.body }));
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
