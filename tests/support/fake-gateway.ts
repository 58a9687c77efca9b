import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for a Razorpay-style payment gateway, started by a test on a free port of 127.0.0.1:
 * the payment links API (create, read, cancel; HTTP Basic auth with the key id and secret; amounts in
 * paise; reference_id unique) and signed webhooks (HMAC-SHA256 of the raw body under the webhook secret,
 * hex, in X-Razorpay-Signature; the event id in X-Razorpay-Event-Id), as the real gateway sends them.
 *
 *   const gateway = await startFakeGateway();
 *   setServerConfig(readConfig({ ..., ...gateway.env }));          // RAZORPAY_API_URL and the keys
 *   ... the app creates a link ...
 *   const hook = gateway.pay(linkId);                               // the customer pays: payment_link.paid
 *   await gateway.deliver(hook, (request) => webhookAction(...));   // or a URL
 */

export interface FakeLink {
  id: string;
  amount: number;
  currency: string;
  reference_id: string;
  description: string;
  status: "created" | "paid" | "cancelled";
  short_url: string;
  notes: Record<string, string>;
  customer: Record<string, string>;
  amount_paid: number;
}

export interface Webhook {
  eventId: string;
  body: string;
  headers: Record<string, string>;
}

export interface FakeGateway {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** RAZORPAY_* variables pointing the app at this gateway. */
  env: Record<string, string>;
  links: Map<string, FakeLink>;
  /** Every API call received: method, path, whether its credentials were right. */
  calls: Array<{ method: string; path: string; authorised: boolean; body: unknown }>;
  /** The customer pays a link in full (or `amount`): the link is paid, and the payment_link.paid webhook is returned. */
  pay(linkId: string, options?: { amount?: number; paymentId?: string; eventId?: string }): Webhook;
  /** A payment.captured webhook for a payment (as the gateway also sends for a link's payment). */
  captured(link: FakeLink, paymentId: string, options?: { amount?: number; eventId?: string }): Webhook;
  /** A webhook for any body, signed with the webhook secret (or `secret`). */
  sign(payload: unknown, options?: { secret?: string; eventId?: string }): Webhook;
  /** POSTs a webhook to a URL, or hands it to a handler as a Request. */
  deliver(hook: Webhook, target: string | ((request: Request) => Promise<Response>)): Promise<Response>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString("hex")}`;

export async function startFakeGateway(options: { keyId?: string; keySecret?: string; webhookSecret?: string } = {}): Promise<FakeGateway> {
  const keyId = options.keyId ?? `rzp_test_${randomBytes(4).toString("hex")}`;
  const keySecret = options.keySecret ?? randomBytes(12).toString("base64url");
  const webhookSecret = options.webhookSecret ?? randomBytes(12).toString("base64url");
  const links = new Map<string, FakeLink>();
  const calls: FakeGateway["calls"] = [];
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
  let url = "";

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, description: string) => send(res, status, { error: { code: "BAD_REQUEST_ERROR", description } });

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
      const authorised = req.headers.authorization === expectedAuth;
      const path = (req.url ?? "/").split("?")[0]!;
      calls.push({ method: req.method ?? "GET", path, authorised, body });
      if (!authorised) return error(res, 401, "Authentication failed");
      if (req.method === "POST" && path === "/v1/payment_links") {
        const amount = body.amount;
        if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100) return error(res, 400, "The amount must be at least INR 1.00");
        if (body.currency !== "INR") return error(res, 400, "Currency is not supported");
        const reference = String(body.reference_id ?? "");
        if (reference.length > 40) return error(res, 400, "reference_id may have at most 40 characters");
        if (reference && [...links.values()].some((l) => l.reference_id === reference)) return error(res, 400, `Payment Link with reference ${reference} already exists`);
        const linkId = id("plink");
        const link: FakeLink = {
          id: linkId,
          amount,
          currency: "INR",
          reference_id: reference,
          description: String(body.description ?? ""),
          status: "created",
          short_url: `${url}/i/${linkId.slice(6)}`,
          notes: (body.notes ?? {}) as Record<string, string>,
          customer: (body.customer ?? {}) as Record<string, string>,
          amount_paid: 0,
        };
        links.set(linkId, link);
        return send(res, 200, link);
      }
      const match = /^\/v1\/payment_links\/([^/]+)(\/cancel)?$/.exec(path);
      const link = match ? links.get(decodeURIComponent(match[1]!)) : undefined;
      if (match && !link) return error(res, 404, "The id provided does not exist");
      if (link && req.method === "GET" && !match![2]) return send(res, 200, link);
      if (link && req.method === "POST" && match![2]) {
        if (link.status !== "created") return error(res, 400, `A payment link that is ${link.status} cannot be cancelled`);
        link.status = "cancelled";
        return send(res, 200, link);
      }
      return error(res, 404, "Not found");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sign: FakeGateway["sign"] = (payload, o = {}) => {
    const body = JSON.stringify(payload);
    const eventId = o.eventId ?? id("evt");
    return {
      eventId,
      body,
      headers: {
        "Content-Type": "application/json",
        "X-Razorpay-Signature": createHmac("sha256", o.secret ?? webhookSecret).update(body).digest("hex"),
        "X-Razorpay-Event-Id": eventId,
      },
    };
  };

  const paymentEntity = (link: FakeLink, paymentId: string, amount: number) => ({
    id: paymentId,
    entity: "payment",
    amount,
    currency: "INR",
    status: "captured",
    method: "upi",
    notes: link.notes,
    created_at: Math.floor(Date.now() / 1000),
  });

  return {
    url,
    keyId,
    keySecret,
    webhookSecret,
    env: { RAZORPAY_API_URL: url, RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret },
    links,
    calls,
    sign,
    pay(linkId, o = {}) {
      const link = links.get(linkId);
      if (!link) throw new Error(`No payment link ${linkId}`);
      const amount = o.amount ?? link.amount;
      link.status = "paid";
      link.amount_paid = amount;
      const paymentId = o.paymentId ?? id("pay");
      return sign(
        {
          entity: "event",
          account_id: "acc_fake",
          event: "payment_link.paid",
          contains: ["payment_link", "order", "payment"],
          payload: { payment_link: { entity: { ...link } }, payment: { entity: paymentEntity(link, paymentId, amount) } },
          created_at: Math.floor(Date.now() / 1000),
        },
        { eventId: o.eventId },
      );
    },
    captured(link, paymentId, o = {}) {
      return sign(
        { entity: "event", account_id: "acc_fake", event: "payment.captured", contains: ["payment"], payload: { payment: { entity: paymentEntity(link, paymentId, o.amount ?? link.amount) } }, created_at: Math.floor(Date.now() / 1000) },
        { eventId: o.eventId },
      );
    },
    async deliver(hook, target) {
      if (typeof target === "string") return fetch(target, { method: "POST", headers: hook.headers, body: hook.body });
      return target(new Request("http://localhost/api/payments/webhook", { method: "POST", headers: hook.headers, body: hook.body }));
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
