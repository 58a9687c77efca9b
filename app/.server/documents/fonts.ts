import fs from "node:fs";
import { createRequire } from "node:module";
import { inflateSync } from "node:zlib";
import * as fontkit from "fontkit";

/**
 * The fonts of the PDFs: Noto Sans, which prints the rupee sign (U+20B9) and, with Noto Sans Telugu, the
 * names customers type in Telugu and Devanagari. From the @fontsource packages (OFL), which ship each script
 * as its own subset file (WOFF, unwrapped here to TrueType once; pdfkit embeds the glyphs a document uses):
 * Latin, Latin Extended (₹ is there, and accented names), Devanagari (the Noto Sans file) and Telugu.
 *
 * pdfkit draws a run of text in one font and has no fallback, so text is cut into runs, each in the first
 * face that has its characters (runsOf): a space stays in the run it is in, so a Telugu or Devanagari
 * name is shaped as one run (fontkit applies the script's OpenType shaping, conjuncts and vowel
 * signs included). A character no face has prints as "?".
 */

export type FontWeight = "regular" | "bold";

const FACES = [
  { key: "latin", pkg: "@fontsource/noto-sans", file: "noto-sans-latin-{w}-normal.woff" },
  { key: "latin-ext", pkg: "@fontsource/noto-sans", file: "noto-sans-latin-ext-{w}-normal.woff" },
  { key: "devanagari", pkg: "@fontsource/noto-sans", file: "noto-sans-devanagari-{w}-normal.woff" },
  { key: "telugu", pkg: "@fontsource/noto-sans-telugu", file: "noto-sans-telugu-telugu-{w}-normal.woff" },
] as const;
type FaceKey = (typeof FACES)[number]["key"];

/**
 * A WOFF 1.0 file as the plain TrueType (sfnt) it wraps, each table inflated once at start-up: fontkit
 * reads WOFF itself but inflates a table on every read, and fails to subset WOFF2.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString("latin1", 0, 4) !== "wOFF") throw new Error("not a WOFF file");
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return { tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data: compLength < origLength ? inflateSync(raw) : raw };
  });
  const header = Buffer.alloc(12 + numTables * 16);
  woff.copy(header, 0, 4, 8); // the flavor: 0x00010000 for TrueType outlines
  header.writeUInt16BE(numTables, 4);
  const power = 2 ** Math.floor(Math.log2(numTables));
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(numTables * 16 - power * 16, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    table.tag.copy(header, at);
    header.writeUInt32BE(table.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}

interface Face {
  /** The name it is registered under in a pdfkit document. */
  name: string;
  /**
   * The font, parsed once and shared by every document (pdfkit takes a fontkit font as well as a file, and
   * only reads it: each document makes its own subset). Parsing the faces for each document, their
   * shaping tables included, cost more than drawing the whole invoice.
   */
  font: fontkit.Font;
  has: (codePoint: number) => boolean;
}

let loaded: Record<FontWeight, Face[]> | undefined;

function load(): Record<FontWeight, Face[]> {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const faces = (weight: FontWeight) =>
    FACES.map(({ key, pkg, file }) => {
      const data = woffToSfnt(fs.readFileSync(require.resolve(`${pkg}/files/${file.replace("{w}", weight === "bold" ? "700" : "400")}`)));
      const font = fontkit.create(data) as fontkit.Font;
      const known = new Map<number, boolean>();
      const has = (cp: number) => {
        let found = known.get(cp);
        if (found === undefined) known.set(cp, (found = font.hasGlyphForCodePoint(cp)));
        return found;
      };
      return { name: `noto-${key}-${weight}`, font, has } satisfies Face;
    });
  loaded = { regular: faces("regular"), bold: faces("bold") };
  return loaded;
}

/** Registers every face with a pdfkit document (pdfkit embeds only the faces and glyphs a page uses). */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  const all = load();
  for (const face of [...all.regular, ...all.bold]) doc.registerFont(face.name, face.font as unknown as Buffer);
}

/** The name of the Latin face of a weight: what plain text is set in. */
export function baseFont(weight: FontWeight): string {
  return load()[weight][0]!.name;
}

export interface TextRun {
  font: string;
  text: string;
  face: FaceKey;
}

