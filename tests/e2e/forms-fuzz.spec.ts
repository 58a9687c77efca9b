import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { expect, test } from "@playwright/test";
import pg from "pg";
import sharp from "sharp";
import { startProductionServer, type RunningServer } from "../../scripts/lib/production-server.ts";
import { tinyHeic, YCBCR } from "../fixtures/uploads/tiny-heic.ts";

/**
 * Every public form, fuzzed over HTTP against a production server of its own: at least FUZZ_COUNT
 * (default 1,000) random and hostile payloads per form, from a seeded PRNG (FUZZ_SEED=<n> reproduces a run;
 * each test prints its seed). For every answer: never a 5xx; 303 (or 200 with a location, for the JSON
 * endpoint) only for a payload that was deliberately valid; every 4xx page shows a human message; no
 * hostile markup comes back unescaped. Afterwards: the server still answers, and the database holds exactly
 * the submissions that were accepted, with normalised mobiles and no NUL anywhere.
 *
 * The server runs on PostgreSQL (a throwaway database made from TEST_DATABASE_URL) and is checked after
 * each form; without TEST_DATABASE_URL (and CI not "true") it runs on PGlite, whose data dir is opened and
 * checked once the server has stopped. Each Playwright worker that runs tests of this file has its own
 * server and database.
 *
 * FUZZ_COUNT=<n> payloads per form; FUZZ_SEED=<n> the seed; FUZZ_ONLY=3,17 only those cases (same seed).
 *
 * The expectations below are this file's own reading of the forms' rules (the issue's field list), not
 * the app's schemas: a payload is "valid" (must be accepted), "invalid" (must be refused with a message),
 * or "either" (a legitimate choice for the app, e.g. stripping or refusing a NUL; whatever it stores is
 * still checked).
 */

const PER_FORM = Number(process.env.FUZZ_COUNT ?? 1000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const CONCURRENCY = 8;
const REQUEST_TIMEOUT_MS = 60_000;

// ── Seeded randomness ────────────────────────────────────────────────────────────────────────────

class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** mulberry32: small, fast, and the same sequence on every machine. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  range(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[this.int(items.length)]!;
  }

  bytes(n: number): Buffer {
    const out = Buffer.alloc(n);
    for (let i = 0; i < n; i++) out[i] = this.int(256);
    return out;
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }

  /** A version 4 UUID made from this generator (so that a seed reproduces the keys too). */
  uuid(): string {
    const b = this.bytes(16);
    b[6] = (b[6]! & 0x0f) | 0x40;
    b[8] = (b[8]! & 0x3f) | 0x80;
    const h = b.toString("hex");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }

  ip(): string {
    return `${this.range(1, 223)}.${this.int(256)}.${this.int(256)}.${this.range(1, 254)}`;
  }
}

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

// ── The forms ────────────────────────────────────────────────────────────────────────────────────

type Field =
  | { kind: "text"; required: boolean; max: number }
  | { kind: "service"; required: boolean; max: number }
  | { kind: "mobile" }
  | { kind: "email"; required: boolean }
  | { kind: "date" }
  | { kind: "enum"; values: readonly string[] }
  | { kind: "count"; required: boolean; max: number }
  | { kind: "consent" }
  | { kind: "key" };

interface FormSpec {
  /** Test title, and what ties an accepted submission to its checks. */
  id: string;
  path: string;
  /** The page whose GET must still answer afterwards. */
  page: string;
  json?: boolean;
  /** The hidden `form` field of pages with several forms. */
  form?: string;
  /** What the ids of this form's field messages start with (e.g. "contact-" for #contact-mobile-error). */
  prefix: string;
  fields: Record<string, Field>;
  nameField: string;
  mobileField: string;
  /** Fields without a visible control: their message may come as a form message. */
  hidden: readonly string[];
  file?: { name: "photos" | "cv"; kind: "photo" | "doc"; required: boolean; max: number };
  multipartOnly?: boolean;
  table: "service_requests" | "inbound_messages";
  /** service_requests.kind or inbound_messages.form. */
  stored: string;
  refPrefix: string;
}

const text = (max: number, required = true): Field => ({ kind: "text", required, max });
const optional = (max: number): Field => ({ kind: "text", required: false, max });
const mobile: Field = { kind: "mobile" };
const consent: Field = { kind: "consent" };
const key: Field = { kind: "key" };
const URGENCY = ["emergency", "within_24h", "planned"] as const;
const CALLBACK_TIMES = ["As soon as possible", "Morning (9 am - 12 noon)", "Afternoon (12 noon - 4 pm)", "Evening (4 pm - 8 pm)"] as const;
const EXPERIENCE = ["Fresher", "1-2 years", "3-5 years", "6-10 years", "More than 10 years"] as const;
const RATINGS = ["1", "2", "3", "4", "5"] as const;
const SERVICE_SLUGS = ["vfd-repair", "dc-drive-repair", "servo-drive-repair", "plc-repair--programming", "hmi-repair", "247-emergency-breakdown-service", "motor-repair--rewinding"];

const requestFields: Record<string, Field> = {
  contactName: text(100),
  mobile,
  email: { kind: "email", required: false },
  company: optional(150),
  siteAddress: text(300),
  city: text(80),
  service: { kind: "service", required: true, max: 120 },
  equipmentBrand: optional(80),
  equipmentModel: optional(120),
  equipmentRating: optional(40),
  faultDescription: text(4000),
  faultCode: optional(60),
  urgency: { kind: "enum", values: URGENCY },
  preferredDate: { kind: "date" },
  consent,
  idempotencyKey: key,
};
const photos = { name: "photos", kind: "photo", required: false, max: 5 } as const;

const enquiry = (id: string, path: string, fields: Record<string, Field>, refPrefix: string, file?: FormSpec["file"]): FormSpec => ({
  id: `${path} form=${id}`,
  path,
  page: path,
  form: id,
  prefix: `${id}-`,
  fields: { ...fields, consent, idempotencyKey: key },
  nameField: "name",
  mobileField: "mobile",
  hidden: ["idempotencyKey"],
  file,
  multipartOnly: Boolean(file),
  table: "inbound_messages",
  stored: id,
  refPrefix,
});

const FORMS: FormSpec[] = [
  {
    id: "/request",
    path: "/request",
    page: "/request",
    prefix: "",
    fields: requestFields,
    nameField: "contactName",
    mobileField: "mobile",
    hidden: ["idempotencyKey"],
    file: photos,
    table: "service_requests",
    stored: "full",
    refPrefix: "SR",
  },
  {
    id: "/request/submit (JSON)",
    path: "/request/submit",
    page: "/request",
    json: true,
    prefix: "",
    fields: requestFields,
    nameField: "contactName",
    mobileField: "mobile",
    hidden: ["idempotencyKey"],
    file: photos,
    table: "service_requests",
    stored: "full",
    refPrefix: "SR",
  },
  {
    id: "/?index quick request",
    path: "/?index",
    page: "/",
    prefix: "",
    fields: {
      name: text(100),
      phone: mobile,
      email: { kind: "email", required: false },
      preferredDate: { kind: "date" },
      description: text(2000),
      service: { kind: "service", required: false, max: 120 },
      consent,
      idempotencyKey: key,
    },
    nameField: "name",
    mobileField: "phone",
    // The home page's form has no service control (service pages send it hidden).
    hidden: ["idempotencyKey", "service"],
    table: "service_requests",
    stored: "quick",
    refPrefix: "SR",
  },
  enquiry(
    "contact",
    "/contact",
    { name: text(100), mobile, email: { kind: "email", required: false }, company: optional(150), subject: text(150), message: text(4000) },
    "CT",
  ),
  enquiry("callback", "/contact", { name: text(100), mobile, callbackTime: { kind: "enum", values: CALLBACK_TIMES }, subject: optional(150) }, "CB"),
  enquiry(
    "quote",
    "/products",
    {
      subject: text(150),
      quantity: { kind: "count", required: false, max: 9999 },
      message: text(4000),
      name: text(100),
      mobile,
      email: { kind: "email", required: false },
      company: optional(150),
    },
    "QT",
  ),
  enquiry("product-enquiry", "/products", { subject: text(150), message: text(4000), name: text(100), mobile, email: { kind: "email", required: false } }, "PE"),
  enquiry(
    "career",
    "/careers",
    {
      subject: text(150),
      name: text(100),
      mobile,
      email: { kind: "email", required: true },
      experience: { kind: "enum", values: EXPERIENCE },
      location: text(100),
      message: optional(4000),
    },
    "JA",
    { name: "cv", kind: "doc", required: true, max: 1 },
  ),
  enquiry(
    "training",
    "/training",
    {
      subject: text(150),
      participants: { kind: "count", required: true, max: 50 },
      name: text(100),
      mobile,
      email: { kind: "email", required: false },
      company: optional(150),
      message: optional(2000),
    },
    "TR",
  ),
  enquiry("investor", "/investors", { name: text(100), email: { kind: "email", required: true }, mobile, company: optional(150), message: text(4000) }, "IV"),
  enquiry(
    "review",
    "/reviews",
    { rating: { kind: "enum", values: RATINGS }, message: text(2000), subject: optional(150), name: text(100), company: optional(150), city: text(80), mobile },
    "RV",
  ),
];

/** The columns inbound_messages has for every form; anything else of a form's own goes to details. */
const SHARED_COLUMNS = ["name", "mobile", "email", "company", "subject", "message"];

// ── Payload material ─────────────────────────────────────────────────────────────────────────────

