import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { setDatabase } from "~/.server/db/index.ts";
import { outbox } from "~/.server/db/schema.ts";
import { deliverDueMessages, deliveriesSettled, queueMessages, type OutboxMessage } from "~/.server/notifications/index.ts";
import {
  DLT_TEMPLATES,
  DLT_VARIABLE_MAX_LENGTH,
  findDltTemplate,
  inboundNotifications,
  requestNotifications,
  type InboundNotice,
  type RequestNotice,
} from "~/.server/notifications/templates.ts";
import { defaultSettings } from "~/.server/settings/defaults.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { createTestDatabase, engines, type TestDatabase } from "../support/test-databases.ts";

interface ReceivedMail {
  mailFrom: string;
  rcptTo: string[];
  headers: Map<string, string>;
  text: string;
}

/** Headers unfolded and lower-cased; the body decoded from quoted-printable or base64, with \n line ends. */
function parseMail(raw: string): Pick<ReceivedMail, "headers" | "text"> {
  const split = raw.indexOf("\r\n\r\n");
  const headers = new Map<string, string>();
  for (const line of raw.slice(0, split).replace(/\r\n[ \t]/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  let body = raw.slice(split + 4);
  const encoding = headers.get("content-transfer-encoding")?.toLowerCase();
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    body = Buffer.from(bytes, "latin1").toString("utf8");
  } else if (encoding === "base64") {
    body = Buffer.from(body, "base64").toString("utf8");
  }
  return { headers, text: body.replace(/\r\n/g, "\n").replace(/\n+$/, "") };
}

const site = defaultSettings("https://www.example.com");

/** Runs fn with the server configured with (or without) ADMIN_HOST: where the staff links point. */
function withAdminHost<T>(adminHost: string | undefined, fn: () => T): T {
  const previous = getServerConfig();
  setServerConfig(readConfig(adminHost ? { ADMIN_HOST: adminHost } : {}));
  try {
    return fn();
  } finally {
    setServerConfig(previous);
  }
}

const notice: RequestNotice = {
  reference: "SR-2611-0042",
  kind: "full",
  contactName: "Ramesh Kumar",
  mobile: "+919876543210",
  email: "ramesh@example.net",
  company: "Sri Balaji Plastics",
  city: "Hyderabad",
  serviceName: "VFD repair",
  urgency: "emergency",
  promise: "2 hours",
  faultDescription: "The extruder's drive trips with an overcurrent fault (OC1) on start.\nIt started after the monsoon.",
};

/** The registered text with each {#var#} replaced, in order, by the message's variable of that position. */
function filledTemplate(message: OutboxMessage): string {
  const template = findDltTemplate(message.template);
  if (!template) throw new Error(`${message.template} is not a registered template`);
  let i = 0;
  return template.text.replaceAll("{#var#}", () => message.variables![template.variables[i++]!]!);
}

describe.each(engines)("e-mail through SMTP on %s", (engine) => {
  let testDb: TestDatabase;
  let server: SMTPServer;
  const received: ReceivedMail[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    setDatabase(testDb.handle);
    await seedSettings(testDb.handle.db, "https://www.example.com");
    clearSettingsCache();
    server = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const from = session.envelope.mailFrom;
          received.push({
            mailFrom: from ? from.address : "",
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            ...parseMail(Buffer.concat(chunks).toString("utf8")),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as AddressInfo;
    setServerConfig(readConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` }));
  });
  afterAll(async () => {
    setServerConfig(readConfig({}));
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await testDb?.destroy();
    setDatabase(undefined);
  });
  beforeEach(async () => {
    received.length = 0;
    await testDb.handle.db.delete(outbox);
    // The SMS go to the log provider: keep them off the test output.
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    return () => vi.restoreAllMocks();
  });

  it("delivers a queued e-mail to the SMTP server with its recipient, subject and text", async () => {
    const message: OutboxMessage = {
      channel: "email",
      recipient: "plant.manager@example.net",
      subject: "Your service report SR-2611-0042",
      body: "Dear Mr Rao,\n\nThe drive was repaired and tested on load.\nWarranty: 6 months.\n\nRegards",
      template: "test",
      dedupeKey: "test:smtp:1",
    };
    // Sent as soon as it is committed (here: the INSERT itself), without the worker.
    await queueMessages(testDb.handle.db, [message]);
    await deliveriesSettled();

    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.rcptTo).toEqual(["plant.manager@example.net"]);
    expect(mail.headers.get("to")).toBe("plant.manager@example.net");
    expect(mail.headers.get("subject")).toBe("Your service report SR-2611-0042");
    expect(mail.text).toBe(message.body);
    // From the business, as the settings name it (MAIL_FROM is not set).
    expect(mail.mailFrom).toBe("support@example.com");
    expect(mail.headers.get("from")).toBe("Deccan Automation Services <support@example.com>");
    const [row] = await testDb.handle.db.select().from(outbox).where(eq(outbox.dedupeKey, "test:smtp:1"));
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });

    expect(await deliverDueMessages(new Date(Date.now() + 86_400_000))).toBe(0);
    expect(received).toHaveLength(1);
  });

  it("sends a new request's e-mails to the business and the customer", async () => {
    const messages = requestNotifications(notice, site);
    await queueMessages(testDb.handle.db, messages);
    await deliveriesSettled();

    const toBusiness = received.find((m) => m.rcptTo[0] === "support@example.com")!;
    expect(toBusiness.headers.get("subject")).toBe("Emergency breakdown: service request SR-2611-0042 from Ramesh Kumar");
    expect(toBusiness.text).toContain("Reference: SR-2611-0042");
    expect(toBusiness.text).toContain("Mobile:    +91 98765 43210");
    expect(toBusiness.text).toContain(notice.faultDescription);
    // The back office, not the public site (where /admin is refused): without ADMIN_HOST, the site's address on 127.0.0.1.
    expect(toBusiness.text).toContain("https://127.0.0.1/admin/service-requests/SR-2611-0042");
    expect(toBusiness.text).not.toContain("www.example.com/admin");

    const toCustomer = received.find((m) => m.rcptTo[0] === "ramesh@example.net")!;
    expect(toCustomer.headers.get("subject")).toBe("We have received your service request SR-2611-0042");
    expect(toCustomer.text).toContain("Dear Ramesh Kumar,");
    expect(toCustomer.text).toContain("Deccan Automation Services");
    expect(toCustomer.text).toContain("SR-2611-0042");
    expect(toCustomer.text).toContain("within 2 hours");
    expect(toBusiness.text).toContain("The customer has been told that an engineer will call within 2 hours.");
    expect(toCustomer.text).toContain("+91 90000 00001");
    expect(received).toHaveLength(2);
  });

  it("keeps the e-mail pending when the SMTP server cannot be reached", async () => {
    const closed = new SMTPServer({ authOptional: true, disabledCommands: ["STARTTLS"], logger: false });
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.server.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const working = readConfig({ SMTP_URL: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}` });
    setServerConfig(readConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` }));
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      await queueMessages(testDb.handle.db, [
        { channel: "email", recipient: "a@example.net", subject: "Hello", body: "Text", template: "test", dedupeKey: "test:smtp:2" },
      ]);
      await deliveriesSettled();
      const [row] = await testDb.handle.db.select().from(outbox).where(eq(outbox.dedupeKey, "test:smtp:2"));
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
      setServerConfig(working);
      expect(await deliverDueMessages(new Date(row!.nextAttemptAt.getTime() + 1))).toBe(1);
      expect(received.map((m) => m.rcptTo[0])).toEqual(["a@example.net"]);
    } finally {
      setServerConfig(working);
    }
  });
});

describe("notification templates", () => {
  const withoutEmail: RequestNotice = { ...notice, email: null };

  it("a new request: an e-mail and an SMS to the business, an SMS to the customer, and an e-mail when one was given", () => {
    const messages = requestNotifications(withoutEmail, site);
    expect(messages.map((m) => [m.channel, m.recipient])).toEqual([
      ["email", "support@example.com"],
      ["sms", "+919000000001"],
      ["sms", "+919876543210"],
    ]);
    const withEmail = requestNotifications(notice, site);
    expect(withEmail.map((m) => [m.channel, m.recipient])).toEqual([...messages.map((m) => [m.channel, m.recipient]), ["email", "ramesh@example.net"]]);
    const keys = withEmail.map((m) => m.dedupeKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain("request:SR-2611-0042:customer-sms");
  });

  it("the customer's SMS gives the reference and the response time, with no URL, in one SMS", () => {
    const sms = requestNotifications(notice, site).find((m) => m.channel === "sms" && m.recipient === notice.mobile)!;
    expect(sms.body).toBe(
      "Deccan Automation Services: we have received your service request SR-2611-0042. Our engineer will call you within 2 hours.",
    );
    expect(sms.body).not.toMatch(/https?:|www\.|\.com/i);
    expect(sms.body.length).toBeLessThanOrEqual(160);
  });

  it("the business's SMS gives the reference, the urgency and the back-office link", () => {
    const sms = withAdminHost(undefined, () => requestNotifications(notice, site)).find((m) => m.channel === "sms" && m.recipient === site.identity.supportPhone)!;
    expect(sms.body).toContain("SR-2611-0042");
    expect(sms.body).toContain("Emergency breakdown");
    expect(sms.body).toContain("+919876543210");
    // The back office: ADMIN_HOST when set, else the site's address on 127.0.0.1 (never the public host, where /admin is refused).
    expect(sms.body).toContain("https://127.0.0.1/admin/service-requests/SR-2611-0042");
    const office = withAdminHost("office.example.in", () => requestNotifications(notice, site));
    expect(office.find((m) => m.dedupeKey.endsWith("business-sms"))!.body).toContain("https://office.example.in/admin/service-requests/SR-2611-0042");
    expect(office.find((m) => m.dedupeKey.endsWith("business-email"))!.body).toContain("https://office.example.in/admin/service-requests/SR-2611-0042");
    const planned = requestNotifications({ ...notice, urgency: "planned" }, site).find((m) => m.dedupeKey.endsWith("business-sms"))!;
    expect(planned.body).toContain("(Planned)");
    const within24h = requestNotifications({ ...notice, urgency: "within_24h" }, site).find((m) => m.dedupeKey.endsWith("business-sms"))!;
    expect(within24h.body).toContain("(Within 24 hours)");
  });

  it("a subject cut to length keeps whole characters: a name of emoji is not split in half", () => {
    const name = "👷".repeat(200);
    const subjects = [
      ...requestNotifications({ ...notice, contactName: name }, site),
      ...inboundNotifications({ reference: "CT-2611-0003", formLabel: "contact message", form: "contact", name, mobile: null, email: "a@example.net", subject: null, message: "Hello" }, site),
    ].flatMap((m) => (m.subject ? [m.subject] : []));
    expect(subjects.length).toBeGreaterThan(0);
    for (const subject of subjects) {
      expect(subject.isWellFormed(), subject).toBe(true);
      expect(Array.from(subject).length).toBeLessThanOrEqual(120);
    }
    expect(subjects.some((s) => s.endsWith("👷…"))).toBe(true);
  });

  it("every SMS is its registered template with the variables filled in, each cut to 30 characters", () => {
    const longName = "Venkata Subrahmanya Lakshmi Narasimha Prasad Rao";
    const longSite = defaultSettings("https://service.deccan-automation-services.example.com");
    const all = [
      ...requestNotifications({ ...notice, contactName: longName }, site),
      ...withAdminHost("office.deccan-automation-services.example.com", () => requestNotifications(notice, longSite)),
      ...inboundNotifications(
        { reference: "CB-2611-0007", formLabel: "callback request", form: "callback", name: longName, mobile: "+919812345678", email: null, subject: null, message: "" },
        site,
      ),
      ...inboundNotifications(
        { reference: "EN-2611-0008", formLabel: "product enquiry", name: "Anita", mobile: "+919812345679", email: "anita@example.net", subject: "ABB ACS580", message: "Price?" },
        site,
      ),
    ];
    const smsMessages = all.filter((m) => m.channel === "sms");
    expect(smsMessages.length).toBe(7);
    for (const m of smsMessages) {
      expect(m.template).toMatch(/^\d{19}$/);
      expect(m.body).toBe(filledTemplate(m));
      for (const value of Object.values(m.variables!)) expect(value.length).toBeLessThanOrEqual(DLT_VARIABLE_MAX_LENGTH);
      expect(m.body).not.toContain("{#var#}");
    }
    const cut = smsMessages.find((m) => m.body.includes("Venkata"))!;
    expect(cut.body).toContain(longName.slice(0, 30));
    expect(cut.body).not.toContain(longName);
    // A back-office address too long for one variable would give a broken link: that alert carries no link.
    const longSiteAlert = smsMessages.find((m) => m.recipient === longSite.identity.supportPhone && m.template === DLT_TEMPLATES.requestAlertWithoutLink.id);
    expect(longSiteAlert?.body).not.toMatch(/https?:/);
  });

  it("other forms: an e-mail to the business (and an SMS for a callback), acknowledgements by SMS and e-mail as given", () => {
    const contact: InboundNotice = {
      reference: "EN-2611-0007",
      formLabel: "contact message",
      name: "Anita Sharma",
      mobile: null,
      email: "anita@example.net",
      subject: "AMC for our compressors",
      message: "Please send details of your annual maintenance contracts.",
    };
    const contactMessages = inboundNotifications(contact, site);
    expect(contactMessages.map((m) => [m.channel, m.recipient])).toEqual([
      ["email", "support@example.com"],
      ["email", "anita@example.net"],
    ]);
    expect(contactMessages[0]!.subject).toBe("Contact message EN-2611-0007 from Anita Sharma");
    expect(contactMessages[0]!.body).toContain(contact.message);
    expect(contactMessages[1]!.body).toContain("EN-2611-0007");
    expect(contactMessages[1]!.body).toContain("within 2-4 hours");
    expect(contactMessages[1]!.body).toContain("+91 90000 00001");

    const callback = inboundNotifications({ ...contact, reference: "CB-2611-0001", formLabel: "callback request", mobile: "+919812345678", email: null }, site);
    expect(callback.map((m) => [m.channel, m.recipient])).toEqual([
      ["email", "support@example.com"],
      ["sms", "+919000000001"],
      ["sms", "+919812345678"],
    ]);
    expect(callback[1]!.body).toContain("+919812345678");
    const ack = callback[2]!;
    expect(ack.body).toBe("Deccan Automation Services: we have received your callback request, reference CB-2611-0001. We will get back to you within 2-4 hours.");
    expect(ack.body).not.toMatch(/https?:|www\./);
  });
});