// Marks and joiners belong to the character before them, and a space to the run it is in (every subset has
// one), so a name in Telugu is one run, shaped as a whole.
const MARK = /\p{M}/u;
const joinsPrevious = (ch: string) => MARK.test(ch) || ch === "\u200c" || ch === "\u200d" || ch === " " || ch === "\u00a0";

/** The text cut into runs, each in the first face that has its characters. */
export function runsOf(text: string, weight: FontWeight): TextRun[] {
  const faces = load()[weight];
  const runs: TextRun[] = [];
  let current: { face: Face; index: number; text: string } | undefined;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (current && (current.face.has(cp) || joinsPrevious(ch) || ch === "\n")) {
      current.text += ch;
      continue;
    }
    const index = faces.findIndex((f) => f.has(cp));
    const face = faces[index === -1 ? 0 : index]!;
    const out = index === -1 ? "?" : ch;
    if (current && current.face === face) current.text += out;
    else {
      if (current) runs.push({ font: current.face.name, text: current.text, face: FACES[current.index]!.key });
      current = { face, index: index === -1 ? 0 : index, text: out };
    }
  }
  if (current) runs.push({ font: current.face.name, text: current.text, face: FACES[current.index]!.key });
  return runs;
}

/**
 * Shaping a word (fontkit's layout, kerning and the scripts' substitutions) is most of a document's cost,
 * and pdfkit keeps the shaped words per document only (EmbeddedFont.layoutCache: the glyphs and positions
 * of a word, the same in every document). They are shared here between documents, per face, and dropped
 * every LAYOUT_CACHE_DOCUMENTS documents so that names and descriptions do not pile up.
 */
const LAYOUT_CACHE_DOCUMENTS = 500;
const layoutCaches = new Map<string, Record<string, unknown>>();
let documents = 0;

function shareLayouts(doc: PDFKit.PDFDocument, name: string): PDFKit.PDFDocument {
  const font = (doc as unknown as { _font?: { layoutCache?: Record<string, unknown> } })._font;
  if (font?.layoutCache) {
    let shared = layoutCaches.get(name);
    if (!shared) layoutCaches.set(name, (shared = font.layoutCache));
    font.layoutCache = shared;
  }
  return doc;
}

/** The names to pass to doc.font() once setUpDocumentFonts() has run: the Latin face of each weight. */
export const FONT = { regular: "noto-latin-regular", bold: "noto-latin-bold" } as const;

type TextOptions = PDFKit.Mixins.TextOptions;

/**
 * Readies a new pdfkit document for drawing: collects its bytes and sets its fonts up. The promise gives the
 * whole file once the caller has drawn it and called doc.end().
 */
export function preparePdf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  setUpDocumentFonts(doc);
  return done;
}

/**
 * Sets a pdfkit document up for the fonts above: registers the faces, and makes doc.text() and
 * doc.heightOfString() handle each run of a text in the face that has its script (in the weight of the font
 * last chosen with doc.font(FONT...)). The layout code keeps calling doc.font(FONT.bold).text(...) as with
 * one font:
 * - a text of one run (nearly all) goes to pdfkit as it is;
 * - a mixed text ("₹1,200.00", "Ravi రవి") is broken into lines here, word by word, each word measured in
 *   its own faces, and each line drawn run by run at its alignment; heightOfString() breaks it the same way,
 *   so a table row is as tall as its text.
 */