const PLAIN = [
  "Ravi Kumar",
  "Sunita Reddy",
  "K. Venkata Ramana",
  "Mohammed Irfan",
  "Anjali Deshpande-Rao",
  "O'Brien & Sons Pvt. Ltd.",
  "Plot 12, IDA Jeedimetla, Hyderabad 500055",
  "ABB ACS580 trips on overcurrent (F0001) at start-up.\r\nReset clears it for an hour.",
  "Siemens S7-300 CPU in STOP, SF LED red",
  "75 kW / 100 HP, 415 V",
  "0",
  "12345",
  "-1",
  "3.14e10",
  "true",
  "null",
  "undefined",
  "NaN",
  "[object Object]",
  "__proto__",
  "constructor",
  "%00",
  "\\x00",
  "%s%s%n",
  "../../../../etc/passwd",
  "C:\\Windows\\system32",
];
const SQL = [
  "Robert'); DROP TABLE service_requests;--",
  "' OR '1'='1",
  "1; DELETE FROM inbound_messages WHERE 1=1; --",
  "' UNION SELECT current_user, version() --",
  "admin'--",
  "\"; SELECT pg_sleep(30); --",
  "1' AND (SELECT COUNT(*) FROM pg_tables) > 0 --",
  "$$; DROP TABLE outbox; $$",
  "E'\\\\x41'",
  "%' OR name LIKE '%",
  "'; COPY (SELECT '') TO PROGRAM 'id'; --",
  "\\'; TRUNCATE reference_counters; --",
];
const XSS = [
  "<script>fzAlert(1)</script>",
  '"><img src=x onerror=fzAlert(2)>',
  "<svg onload=fzAlert(3)>",
  "javascript:fzAlert(4)",
  "</textarea><script>fzAlert(5)</script>",
  "</script><script>fzAlert(6)</script>",
  '<a href="javascript:fzAlert(7)">call me</a>',
  "'-fzAlert(8)-'",
  "<iframe src=javascript:fzAlert(9)>",
  "{{constructor.constructor('fzAlert(10)')()}}",
  "<!--",
  "]]><![CDATA[",
  "&lt;script&gt;&#x3C;",
  "<style>*{display:none}</style>",
  "data:text/html;base64,PHNjcmlwdD5melsertKDExKTwvc2NyaXB0Pg==",
];
/** What an unescaped reflection of XSS above would look like in a page. */
const RAW_MARKERS = ["<script>fzAlert", "<img src=x onerror=fzAlert", "<svg onload=fzAlert", "<iframe src=javascript:fzAlert", '<a href="javascript:fzAlert'];
const UNICODE_VALID = [
  "Ravi 👷‍♂️ Kumar",
  "रवि कुमार",
  "రవి కుమార్, సికింద్రాబాద్",
  "ரவி குமார்",
  "ರವಿ ಕುಮಾರ್",
  "محمد عرفان",
  "José Ñúñez",
  "李雷 韩梅梅",
  "Zoë Ångström",
  "𝕽𝖆𝖛𝖎 𝕶𝖚𝖒𝖆𝖗",
  "Cafe\u0301 e\u0301le\u0300ve",
  "🇮🇳 Hyderabad 🏭⚡",
  "Straße",
  "Ω≈ç√∫˜µ≤≥÷",
];
/** Text the app may store (stripped) or refuse, but must never choke on. */
const UNICODE_EITHER: Array<string | Buffer> = [
  "Ravi\u0000Kumar",
  "\u0000Ravi",
  "Ravi\u0000",
  "Ravi\u202eramuK",
  "\u202e\u2066Ravi\u2069",
  "Ravi\u200b\u200c\u200d",
  "\ufeffRavi",
  "Ravi\u0007\u001b[31mKumar",
  "Ravi\uffff\ufffe",
  "Ravi\u2028Kumar\u2029",
  "Ravi\ud800Kumar",
  "Ravi\udfff",
  Buffer.concat([Buffer.from("Ravi"), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from("Kumar")]),
  Buffer.concat([Buffer.from("Ravi"), Buffer.from([0xc0, 0x80]), Buffer.from("Kumar")]),
  Buffer.concat([Buffer.from("Ravi"), Buffer.from([0xff, 0xfe, 0xfd])]),
  Buffer.concat([Buffer.from("Ra"), Buffer.from([0xe2, 0x82])]),
];

const EXTRA_FIELDS: Array<[string, string]> = [
  ["status", "published"],
  ["status", "closed"],
  ["id", "1"],
  ["reference", "SR-0000-0001"],
  ["kind", "quick"],
  ["consentVersion", "0"],
  ["consentAt", "1970-01-01T00:00:00Z"],
  ["createdAt", "1970-01-01"],
  ["__proto__", "polluted"],
  ["__proto__[isAdmin]", "true"],
  ["constructor[prototype][isAdmin]", "true"],
  ["role", "admin"],
  ["isAdmin", "true"],
  ["details", '{"status":"published"}'],
  ["attachmentPath", "../../../etc/passwd"],
  ["_method", "DELETE"],
  ["_data", "root"],
  ["name[]", "array"],
  ["mobile[0]", "9848012345"],
  ["intent", "delete"],
];

const INVALID_MOBILES = [
  "12345",
  "98480",
  "984801234",
  "98480123456",
  "+1 415 555 0100",
  "+44 7911 123456",
  "+92 300 1234567",
  "+977 9841234567",
  "+880 1712 345678",
  "+971 50 123 4567",
  "+86 138 0013 8000",
  "040 2345 6789",
  "+91 40 2345 6789",
  "022-2345-6789",
  "5848012345",
  "+91 58480 12345",
  "1234567890",
  "0000000000",
  "abcdefghij",
  "98480-ABCDE",
  "NaN",
  "null",
  "' OR 1=1 --",
  "9848012345' OR '1'='1",
  "<script>fzAlert(12)</script>",
  "9".repeat(21),
  "+91 98480 12345 67890 1",
  "९८४८०१२३४५",
];
const INVALID_EMAILS = [
  "ravi",
  "ravi@",
  "@example.com",
  "ravi@@example.com",
  "ravi@example",
  "ravi example@example.com",
  "ravi@exa mple.com",
  ".ravi@example.com",
  "ravi..kumar@example.com",
  "<script>fzAlert(13)</script>@example.com",
  "' OR 1=1 --@example.com",
  "ravi@example.com, sunita@example.com",
  `${"a".repeat(195)}@example.com`,
  "mailto:ravi@example.com",
];
const INVALID_DATES = [
  "2020-01-01",
  "1999-12-31",
  "0000-00-00",
  "2030-02-30",
  "2030-02-31",
  "2030-02-29",
  "2031-04-31",
  "2030-06-31",
  "2030-13-01",
  "2030-00-10",
  "2030-1-1",
  "30-01-2030",
  "01/02/2030",
  "2030/01/02",
  "2030-01-02T10:00",
  "tomorrow",
  "2101-01-01",
  "9999-12-31",
  "+002030-01-01",
  "2030-01-02' OR '1'='1",
  "<script>fzAlert(14)</script>",
  "２０３０-０１-０１",
  "-1",
];
const INVALID_KEYS = [
  "not-a-uuid",
  "12345",
  "' OR 1=1 --",
  "<script>fzAlert(15)</script>",
  "00000000-0000-4000-8000-00000000000g",
  "../../etc/passwd",
];
const INVALID_CONSENT = ["no", "false", "0", "YES", "On", "yes ", " on", "true", "1", "checked", "<script>fzAlert(16)</script>"];
const INVALID_HONEYPOT = ["x", " ", "http://spam.example/", "0", "fax"];
const WRONG_FORMS = ["", "CONTACT", "contact ", "__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "unknown", "<script>fzAlert(17)</script>"];

function wrongEnumValues(values: readonly string[]): string[] {
  const first = values[0]!;
  return [
    first.toUpperCase() === first ? first.toLowerCase() : first.toUpperCase(),
    `${first} `,
    ` ${first}`,
    values.join(","),
    first.replace(/-/g, "\u2013") === first ? `${first}x` : first.replace(/-/g, "\u2013"),
    "0",
    "6",
    "5.0",
    "05",
    "urgent",
    "null",
    "' OR 1=1 --",
    "<script>fzAlert(18)</script>",
  ].filter((v) => !values.includes(v));
}

function wrongCounts(max: number): string[] {
  return ["0", String(max + 1), "-1", "1.5", "1e3", "0x10", "abc", "١٢", "１２", "12 34", "+5", "99999", "NaN", "Infinity", "' OR 1=1"];
}

/** Today in India as YYYY-MM-DD, shifted by days. */
function istDate(days: number): string {
  return new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
}

function isRealFutureDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value <= "2100-01-01";
}

/** Cuts s to at most max UTF-16 units without splitting a character, never to blank. */
function fit(s: string, max: number): string {
  const chars = Array.from(s);
  let out = s;
  while (out.length > max && chars.length) {
    chars.pop();
    out = chars.join("");
  }
  return out.trim() ? out : "x";
}

// ── Files ────────────────────────────────────────────────────────────────────────────────────────

interface Files {
  png: Buffer;
  jpeg: Buffer;
  webp: Buffer;
  heic: Buffer;
  pdf: Buffer;
  docx: Buffer;
  doc: Buffer;
  bad: Array<{ label: string; data: Buffer; filename: string; type: string }>;
  badDocs: Array<{ label: string; data: Buffer; filename: string; type: string }>;
  bigPhoto: Buffer;
  bigDoc: Buffer;
  oversizedBody: Buffer;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header declares width x height pixels: a decompression bomb when large. */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8);
  ihdr.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(64))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A ZIP local file header naming an entry (enough for a type sniffer, not a real archive). */
function zipEntry(name: string): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(Buffer.byteLength(name), 26);
  return Buffer.concat([header, Buffer.from(name), Buffer.from("<w:document/>")]);
}

async function makeFiles(): Promise<Files> {
  const base = sharp({ create: { width: 24, height: 16, channels: 3, background: { r: 200, g: 80, b: 20 } } });
  const png = await base.clone().png().toBuffer();
  const jpeg = await base.clone().jpeg().toBuffer();
  const webp = await base.clone().webp().toBuffer();
  const heic = tinyHeic({ blocks: [[[...YCBCR.red]]] });
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
  const docx = zipEntry("word/document.xml");
  const ole2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  const doc = Buffer.concat([ole2, Buffer.alloc(64), Buffer.from("WordDocument", "utf16le"), Buffer.alloc(64)]);
  const bad = [
    { label: "a PDF named .jpg", data: pdf, filename: "photo.jpg", type: "image/jpeg" },
    { label: "SVG with a script", data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="fzAlert(19)"><script>fzAlert(20)</script></svg>'), filename: "photo.svg", type: "image/svg+xml" },
    { label: "SVG named .png", data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), filename: "photo.png", type: "image/png" },
    { label: "HTML", data: Buffer.from("<html><script>fzAlert(21)</script></html>"), filename: "photo.html", type: "text/html" },
    { label: "a Windows executable", data: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 0x90)]), filename: "photo.exe", type: "application/octet-stream" },
    { label: "a ZIP", data: zipEntry("x.txt"), filename: "photos.zip", type: "application/zip" },
    { label: "a GIF", data: Buffer.from("GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;", "latin1"), filename: "photo.gif", type: "image/gif" },
    { label: "an empty file with a name", data: Buffer.alloc(0), filename: "photo.jpg", type: "image/jpeg" },
    { label: "a truncated JPEG", data: jpeg.subarray(0, 40), filename: "photo.jpg", type: "image/jpeg" },
    { label: "a truncated PNG", data: png.subarray(0, 60), filename: "photo.png", type: "image/png" },
    { label: "a PNG declaring 30000x30000 pixels", data: pngDeclaring(30000, 30000), filename: "bomb.png", type: "image/png" },
    { label: "a PNG declaring 0x0 pixels", data: pngDeclaring(0, 0), filename: "zero.png", type: "image/png" },
    { label: "a fake HEIC", data: Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic\0\0\0\0mif1heic"), Buffer.alloc(200, 7)]), filename: "IMG_0001.HEIC", type: "image/heic" },
    { label: "an AVIF-branded file", data: Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypavif\0\0\0\0mif1avif"), Buffer.alloc(200, 7)]), filename: "photo.avif", type: "image/avif" },
    { label: "a JPEG header then junk", data: Buffer.concat([jpeg.subarray(0, 3), Buffer.alloc(4000, 0x41)]), filename: "photo.jpg", type: "image/jpeg" },
    { label: "random bytes", data: new Rng(7).bytes(3000), filename: "photo.webp", type: "image/webp" },
  ];
  const badDocs = [
    { label: "a JPEG named .pdf", data: jpeg, filename: "cv.pdf", type: "application/pdf" },
    { label: "text named .pdf", data: Buffer.from("Curriculum vitae: Ravi Kumar"), filename: "cv.pdf", type: "application/pdf" },
    { label: "an OLE2 file without a Word stream (xls)", data: Buffer.concat([ole2, Buffer.alloc(200)]), filename: "cv.doc", type: "application/msword" },
    { label: "a ZIP without word/", data: zipEntry("xl/workbook.xml"), filename: "cv.docx", type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
    { label: "a Windows executable", data: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 0x90)]), filename: "cv.pdf.exe", type: "application/octet-stream" },
    { label: "HTML named .doc", data: Buffer.from("<html><script>fzAlert(22)</script></html>"), filename: "cv.doc", type: "application/msword" },
    { label: "an empty file with a name", data: Buffer.alloc(0), filename: "cv.pdf", type: "application/pdf" },
    { label: "' %PDF-' not at the start", data: Buffer.from(" %PDF-1.4 hidden"), filename: "cv.pdf", type: "application/pdf" },
  ];
  const bigPhoto = Buffer.concat([png.subarray(0, 33), Buffer.alloc(10 * 1024 * 1024 + 4096)]);
  const bigDoc = Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024 + 4096, 0x20)]);
  const oversizedBody = Buffer.alloc(56 * 1024 * 1024, 0x61);
  return { png, jpeg, webp, heic, pdf, docx, doc, bad, badDocs, bigPhoto, bigDoc, oversizedBody };
}

// ── Payloads ─────────────────────────────────────────────────────────────────────────────────────

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

type Outcome = "valid" | "invalid" | "either" | "forbidden" | "socket";

interface Case {
  n: number;
  label: string;
  outcome: Outcome;
  headers: Record<string, string>;
  body: Buffer;
  chunked?: boolean;
  /** For socket cases: the bytes to write before half-closing. */
  raw?: Buffer;
  /** The field whose message must show (a single-field mutation). */
  field?: string;
  /** A refusal of the whole form (unreadable, bot, unknown form): its message is a form message. */
  formLevel?: boolean;
  /** A body over the server's limit: 413 with its text. */
  tooLarge?: boolean;
  /** Send the same valid payload twice: the second must come back with the same reference. */
  repeat?: boolean;
  ip: string;
  repeatIp: string;
  expectName?: string;
  expectMobile?: string;
  photos?: number;
}

interface Generator {
  rng: Rng;
  spec: FormSpec;
  files: Files;
  mobileBase: number;
  mobileCount: number;
}

/** A mobile number that no other payload of this run uses (the per-number limit is 5 an hour). */
function freshMobile(g: Generator): string {
  const i = g.mobileCount++;
  return `${"6789"[i % 4]}${String((g.mobileBase + i * 7919) % 1e9).padStart(9, "0")}`;
}

function formatMobile(rng: Rng, n: string): string {
  switch (rng.int(8)) {
    case 0:
      return `+91${n}`;
    case 1:
      return `+91 ${n.slice(0, 5)} ${n.slice(5)}`;
    case 2:
      return `+91-${n.slice(0, 5)}-${n.slice(5)}`;
    case 3:
      return `0${n}`;
    case 4:
      return `${n.slice(0, 5)} ${n.slice(5)}`;
    case 5:
      return `  ${n}  `;
    default:
      return n;
  }
}

function validText(rng: Rng, max: number): string {
  const roll = rng.int(20);
  let s: string;
  if (roll < 7) s = rng.pick(PLAIN);
  else if (roll < 10) s = rng.pick(SQL);
  else if (roll < 14) s = rng.pick(XSS);
  else if (roll < 18) s = rng.pick(UNICODE_VALID);
  else if (roll < 19) s = "M".repeat(max);
  else s = "👷".repeat(Math.floor(max / 2));
  s = fit(s, max);
  return rng.chance(0.1) && s.length + 4 <= max ? `  ${s}\t ` : s;
}

interface Base {
  values: Map<string, Part[]>;
  name: string;
  mobile: string;
  photos: number;
}