export function setUpDocumentFonts(doc: PDFKit.PDFDocument): void {
  registerFonts(doc);
  if (++documents % LAYOUT_CACHE_DOCUMENTS === 0) layoutCaches.clear();
  const plainText = doc.text.bind(doc) as (text: string, x?: number, y?: number, options?: TextOptions) => PDFKit.PDFDocument;
  const plainHeight = doc.heightOfString.bind(doc) as (text: string, options?: TextOptions) => number;
  const boundFont = doc.font.bind(doc) as (name: string) => PDFKit.PDFDocument;
  const plainFont = (name: string) => shareLayouts(boundFont(name), name);
  let weight: FontWeight = "regular";
  doc.font = ((name: string) => {
    weight = name.endsWith("-bold") ? "bold" : "regular";
    return shareLayouts(plainFont(name), name);
  }) as typeof doc.font;

  const widthOfRuns = (runs: TextRun[]) => runs.reduce((sum, run) => sum + plainFont(run.font).widthOfString(run.text), 0);
  const heightOfRuns = (runs: TextRun[], lineGap: number) => Math.max(...runs.map((run) => plainFont(run.font).currentLineHeight(true))) + lineGap;

  /** The text's lines, each as runs: words kept whole where they fit, a word wider than a line cut. */
  function linesOf(text: string, width: number | undefined): TextRun[][] {
    const lines: TextRun[][] = [];
    for (const paragraph of text.split("\n")) {
      if (width === undefined) {
        lines.push(runsOf(paragraph, weight));
        continue;
      }
      let line = "";
      for (const word of paragraph.split(/(?<= )/)) {
        const candidate = line + word;
        if (!line || widthOfRuns(runsOf(candidate.trimEnd(), weight)) <= width) {
          line = candidate;
          continue;
        }
        lines.push(runsOf(line.trimEnd(), weight));
        line = word;
      }
      // A word longer than the line: cut it where it stops fitting.
      while (line && widthOfRuns(runsOf(line.trimEnd(), weight)) > width && [...line].length > 1) {
        const chars = [...line];
        let cut = chars.length - 1;
        while (cut > 1 && widthOfRuns(runsOf(chars.slice(0, cut).join(""), weight)) > width) cut--;
        lines.push(runsOf(chars.slice(0, cut).join(""), weight));
        line = chars.slice(cut).join("");
      }
      lines.push(runsOf(line.trimEnd(), weight));
    }
    return lines.filter((runs, i) => runs.length > 0 || i < lines.length - 1).map((runs) => (runs.length ? runs : [{ font: baseFont(weight), text: "", face: "latin" as const }]));
  }

  const mixed = (runs: TextRun[]) => runs.length > 1 || (runs.length === 1 && runs[0]!.font !== baseFont(weight));

  doc.heightOfString = ((value: string, options?: TextOptions) => {
    const runs = runsOf(String(value ?? ""), weight);
    const base = baseFont(weight);
    if (!mixed(runs)) return plainHeight(String(value ?? ""), options);
    const height = linesOf(String(value), options?.width).reduce((sum, line) => sum + heightOfRuns(line, options?.lineGap ?? 0), 0);
    plainFont(base);
    return height;
  }) as typeof doc.heightOfString;

  doc.text = ((value: string, x?: number | TextOptions, y?: number, options?: TextOptions) => {
    if (typeof x === "object") {
      options = x;
      x = undefined;
      y = undefined;
    }
    const text = String(value ?? "");
    const runs = runsOf(text, weight);
    const base = baseFont(weight);
    if (!mixed(runs)) {
      // pdfkit reads text(text, options) when x is left out: an undefined x would drop the options.
      if (x === undefined) (plainText as unknown as (text: string, options?: TextOptions) => PDFKit.PDFDocument)(text, options);
      else plainText(text, x, y, options);
      return plainFont(base);
    }
    const left = x ?? doc.x;
    let top = y ?? doc.y;
    const width = options?.width;
    const align = options?.align ?? "left";
    for (const line of linesOf(text, width)) {
      const total = widthOfRuns(line);
      let cursor = width === undefined || align === "left" || align === "justify" ? left : align === "right" ? left + width - total : left + (width - total) / 2;
      const height = heightOfRuns(line, options?.lineGap ?? 0);
      for (const run of line) {
        plainFont(run.font);
        // Shaped Indic text is drawn in glyph order (a short-i sign before its consonant): the run's own
        // characters ride along as ActualText, so copying or searching the PDF gives the text as typed.
        const shaped = run.face === "devanagari" || run.face === "telugu";
        if (shaped) doc.markContent("Span", { actual: run.text });
        plainText(run.text, cursor, top, { lineBreak: false });
        if (shaped) doc.endMarkedContent();
        cursor += doc.widthOfString(run.text);
      }
      top += height;
    }
    doc.x = left;
    doc.y = top;
    return plainFont(base);
  }) as typeof doc.text;
}