function validBase(g: Generator): Base {
  const { rng, spec, files } = g;
  const values = new Map<string, Part[]>();
  let name = "";
  let normalised = "";
  for (const [field, def] of Object.entries(spec.fields)) {
    let value: string | undefined;
    switch (def.kind) {
      case "text":
        value = def.required || rng.chance(0.6) ? validText(rng, def.max) : rng.chance(0.5) ? "" : undefined;
        break;
      case "service":
        value = def.required || rng.chance(0.5) ? rng.pick(SERVICE_SLUGS) : undefined;
        break;
      case "mobile": {
        const n = freshMobile(g);
        normalised = `+91${n}`;
        value = formatMobile(rng, n);
        break;
      }
      case "email":
        value =
          def.required || rng.chance(0.5)
            ? rng.pick([`ravi.kumar${rng.int(1e6)}@example.com`, `RAVI.K+fz${rng.int(1e6)}@Example.Co.In`, `a_b-c${rng.int(1e6)}@sub.example.org`, ` sunita${rng.int(1e6)}@example.in `])
            : rng.chance(0.5)
              ? ""
              : undefined;
        break;
      case "date":
        value = rng.chance(0.5) ? rng.pick([istDate(rng.range(2, 3000)), "2032-02-29", "2099-12-31", "2100-01-01"]) : rng.chance(0.5) ? "" : undefined;
        break;
      case "enum":
        value = rng.pick(def.values);
        break;
      case "count":
        value = def.required || rng.chance(0.6) ? rng.pick([String(rng.range(1, def.max)), "1", String(def.max), ` ${rng.range(1, def.max)} `]) : rng.chance(0.5) ? "" : undefined;
        break;
      case "consent":
        value = rng.pick(["yes", "on"]);
        break;
      case "key":
        value = rng.chance(0.85) ? rng.uuid() : rng.chance(0.5) ? "" : undefined;
        break;
    }
    if (field === spec.nameField && value !== undefined) name = value.trim();
    if (value !== undefined) values.set(field, [{ name: field, value }]);
  }
  let photoCount = 0;
  if (spec.file?.kind === "photo") {
    // Photos cost the server most (each is decoded and re-encoded): mostly none or one.
    photoCount = rng.pick([0, 0, 0, 0, 1, 1, 1, 2, 5]);
    const list: Part[] = [];
    for (let i = 0; i < photoCount; i++) {
      const [data, ext, type] = rng.chance(0.1)
        ? ([files.heic, "HEIC", "image/heic"] as const)
        : rng.pick([
            [files.png, "png", "image/png"],
            [files.jpeg, "jpg", "image/jpeg"],
            [files.webp, "webp", "image/webp"],
          ] as const);
      list.push({ name: "photos", value: data, filename: `drive-${i}.${ext}`, type });
    }
    // A file input left empty: browsers send an empty part without a file name.
    if (photoCount === 0 && rng.chance(0.3)) list.push({ name: "photos", value: Buffer.alloc(0), filename: "", type: "application/octet-stream" });
    if (list.length) values.set("photos", list);
  }
  if (spec.file?.kind === "doc") {
    const [data, filename, type] = rng.pick([
      [files.pdf, "Ravi Kumar CV.pdf", "application/pdf"],
      [files.docx, "cv.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      [files.doc, "cv.doc", "application/msword"],
    ] as const);
    values.set("cv", [{ name: "cv", value: data, filename, type }]);
  }
  return { values, name, mobile: normalised, photos: photoCount };
}

/** One way to make a field definitely invalid, or undefined when the field cannot be (an optional free text). */
function breakField(g: Generator, field: string, def: Field): { parts?: Part[]; label: string } | undefined {
  const { rng } = g;
  const missing = { parts: undefined, label: `${field} missing` };
  const value = (v: string | Buffer, label: string) => ({ parts: [{ name: field, value: v }], label: `${field} ${label}` });
  switch (def.kind) {
    case "text":
    case "service": {
      const tooLong = value("x".repeat(def.max + rng.range(1, 50)), `over ${def.max} characters`);
      if (!def.required) return tooLong;
      return rng.pick([missing, value("", "empty"), value("   ", "blank"), value("\u00a0\u3000\t\r\n", "unicode blank"), tooLong]);
    }
    case "mobile": {
      const v = rng.pick(INVALID_MOBILES);
      return rng.chance(0.15) ? rng.pick([missing, value("", "empty")]) : value(v, `= ${JSON.stringify(v)}`);
    }
    case "email": {
      const v = rng.pick(INVALID_EMAILS);
      if (def.required && rng.chance(0.2)) return rng.pick([missing, value("", "empty")]);
      return value(v, `= ${JSON.stringify(v)}`);
    }
    case "date": {
      const v = rng.chance(0.2) ? istDate(-rng.range(1, 4000)) : rng.pick(INVALID_DATES);
      return value(v, `= ${v}`);
    }
    case "enum": {
      if (rng.chance(0.2)) return rng.pick([missing, value("", "empty")]);
      const v = rng.pick(wrongEnumValues(def.values));
      return value(v, `= ${JSON.stringify(v)}`);
    }
    case "count": {
      if (def.required && rng.chance(0.2)) return rng.pick([missing, value("", "empty")]);
      const v = rng.pick(wrongCounts(def.max));
      return value(v, `= ${JSON.stringify(v)}`);
    }
    case "consent": {
      if (rng.chance(0.3)) return missing;
      const v = rng.pick(INVALID_CONSENT);
      return value(v, `= ${JSON.stringify(v)}`);
    }
    case "key": {
      const v = rng.pick([...INVALID_KEYS, `{${g.rng.uuid()}}`, `${g.rng.uuid()}x`, g.rng.uuid().replaceAll("-", "")]);
      return value(v, `= ${JSON.stringify(v)}`);
    }
  }
}

/** Every field can be made invalid (an optional free text by being too long). */
function breakable(g: Generator): Array<[string, Field]> {
  return Object.entries(g.spec.fields);
}

function textFields(spec: FormSpec): string[] {
  return Object.entries(spec.fields)
    .filter(([, def]) => def.kind === "text")
    .map(([field]) => field);
}

function requiredTextFields(spec: FormSpec): string[] {
  return Object.entries(spec.fields)
    .filter(([, def]) => def.kind === "text" && def.required)
    .map(([field]) => field);
}

function hugeString(rng: Rng): string {
  const size = rng.range(100 * 1024, 2 * 1024 * 1024);
  const unit = rng.pick(["A", "<", "'", "😀", "\u202e", "ä", "%", "&"]);
  return unit.repeat(Math.ceil(size / Buffer.byteLength(unit)));
}

// ── Encoding ─────────────────────────────────────────────────────────────────────────────────────

function percentEncode(value: string | Buffer): string {
  const bytes = typeof value === "string" ? Buffer.from(value, "utf8") : value;
  let out = "";
  for (const b of bytes) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9*\-._]/.test(c) ? c : b === 0x20 ? "+" : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

function urlencoded(parts: Part[]): Buffer {
  return Buffer.from(parts.map((p) => `${percentEncode(p.name)}=${percentEncode(p.value)}`).join("&"), "latin1");
}

function escapeHeaderValue(s: string): string {
  return s.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function multipart(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${escapeHeaderValue(p.name)}"`;
    if (p.filename !== undefined) head += `; filename="${escapeHeaderValue(p.filename)}"`;
    head += "\r\n";
    if (p.filename !== undefined) head += `Content-Type: ${p.type ?? "application/octet-stream"}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`, "utf8"), typeof p.value === "string" ? Buffer.from(p.value, "utf8") : p.value, Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function encode(g: Generator, parts: Part[], forceMultipart = false): { body: Buffer; headers: Record<string, string> } {
  const { rng, spec } = g;
  const hasFile = parts.some((p) => p.filename !== undefined);
  if (hasFile || forceMultipart || spec.multipartOnly || rng.chance(0.4)) {
    const boundary = rng.chance(0.5) ? `----WebKitFormBoundary${rng.bytes(8).toString("hex")}` : `fz-${rng.bytes(12).toString("base64url")}`;
    const type = rng.chance(0.2) ? `multipart/form-data; boundary="${boundary}"` : `multipart/form-data; boundary=${boundary}`;
    return { body: multipart(parts, boundary), headers: { "Content-Type": type } };
  }
  const type = rng.chance(0.2) ? "application/x-www-form-urlencoded; charset=UTF-8" : "application/x-www-form-urlencoded";
  return { body: urlencoded(parts), headers: { "Content-Type": type } };
}

/** The payload's parts in the order a browser sends them (sometimes shuffled: order must not matter). */
function assemble(g: Generator, values: Map<string, Part[]>, extras: Part[] = [], honeypot: Part[] | null = [{ name: "fax_number_2", value: "" }], form: Part[] | null = null): Part[] {
  const { rng, spec } = g;
  const formParts = form ?? (spec.form ? [{ name: "form", value: spec.form }] : []);
  // Shuffled by field, never within one: a repeated key keeps its order (first value first).
  const groups = [formParts, honeypot ?? [], ...values.values(), ...extras.map((e) => [e])];
  return (rng.chance(0.2) ? rng.shuffle(groups) : groups).flat();
}

type Category = "valid" | "either" | "field" | "formLevel" | "files" | "malformed" | "huge" | "wrongType" | "forbidden" | "socket" | "oversized";

/** Shares per 200 payloads. Huge strings cost the server most (it echoes them back): a small share. */
const WEIGHTS: Array<[Category, number]> = [
  ["valid", 40],
  ["either", 14],
  ["field", 86],
  ["formLevel", 10],
  ["files", 14],
  ["malformed", 14],
  ["huge", 4],
  ["wrongType", 14],
  ["forbidden", 2],
  ["socket", 2],
];

function pickCategory(rng: Rng): Category {
  const total = WEIGHTS.reduce((s, [, w]) => s + w, 0);
  let roll = rng.int(total);
  for (const [category, weight] of WEIGHTS) {
    if (roll < weight) return category;
    roll -= weight;
  }
  return "field";
}

function makeCase(g: Generator, n: number, forced?: Category): Case {
  const { rng, spec, files } = g;
  let category = forced ?? pickCategory(rng);
  if (category === "files" && !spec.file) category = "field";
  const ip = rng.ip();
  const repeatIp = rng.ip();
  const base = validBase(g);
  const values = base.values;
  const done = (
    c: Omit<Case, "n" | "ip" | "repeatIp" | "headers" | "body"> & { parts?: Part[]; body?: Buffer; headers?: Record<string, string>; forceMultipart?: boolean },
  ): Case => {
    const encoded = c.parts ? encode(g, c.parts, c.forceMultipart) : { body: c.body ?? Buffer.alloc(0), headers: c.headers ?? {} };
    const { parts: _parts, forceMultipart: _force, ...rest } = c;
    return { ...rest, n, ip, repeatIp, body: encoded.body, headers: encoded.headers };
  };
  const validExpect = { expectName: base.name, expectMobile: base.mobile, photos: base.photos };

  switch (category) {
    case "valid": {
      const variations: string[] = [];
      const extras: Part[] = [];
      if (rng.chance(0.3)) {
        const own = new Set([...Object.keys(spec.fields), "form", "fax_number_2", spec.file?.name ?? ""]);
        for (let i = rng.range(1, 5); i > 0; i--) {
          const [name, value] = rng.pick(EXTRA_FIELDS.filter(([k]) => !own.has(k)));
          extras.push({ name, value });
        }
        variations.push(`extra fields ${extras.map((e) => e.name).join(",")}`);
      }
      if (rng.chance(0.1)) {
        // The same value twice for one field: as valid as once.
        const field = rng.pick([...values.keys()].filter((k) => k !== "photos" && k !== "cv"));
        values.set(field, [...values.get(field)!, ...values.get(field)!]);
        variations.push(`${field} repeated with the same value`);
      }
      const chunked = rng.chance(0.1);
      if (chunked) variations.push("chunked");
      const repeat = rng.chance(0.05);
      if (repeat) variations.push("sent twice");
      return done({ label: `valid${variations.length ? ` (${variations.join("; ")})` : ""}`, outcome: "valid", parts: assemble(g, values, extras), chunked, repeat, ...validExpect });
    }

    case "either": {
      const roll = rng.int(9);
      if (roll === 0 || roll === 1) {
        const field = rng.chance(0.5) ? spec.nameField : rng.pick(textFields(spec));
        const def = spec.fields[field] as { max: number };
        let v = rng.pick(UNICODE_EITHER);
        if (typeof v === "string") v = fit(v, def.max);
        values.set(field, [{ name: field, value: v }]);
        return done({ label: `${field} = ${JSON.stringify(v.toString())} (control, bidi or invalid UTF-8)`, outcome: "either", parts: assemble(g, values), forceMultipart: rng.chance(0.5) });
      }
      if (roll === 2) {
        const n = freshMobile(g);
        const fullWidth = [...n].map((d) => String.fromCharCode(0xff10 + Number(d))).join("");
        const v = rng.pick([`${n.slice(0, 5)}\u0000${n.slice(5)}`, fullWidth, `0091 ${n}`, `91${n}`, `${n} ext. 12`, `+91 ${n}\u202e`, `(+91) ${n}`, `+91\u00a0${n}`, `+91 ${n}\u200b`, `-${n}`]);
        values.set(spec.mobileField, [{ name: spec.mobileField, value: v }]);
        return done({ label: `${spec.mobileField} = ${JSON.stringify(v)} (unusual but maybe readable)`, outcome: "either", parts: assemble(g, values) });
      }
      if (roll === 3) {
        // Repeated key: the first value is valid, the others hostile.
        const field = rng.pick([...values.keys()].filter((k) => k !== "photos" && k !== "cv"));
        values.set(field, [...values.get(field)!, { name: field, value: rng.pick([...SQL, ...XSS, "", "x".repeat(5000)]) }]);
        return done({ label: `${field} repeated: valid first, hostile second`, outcome: "either", parts: assemble(g, values) });
      }
      if (roll === 4) {
        const extras = rng.chance(0.5)
          ? [{ name: `junk${rng.int(1000)}`, value: hugeString(rng) }]
          : Array.from({ length: rng.range(2000, 8000) }, (_, i) => ({ name: `f${i}`, value: String(i) }));
        return done({ label: `unknown fields: ${extras.length === 1 ? `one of ${extras[0]!.value.length} characters` : `${extras.length} of them`}`, outcome: "either", parts: assemble(g, values, extras) });
      }
      if (roll === 5 && spec.fields.service) {
        const v = fit(rng.pick([...SQL, ...XSS, ...UNICODE_VALID, "Not in the catalogue"]), 120);
        values.set("service", [{ name: "service", value: v }]);
        return done({ label: `service = ${JSON.stringify(v)} (not a catalogue slug)`, outcome: "either", parts: assemble(g, values) });
      }
      if (roll === 6 && spec.file) {
        const list = values.get(spec.file.name) ?? [];
        if (list.length && list[0]!.filename) {
          list[0] = { ...list[0]!, filename: rng.pick(["../../../etc/passwd", "cv\u202efdp.exe", "a\u0000b.pdf", "x".repeat(500) + ".pdf", "<script>fzAlert(23)</script>.pdf", "CON", "", "\u00e9t\u00e9.jpg"]) };
          return done({ label: `hostile file name ${JSON.stringify(list[0]!.filename)}`, outcome: "either", parts: assemble(g, values), forceMultipart: true });
        }
      }
      if (roll === 7) {
        // A NUL in a value with rules of its own: refusing it and stripping it first are both fine.
        const [field, def] = rng.pick(Object.entries(spec.fields).filter(([, d]) => d.kind === "enum" || d.kind === "email" || d.kind === "consent"));
        const current = String(values.get(field)?.[0]?.value ?? (def.kind === "email" ? "ravi@example.com" : "yes"));
        const v = rng.chance(0.5) ? `${current}\u0000` : `${current.slice(0, 2)}\u0000${current.slice(2)}`;
        values.set(field, [{ name: field, value: v }]);
        return done({ label: `${field} = ${JSON.stringify(v)} (a NUL inside)`, outcome: "either", parts: assemble(g, values) });
      }
      // An optional text field sent as a file: the form reads no text for it.
      const optionalField = Object.entries(spec.fields).find(([, d]) => d.kind === "text" && !d.required)?.[0] ?? "email";
      values.set(optionalField, [{ name: optionalField, value: Buffer.from("file content"), filename: "x.txt", type: "text/plain" }]);
      return done({ label: `${optionalField} sent as a file`, outcome: "either", parts: assemble(g, values), forceMultipart: true });
    }

    case "field": {
      const candidates = rng.shuffle(breakable(g));
      const count = rng.chance(0.7) ? 1 : rng.range(2, 3);
      const labels: string[] = [];
      const chosen = candidates.slice(0, count);
      for (const [field, def] of chosen) {
        const broken = breakField(g, field, def)!;
        if (broken.parts) values.set(field, broken.parts);
        else values.delete(field);
        labels.push(broken.label);
      }
      return done({ label: labels.join("; "), outcome: "invalid", field: chosen.length === 1 ? chosen[0]![0] : undefined, parts: assemble(g, values) });
    }

    case "formLevel": {
      if (spec.form && rng.chance(0.5)) {
        // Another page's form (a form of this same page with these values is a different, maybe valid, post).
        const siblings = new Set(FORMS.filter((f) => f.path === spec.path).map((f) => f.form));
        const options = [...WRONG_FORMS, ...FORMS.map((f) => f.form).filter((f): f is string => f !== undefined && !siblings.has(f))];
        if (rng.chance(0.15)) return done({ label: "form field missing", outcome: "invalid", formLevel: true, parts: assemble(g, values, [], undefined, []) });
        const wrong = rng.pick(options);
        const form = rng.chance(0.2) ? [{ name: "form", value: wrong }, { name: "form", value: spec.form }] : [{ name: "form", value: wrong }];
        return done({ label: `form = ${JSON.stringify(wrong)}${form.length > 1 ? " (then the right one)" : ""}`, outcome: "invalid", formLevel: true, parts: assemble(g, values, [], undefined, form) });
      }
      const roll = rng.int(4);
      if (roll === 0) return done({ label: "honeypot missing", outcome: "invalid", formLevel: true, parts: assemble(g, values, [], null) });
      if (roll === 1) return done({ label: "honeypot sent as a file", outcome: "invalid", formLevel: true, parts: assemble(g, values, [], [{ name: "fax_number_2", value: Buffer.from(""), filename: "fax.txt", type: "text/plain" }]) });
      if (roll === 2) return done({ label: "honeypot filled, then empty", outcome: "invalid", formLevel: true, parts: assemble(g, values, [], [{ name: "fax_number_2", value: "x" }, { name: "fax_number_2", value: "" }]) });
      const v = rng.pick(INVALID_HONEYPOT);
      return done({ label: `honeypot = ${JSON.stringify(v)}`, outcome: "invalid", formLevel: true, parts: assemble(g, values, [], [{ name: "fax_number_2", value: v }]) });
    }

    case "files": {
      const file = spec.file!;
      const roll = rng.int(10);
      if (file.kind === "photo") {
        if (roll === 0) {
          const list = Array.from({ length: rng.range(6, 9) }, (_, i) => ({ name: "photos", value: files.png, filename: `p${i}.png`, type: "image/png" }));
          values.set("photos", list);
          return done({ label: `${list.length} photos`, outcome: "invalid", field: "photos", parts: assemble(g, values) });
        }
        if (roll === 1) {
          values.set("photos", [{ name: "photos", value: files.bigPhoto, filename: "big.png", type: "image/png" }]);
          return done({ label: "a photo over 10 MB", outcome: "invalid", field: "photos", parts: assemble(g, values) });
        }
        if (roll === 2) {
          values.set("photos", [{ name: "photos", value: "photo.jpg" }]);
          return done({ label: "photos sent as text, not a file", outcome: "either", parts: assemble(g, values), forceMultipart: true });
        }
        const bad = rng.pick(files.bad);
        const good = (values.get("photos") ?? []).filter((p) => p.value.length > 0).slice(0, rng.int(3));
        const list = rng.shuffle([...good, { name: "photos", value: bad.data, filename: bad.filename, type: bad.type }]);
        values.set("photos", list);
        return done({ label: `photos include ${bad.label}`, outcome: "invalid", field: "photos", parts: assemble(g, values) });
      }
      if (roll === 0) {
        values.delete("cv");
        return done({ label: "cv missing", outcome: "invalid", field: "cv", parts: assemble(g, values), forceMultipart: true });
      }
      if (roll === 1) {
        values.set("cv", [{ name: "cv", value: files.bigDoc, filename: "cv.pdf", type: "application/pdf" }]);
        return done({ label: "a CV over 5 MB", outcome: "invalid", field: "cv", parts: assemble(g, values) });
      }
      if (roll === 2) {
        values.set("cv", [{ name: "cv", value: "cv.pdf" }]);
        return done({ label: "cv sent as text, not a file", outcome: "invalid", field: "cv", parts: assemble(g, values), forceMultipart: true });
      }
      if (roll === 3) {
        values.set("cv", [{ name: "cv", value: Buffer.alloc(0), filename: "", type: "application/octet-stream" }]);
        return done({ label: "cv input left empty", outcome: "invalid", field: "cv", parts: assemble(g, values) });
      }
      const bad = rng.pick(files.badDocs);
      values.set("cv", [{ name: "cv", value: bad.data, filename: bad.filename, type: bad.type }]);
      return done({ label: `cv is ${bad.label}`, outcome: "invalid", field: "cv", parts: assemble(g, values) });
    }

    case "malformed": {
      const parts = assemble(g, values);
      const boundary = `fz${rng.bytes(6).toString("hex")}`;
      const good = multipart(parts, boundary);
      // Any message will do: a lenient parser may read part of it and name the missing fields instead.
      const invalid = (label: string, body: Buffer, headers: Record<string, string>) => done({ label: `malformed: ${label}`, outcome: "invalid", body, headers });
      switch (rng.int(14)) {
        case 0:
          return invalid("boundary differs from the header's", good, { "Content-Type": `multipart/form-data; boundary=${boundary}x` });
        case 1:
          return invalid("multipart without a boundary", good, { "Content-Type": "multipart/form-data" });
        case 2:
          return invalid("multipart cut short", good.subarray(0, rng.range(1, good.length - 8)), { "Content-Type": `multipart/form-data; boundary=${boundary}` });
        case 3:
          return invalid("multipart without its closing delimiter", good.subarray(0, good.length - `--${boundary}--\r\n`.length), { "Content-Type": `multipart/form-data; boundary=${boundary}` });
        case 4:
          return invalid("binary junk as multipart", rng.bytes(rng.range(1, 20000)), { "Content-Type": `multipart/form-data; boundary=${boundary}` });
        case 5:
          return invalid("a part without Content-Disposition", Buffer.from(good.toString("latin1").replace(/Content-Disposition: form-data; name="[^"]*"\r\n/, "X-Nothing: 1\r\n"), "latin1"), { "Content-Type": `multipart/form-data; boundary=${boundary}` });
        case 6:
          return invalid("multipart with bare LF line ends", Buffer.from(good.toString("latin1").replaceAll("\r\n", "\n"), "latin1"), { "Content-Type": `multipart/form-data; boundary=${boundary}` });
        case 7:
          return invalid("text/plain", Buffer.from(parts.map((p) => `${p.name}=${p.value.toString()}`).join("\r\n")), { "Content-Type": "text/plain" });
        case 8:
          return invalid("JSON", Buffer.from(JSON.stringify(Object.fromEntries(parts.map((p) => [p.name, p.value.toString()])))), { "Content-Type": "application/json" });
        case 9:
          return invalid("XML", Buffer.from(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><form><name>&e;</name></form>`), { "Content-Type": "application/xml" });
        case 10:
          return invalid("no Content-Type", urlencoded(parts), {});
        case 11:
          return invalid("binary junk as urlencoded", rng.bytes(rng.range(1, 20000)), { "Content-Type": "application/x-www-form-urlencoded" });
        case 12:
          return invalid("an image as the body", files.png, { "Content-Type": "image/png" });
        default:
          return invalid('multipart with boundary=""', good, { "Content-Type": 'multipart/form-data; boundary=""' });
      }
    }

    case "huge": {
      const roll = rng.int(3);
      if (roll === 0) {
        const field = rng.pick(requiredTextFields(spec));
        const v = hugeString(rng);
        values.set(field, [{ name: field, value: v }]);
        return done({ label: `${field} of ${v.length} characters`, outcome: "invalid", field, parts: assemble(g, values) });
      }
      if (roll === 1) {
        const v = "9".repeat(rng.range(100 * 1024, 1024 * 1024));
        values.set(spec.mobileField, [{ name: spec.mobileField, value: v }]);
        return done({ label: `${spec.mobileField} of ${v.length} digits`, outcome: "invalid", field: spec.mobileField, parts: assemble(g, values) });
      }
      const field = rng.pick(textFields(spec));
      const v = hugeString(rng);
      values.set(field, [{ name: field, value: v }]);
      return done({ label: `${field} of ${v.length} characters`, outcome: "invalid", field, parts: assemble(g, values) });
    }

    case "wrongType": {
      const roll = rng.int(4);
      const [field, def] = rng.pick(breakable(g));
      if (roll === 0) {
        // Repeated key, the first value invalid: arrays must not sneak a bad value past the check.
        const broken = breakField(g, field, def)!;
        const first = broken.parts?.[0] ?? { name: field, value: "" };
        if (broken.parts === undefined && !isRequired(def)) return makeCase(g, n, "field");
        values.set(field, [first, ...(values.get(field) ?? [{ name: field, value: "x" }])]);
        return done({ label: `${field} repeated: ${broken.label.replace(field, "first")}, then valid`, outcome: "invalid", field, parts: assemble(g, values) });
      }
      const required = Object.entries(spec.fields).filter(([, d]) => isRequired(d));
      const [reqField] = rng.pick(required);
      if (roll === 1) {
        values.set(reqField, [{ name: reqField, value: Buffer.from(String(values.get(reqField)?.[0]?.value ?? "x")), filename: "value.txt", type: "text/plain" }]);
        return done({ label: `${reqField} sent as a file`, outcome: "invalid", field: reqField, parts: assemble(g, values), forceMultipart: true });
      }
      if (roll === 2) {
        const value = values.get(reqField)?.[0]?.value ?? "x";
        values.delete(reqField);
        const name = rng.pick([`${reqField}[]`, `${reqField}[0]`, `${reqField}.0`, `${reqField.toUpperCase()}`, ` ${reqField}`]);
        return done({ label: `${reqField} sent as ${JSON.stringify(name)}`, outcome: "invalid", field: reqField, parts: assemble(g, values, [{ name, value }]) });
      }
      // Everything missing but one field.
      const keep = rng.pick([...values.keys()]);
      for (const k of [...values.keys()]) if (k !== keep) values.delete(k);
      return done({ label: `only ${keep} sent`, outcome: "invalid", parts: assemble(g, values) });
    }

    case "forbidden": {
      const origin = rng.pick(["https://evil.example", "null", "http://127.0.0.1.evil.example", "file://"]);
      const encoded = encode(g, assemble(g, values));
      return done({ label: `cross-site: Origin ${origin}`, outcome: "forbidden", body: encoded.body, headers: { ...encoded.headers, Origin: origin } });
    }

    case "socket": {
      const encoded = encode(g, assemble(g, values));
      const declared = encoded.body.length + rng.range(1, 100000);
      const sent = encoded.body.subarray(0, rng.int(encoded.body.length));
      const head = [`POST ${spec.path} HTTP/1.1`, "Host: HOST", "Origin: ORIGIN", `X-Forwarded-For: ${ip}`, ...Object.entries(encoded.headers).map(([k, v]) => `${k}: ${v}`), `Content-Length: ${declared}`, "", ""].join("\r\n");
      return done({ label: `connection closed after ${sent.length} of ${declared} declared bytes`, outcome: "socket", body: Buffer.alloc(0), headers: {}, raw: Buffer.concat([Buffer.from(head), sent]) });
    }

    case "oversized": {
      const chunked = rng.chance(0.5);
      const type = spec.multipartOnly || rng.chance(0.5) ? `multipart/form-data; boundary=fz` : "application/x-www-form-urlencoded";
      return done({ label: `a ${files.oversizedBody.length >> 20} MB body${chunked ? ", chunked" : ""}`, outcome: "invalid", tooLarge: true, body: files.oversizedBody, headers: { "Content-Type": type }, chunked });
    }
  }
}

function isRequired(def: Field): boolean {
  return def.kind === "mobile" || def.kind === "enum" || def.kind === "consent" || (("required" in def && def.required) as boolean);
}

function makeCases(spec: FormSpec, seed: number, files: Files): Case[] {
  const rng = new Rng(seed ^ hashString(spec.id));
  const g: Generator = { rng, spec, files, mobileBase: rng.int(1e9), mobileCount: 0 };
  // Every kind at least once, then the weighted mix.
  const preamble: Category[] = ["valid", "valid", "either", "field", "formLevel", "files", "malformed", "huge", "wrongType", "forbidden", "socket", "oversized"];
  const cases: Case[] = [];
  for (let n = 0; n < Math.max(PER_FORM, preamble.length); n++) cases.push(makeCase(g, n, preamble[n]));
  return cases;
}

// ── Sending ──────────────────────────────────────────────────────────────────────────────────────

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

// A connection per request: a kept-alive socket that the server closes as idle (5 s) just when it is
// reused would fail a request for a reason that has nothing to do with its payload.
const agent = new http.Agent({ keepAlive: false });

function send(base: URL, method: "GET" | "POST", target: string, headers: Record<string, string>, body?: Buffer, chunked = false): Promise<Reply> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      { host: base.hostname, port: base.port, method, path: target, agent, headers: { ...headers, ...(body && !chunked ? { "Content-Length": String(body.length) } : {}) } },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    // A server may answer (413) before the body is sent and close: writing then fails, which is fine.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (body && chunked) {
      for (let i = 0; i < body.length; i += 256 * 1024) req.write(body.subarray(i, i + 256 * 1024));
      req.end();
    } else req.end(body);
  });
}

/** Writes raw bytes, half-closes, and reads whatever comes back (perhaps nothing). */
function sendRaw(base: URL, raw: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(base.port), base.hostname);
    const chunks: Buffer[] = [];
    const finish = () => resolve(Buffer.concat(chunks).toString("latin1"));
    socket.setTimeout(3_000, () => socket.destroy());
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("close", finish);
    socket.on("error", () => undefined);
    socket.on("connect", () => {
      socket.write(Buffer.from(raw.toString("latin1").replace("Host: HOST", `Host: ${base.host}`).replace("Origin: ORIGIN", `Origin: ${base.origin}`), "latin1"));
      socket.end();
    });
  });
}

// ── Judging answers ──────────────────────────────────────────────────────────────────────────────

interface Message {
  id?: string;
  text: string;
}

const decode = (s: string) =>
  s
    .replace(/<[^>]*>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .trim();

/** The messages a page shows: form messages (role="alert") and field messages (id="<field>-error"), outside scripts. */
function shownMessages(html: string): Message[] {
  const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  const out: Message[] = [];
  for (const m of markup.matchAll(/<(\w+)\b[^>]*\brole="alert"[^>]*>([\s\S]*?)<\/\1>/g)) if (decode(m[2]!)) out.push({ text: decode(m[2]!) });
  for (const m of markup.matchAll(/<(\w+)\b[^>]*\bid="([^"]*)-error"[^>]*>([\s\S]*?)<\/\1>/g)) if (decode(m[3]!)) out.push({ id: m[2]!, text: decode(m[3]!) });
  return out;
}

function reflectedMarkup(body: string): string | undefined {
  return RAW_MARKERS.find((m) => body.includes(m));
}

const RECEIPT = /^\/thank-you\?ref=([A-Z]{2}-\d{4}-\d{4,})&sig=[\w-]+$/;

interface Accepted {
  ref: string;
  spec: string;
  outcome: "valid" | "either";
  n: number;
  name?: string;
  mobile?: string;
  photos?: number;
}

interface Problem {
  n: number;
  label: string;
  problem: string;
  preview: string;
}

function preview(c: Case): string {
  const body = c.raw ?? c.body;
  const text = body.subarray(0, 300).toString("latin1").replace(/[^\x20-\x7e]/g, (ch) => `\\x${ch.charCodeAt(0).toString(16).padStart(2, "0")}`);
  return `${c.headers["Content-Type"] ?? "(no Content-Type)"}${c.chunked ? " chunked" : ""}, ${body.length} bytes: ${text}${body.length > 300 ? "…" : ""}`;
}

async function runCase(base: URL, spec: FormSpec, c: Case, accepted: Accepted[]): Promise<string | undefined> {
  if (c.outcome === "socket") {
    const answer = await sendRaw(base, c.raw!);
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
    return status >= 500 ? `answered ${status} to a truncated body` : undefined;
  }
  const headers = { Origin: base.origin, "X-Forwarded-For": c.ip, ...c.headers };
  let reply: Reply | undefined;
  // A 413 is sent before the body has been read; the kernel may then reset the connection before the
  // client reads it. Try a few times to see the answer itself.
  for (let attempt = 0; attempt < (c.tooLarge ? 4 : 1) && !reply; attempt++) {
    try {
      reply = await send(base, "POST", spec.path, headers, c.body, c.chunked);
    } catch (error) {
      if (!c.tooLarge) return `no answer: ${(error as Error).message}`;
    }
  }
  if (!reply) return "no answer to an oversized body in 4 attempts (connection reset each time)";
  const { status } = reply;
  if (status >= 500) return `answered ${status}: ${reply.body.slice(0, 200)}`;

  const location = spec.json && status === 200 ? (JSON.parse(reply.body) as { location?: string }).location : reply.headers.location;
  const wasAccepted = spec.json ? status === 200 : status === 303;
  if (wasAccepted) {
    if (c.outcome !== "valid" && c.outcome !== "either") return `accepted a payload that is not valid (${status} to ${location})`;
    const match = RECEIPT.exec(location ?? "");
    if (!match) return `accepted, but the location is not a signed receipt: ${location}`;
    if (!match[1]!.startsWith(`${spec.refPrefix}-`)) return `accepted with reference ${match[1]}, expected ${spec.refPrefix}-…`;
    accepted.push({ ref: match[1]!, spec: spec.id, outcome: c.outcome, n: c.n, name: c.outcome === "valid" ? c.expectName : undefined, mobile: c.outcome === "valid" ? c.expectMobile : undefined, photos: c.outcome === "valid" ? c.photos : undefined });
    // The receipt shows what was sent (every other one is opened: each costs a page render).
    if (c.n % 2 === 0 || c.outcome === "either") {
      const receipt = await send(base, "GET", location!, { "X-Forwarded-For": c.ip });
      if (receipt.status !== 200 || !receipt.body.includes(match[1]!)) return `the receipt ${location} answered ${receipt.status} without its reference`;
      const reflected = reflectedMarkup(receipt.body);
      if (reflected) return `the receipt page shows ${JSON.stringify(reflected)} unescaped`;
    }
    if (c.repeat) {
      const again = await send(base, "POST", spec.path, { ...headers, "X-Forwarded-For": c.repeatIp }, c.body, c.chunked);
      const againLocation = spec.json && again.status === 200 ? (JSON.parse(again.body) as { location?: string }).location : again.headers.location;
      if (againLocation !== location) return `sent twice with the same key: ${again.status} ${againLocation ?? ""} instead of the same receipt ${location}`;
    }
    return undefined;
  }

  if (c.outcome === "valid") return `refused a valid payload: ${status} ${spec.json ? reply.body.slice(0, 300) : JSON.stringify(shownMessages(reply.body).map((m) => (m.id ? `${m.id}: ${m.text}` : m.text)))}`;
  if (c.outcome === "forbidden") return status === 403 ? undefined : `answered ${status} to a cross-site post, not 403`;
  if (status === 403) return "answered 403 to a same-origin post";
  if (status < 400 || status >= 500) return `answered ${status}`;
  if (status === 413) {
    if (!/too large/i.test(reply.body)) return `413 without a message: ${reply.body.slice(0, 100)}`;
    return c.tooLarge ? undefined : "413 for a body under the limit";
  }

  if (spec.json) {
    let failure: { errors?: Record<string, string>; values?: unknown };
    try {
      failure = JSON.parse(reply.body) as typeof failure;
    } catch {
      return `a ${status} answer that is not JSON: ${reply.body.slice(0, 100)}`;
    }
    const fieldMessages = Object.values(failure.errors ?? {}).filter((m) => typeof m === "string" && m.trim());
    if (fieldMessages.length === 0) return `a ${status} answer without a message: ${reply.body.slice(0, 200)}`;
    if (c.field && !c.formLevel && !failure.errors?.[c.field] && !(spec.hidden.includes(c.field) && failure.errors?.form)) return `no message for ${c.field}: ${reply.body.slice(0, 200)}`;
    return undefined;
  }
  const reflected = reflectedMarkup(reply.body);
  if (reflected) return `the ${status} page shows ${JSON.stringify(reflected)} unescaped`;
  const messages = shownMessages(reply.body);
  if (messages.length === 0) return `a ${status} page without any message (neither a form message nor a field message)`;
  if (c.formLevel && !messages.some((m) => !m.id)) return `a ${status} page without a form message: ${JSON.stringify(messages)}`;
  if (c.field && !c.formLevel) {
    const own = messages.some((m) => m.id === `${spec.prefix}${c.field}`) || (spec.hidden.includes(c.field) && messages.some((m) => !m.id));
    if (!own) return `no message for ${c.field}; shown: ${JSON.stringify(messages.map((m) => (m.id ? `${m.id}: ${m.text}` : m.text)))}`;
  }
  return undefined;
}

// ── The server and its database ──────────────────────────────────────────────────────────────────

interface Server extends RunningServer {
  base: URL;
}

async function startServer(dataDir: string, databaseUrl: string | undefined): Promise<Server> {
  // Every request carries its own X-Forwarded-For: the per-address limits apply per payload.
  const server = await startProductionServer(databaseUrl, { DATA_DIR: dataDir, TRUST_PROXY: "true" });
  return { ...server, base: new URL(server.baseUrl) };
}

interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

interface RequestRow {
  id: number;
  reference: string;
  kind: string;
  status: string;
  mobile: string;
  contact_name: string;
  urgency: string;
  preferred_date: string | null;
  photos: number;
  [column: string]: unknown;
}

interface MessageRow {
  id: number;
  reference: string;
  form: string;
  status: string;
  name: string;
  mobile: string | null;
  details: Record<string, unknown>;
  attachment_path: string | null;
  [column: string]: unknown;
}

async function maxIds(db: Queryable): Promise<{ requests: number; messages: number }> {
  const [r] = (await db.query<{ requests: number; messages: number }>("select (select coalesce(max(id), 0) from service_requests)::int as requests, (select coalesce(max(id), 0) from inbound_messages)::int as messages")).rows;
  return { requests: Number(r!.requests), messages: Number(r!.messages) };
}

function hasNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === "object") return Object.entries(value).some(([k, v]) => k.includes("\u0000") || hasNul(v));
  return false;
}

/**
 * What the database holds since the given ids must be exactly the accepted submissions, and well-formed:
 * normalised mobiles, no NUL, status "new", no field the form does not have, real dates.
 */
async function storedProblems(db: Queryable, since: { requests: number; messages: number }, accepted: Accepted[]): Promise<string[]> {
  const requests = (
    await db.query<RequestRow>(
      "select r.*, (select count(*) from request_photos p where p.request_id = r.id)::int as photos from service_requests r where r.id > $1 order by r.id",
      [since.requests],
    )
  ).rows;
  const messages = (await db.query<MessageRow>("select * from inbound_messages where id > $1 order by id", [since.messages])).rows;
  const problems: string[] = [];
  const byRef = new Map(accepted.map((a) => [a.ref, a]));
  const specs = new Map(FORMS.map((f) => [f.id, f]));
  const stored = new Set<string>();
  const expectedRefs = new Set(accepted.map((a) => a.ref));

  for (const row of [...requests, ...messages]) {
    stored.add(row.reference);
    const found = byRef.get(row.reference);
    if (!found) problems.push(`${row.reference}: stored, but no valid payload was accepted with this reference: ${JSON.stringify(row).slice(0, 300)}`);
    // A row nobody should have made is still checked, as the form it claims to come from.
    const a: Accepted = found ?? { ref: row.reference, spec: "", outcome: "either", n: -1 };
    const spec = specs.get(a.spec) ?? FORMS.find((f) => f.stored === ("kind" in row ? row.kind : (row as MessageRow).form) && f.table === ("kind" in row ? "service_requests" : "inbound_messages"));
    if (!spec) {
      problems.push(`${row.reference}: from no known form`);
      continue;
    }
    const at = a.n >= 0 ? ` (case ${a.n})` : "";
    if (typeof row.mobile !== "string" || !/^\+91[6-9]\d{9}$/.test(row.mobile)) problems.push(`${row.reference}: mobile ${JSON.stringify(row.mobile)} is not +91 and ten digits`);
    if (hasNul(row)) problems.push(`${row.reference}: a stored value contains NUL`);
    if (row.status !== "new") problems.push(`${row.reference}: status ${JSON.stringify(row.status)} instead of "new"`);
    if (a.mobile && row.mobile !== a.mobile) problems.push(`${row.reference}: mobile ${row.mobile}, sent ${a.mobile}${at}`);
    const name = "contact_name" in row ? row.contact_name : (row as MessageRow).name;
    if (a.name !== undefined && name !== a.name) problems.push(`${row.reference}: name ${JSON.stringify(name)}, sent ${JSON.stringify(a.name)}${at}`);
    if ("kind" in row && "urgency" in row) {
      const r = row as RequestRow;
      if (spec.table !== "service_requests" || r.kind !== spec.stored) problems.push(`${r.reference}: kind ${r.kind}, from ${spec.id}`);
      if (!(URGENCY as readonly string[]).includes(r.urgency)) problems.push(`${r.reference}: urgency ${JSON.stringify(r.urgency)}`);
      if (r.preferred_date !== null && !isRealFutureDate(r.preferred_date)) problems.push(`${r.reference}: preferred date ${JSON.stringify(r.preferred_date)} is not a real date${at}`);
      if (a.photos !== undefined && Number(r.photos) !== a.photos) problems.push(`${r.reference}: ${r.photos} photos stored, ${a.photos} sent${at}`);
    } else {
      const m = row as MessageRow;
      if (spec.table !== "inbound_messages" || m.form !== spec.stored) problems.push(`${m.reference}: form ${m.form}, from ${spec.id}`);
      const own = new Set(Object.keys(spec.fields).filter((f) => !SHARED_COLUMNS.includes(f) && f !== "consent" && f !== "idempotencyKey"));
      const details = typeof m.details === "string" ? (JSON.parse(m.details) as Record<string, unknown>) : m.details;
      for (const [k, v] of Object.entries(details ?? {})) {
        if (!own.has(k)) problems.push(`${m.reference}: details has ${JSON.stringify(k)}, not a field of ${spec.stored}`);
        if (typeof v !== "string") problems.push(`${m.reference}: details.${k} is ${typeof v}`);
      }
      if (spec.file?.kind === "doc" && !m.attachment_path) problems.push(`${m.reference}: no CV stored`);
    }
  }
  for (const ref of expectedRefs) if (!stored.has(ref)) problems.push(`${ref}: accepted (case ${byRef.get(ref)!.n}) but not stored`);
  if (requests.length + messages.length !== expectedRefs.size) {
    problems.push(`${requests.length + messages.length} rows stored, ${expectedRefs.size} submissions accepted`);
  }
  return problems;
}

// ── The tests ────────────────────────────────────────────────────────────────────────────────────

const adminUrl = process.env.TEST_DATABASE_URL || undefined;

let server: Server | undefined;
let dataDir = "";
let databaseName = "";
let databaseUrl: string | undefined;
let db: pg.Client | undefined;
let files: Files;
/** Everything accepted in this worker (the PGlite check runs once, after the server has stopped). */
const acceptedHere: Accepted[] = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  if (!adminUrl && process.env.CI === "true") throw new Error("CI must provide TEST_DATABASE_URL: the fuzz checks run on PostgreSQL there");
  files = await makeFiles();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forms-fuzz-"));
  if (adminUrl) {
    databaseName = `fuzz_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${databaseName}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  server = await startServer(dataDir, databaseUrl);
  if (databaseUrl) {
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  }
});

test.afterAll(async () => {
  test.setTimeout(120_000);
  await server?.stop();
  const problems: string[] = [];
  if (db) {
    await db.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await admin.end();
  } else if (server) {
    // PGlite: one process per data dir. The server has stopped (its lock is gone); now this process reads it.
    expect(fs.existsSync(path.join(dataDir, ".lock")), "the server left its data-dir lock behind").toBe(false);
    const { PGlite } = await import("@electric-sql/pglite");
    const lite = await PGlite.create(path.join(dataDir, "pglite"));
    try {
      problems.push(...(await storedProblems(lite, { requests: 0, messages: 0 }, acceptedHere)));
    } finally {
      await lite.close();
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  expect(problems, `Stored rows (PGlite, seed ${SEED}):\n${problems.slice(0, 30).join("\n")}`).toEqual([]);
});

for (const spec of FORMS) {
  test(`${spec.id}: ${PER_FORM} hostile payloads, nothing malformed stored`, async () => {
    test.setTimeout(600_000);
    const seedNote = `FUZZ_SEED=${SEED} (${spec.id})`;
    console.log(`forms-fuzz ${seedNote}`);
    test.info().annotations.push({ type: "seed", description: seedNote });
    const base = server!.base;

    // The page must answer, and show no message before anything is sent (or the message checks mean nothing).
    const page = await send(base, "GET", spec.page, {});
    expect(page.status, `GET ${spec.page}`).toBe(200);
    expect(shownMessages(page.body), `${spec.page} shows messages before any post`).toEqual([]);

    const since = db ? await maxIds(db) : undefined;
    const only = process.env.FUZZ_ONLY ? new Set(process.env.FUZZ_ONLY.split(",").map(Number)) : undefined;
    const cases = makeCases(spec, SEED, files).filter((c) => !only || only.has(c.n));
    const accepted: Accepted[] = [];
    const problems: Problem[] = [];
    const statuses = new Map<string, number>();
    let next = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < cases.length) {
          const c = cases[next++]!;
          let problem: string | undefined;
          try {
            problem = await runCase(base, spec, c, accepted);
          } catch (error) {
            problem = `test error: ${(error as Error).message}`;
          }
          statuses.set(c.outcome, (statuses.get(c.outcome) ?? 0) + 1);
          if (problem) problems.push({ n: c.n, label: c.label, problem, preview: preview(c) });
        }
      }),
    );
    acceptedHere.push(...accepted);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const summary = `${cases.length} payloads in ${seconds} s (${[...statuses].map(([k, v]) => `${k} ${v}`).join(", ")}), ${accepted.length} accepted, ${problems.length} problems`;
    console.log(`forms-fuzz ${spec.id}: ${summary}`);
    test.info().annotations.push({ type: "result", description: summary });

    // Still healthy: alive, answering, and the form's page still renders.
    expect(server!.running(), `the server exited:\n${server!.output()}`).toBe(true);
    expect((await send(base, "GET", "/robots.txt", {})).status).toBe(200);
    expect((await send(base, "GET", spec.page, {})).status).toBe(200);

    problems.sort((a, b) => a.n - b.n);
    const byKind = new Map<string, Problem[]>();
    for (const p of problems) {
      const kind = `${p.problem.replace(/\d+/g, "N").slice(0, 60)} | ${p.label.replace(/ (=|of|over|repeated|sent|include|is) .*| \(.*/, "")}`;
      byKind.set(kind, [...(byKind.get(kind) ?? []), p]);
    }
    const report = [...byKind.values()]
      .slice(0, 40)
      .map((list) => `${list.length} x ${list[0]!.problem}\n    e.g. case ${list[0]!.n}: ${list[0]!.label}\n    ${list[0]!.preview}\n    (cases ${list.slice(0, 12).map((p) => p.n).join(", ")}${list.length > 12 ? ", …" : ""})`)
      .join("\n");
    const again = `FUZZ_SEED=${SEED} FUZZ_ONLY=<case numbers> npx playwright test --project=server tests/e2e/forms-fuzz.spec.ts -g '${spec.id.replace(/[()?]/g, ".")}'`;
    expect.soft(problems.length, `${seedNote}: answers that break the rules (again: ${again}):\n${report}`).toBe(0);

    if (db && since) {
      const stored = await storedProblems(db, since, accepted);
      expect.soft(stored, `${seedNote}: stored rows:\n${stored.slice(0, 30).join("\n")}`).toEqual([]);
    }
  });
}
