import { sql } from "drizzle-orm";
import type { ContentKind } from "~/.server/content/schemas.ts";
import { pathOf, toPrefixQuery } from "~/.server/content/search.ts";
import { getDb } from "~/.server/db/index.ts";
import { lookupFaultCode } from "~/.server/technical-library/lookup.ts";
import { searchSite } from "~/lib/search-index.ts";
import type { ChatAnswer } from "~/lib/chat.ts";

/**
 * The chat assistant's answers (issue 12 §6): built in, no outside service. It answers from the site's own
 * content: a drive fault code typed as the keypad shows it (exact, from the fault tables), the calculators
 * (by name), then the site's full-text search over services, FAQ, fault tables and articles, ranked across
 * kinds. Each answer has a title, a short snippet and the page to read more.
 */

export const MAX_CHAT_QUERY = 200;
const MAX_ANSWERS = 4;
const SNIPPET = 220;

function clip(text: string, max = SNIPPET): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

const CALCULATORS: Array<{ id: string; title: string; words: string[] }> = [
  { id: "motor-current", title: "Motor full-load current calculator", words: ["motor current", "full load", "full-load", "flc", "amps", "ampere"] },
  { id: "kw-to-hp", title: "kW to HP calculator", words: ["kw to hp", "kw hp", "kilowatt", "horsepower"] },
  { id: "hp-to-kw", title: "HP to kW calculator", words: ["hp to kw", "hp kw", "horsepower"] },
  { id: "capacitor-kvar", title: "Capacitor kVAR calculator for power-factor correction", words: ["kvar", "capacitor", "power factor", "apfc"] },
  { id: "voltage-drop", title: "Cable voltage drop calculator", words: ["voltage drop", "cable size", "cable sizing", "cable drop"] },
];

function calculatorAnswers(q: string): ChatAnswer[] {
  const text = q.toLowerCase();
  const asksCalculator = /\bcalculat|\bformula|\bconvert/.test(text);
  return CALCULATORS.filter((c) => c.words.some((w) => text.includes(w)) || (asksCalculator && text.includes(c.id.split("-")[0]!))).map(
    (c) => ({
      kind: "calculator",
      title: c.title,
      snippet: "Work it out on our technical data page: enter your figures and it shows the result with the formula.",
      path: `/technical-data#${c.id}`,
    }),
  );
}

const KIND_LABEL: Partial<Record<ContentKind, ChatAnswer["kind"]>> = {
  service: "service",
  "future-service": "service",
  faq: "faq",
  article: "article",
  "fault-table": "fault-code",
  "case-study": "article",
  product: "page",
  page: "page",
  course: "page",
  place: "page",
  project: "page",
  career: "page",
};

/** The site's full-text search (content_entries.search), ranked across every kind. */
async function contentAnswers(q: string, limit: number): Promise<ChatAnswer[]> {
  const tsquery = toPrefixQuery(q);
  if (!tsquery) return [];
  // Ranked and cut first, then ts_headline (the costly part: it re-parses a whole body) only for the few rows
  // kept, and only where the summary will not do (an FAQ's answer is its body).
  const rows = (await getDb().execute(sql`
    select kind, slug, title, summary, data,
           case when kind = 'faq' or summary = '' then
             ts_headline('english', body, to_tsquery('english', ${tsquery}),
                         'StartSel="", StopSel="", MaxWords=35, MinWords=15, MaxFragments=1')
           else '' end as headline
    from (
      -- pathOf needs only these two fields; a fault table's whole data (every code) is far too much to fetch.
      select kind, slug, title, summary, jsonb_build_object('brand', data->'brand', 'servicePaths', data->'servicePaths') as data, body
      from content_entries
      where search @@ to_tsquery('english', ${tsquery}) and status = 'published' and kind <> 'city-service' and not (kind = 'service' and data->>'shown' = 'false') and not (kind = 'fault-table' and data->>'public' = 'false')
      order by ts_rank(search, to_tsquery('english', ${tsquery})) desc, position
      limit ${limit * 2}
    ) ranked
  `)) as unknown as {
    rows: Array<{ kind: ContentKind; slug: string; title: string; summary: string; data: Record<string, unknown>; headline: string }>;
  };
  const answers: ChatAnswer[] = [];
  for (const row of rows.rows) {
    const path = pathOf(row.kind, row.slug, row.data);
    const kind = KIND_LABEL[row.kind];
    if (!path || !kind) continue;
    // An FAQ's answer is its body: the best snippet there is the start of the answer itself.
    const snippet = row.kind === "faq" ? row.headline || row.summary : row.summary || row.headline;
    answers.push({ kind, title: row.title, snippet: clip(snippet.replace(/[#*_`|>]+/g, " ")), path });
  }
  return answers;
}

/** The best few answers to a visitor's question, best first; none when nothing on the site matches. */
export async function answerQuestion(question: string): Promise<ChatAnswer[]> {
  const q = question.trim().slice(0, MAX_CHAT_QUERY);
  if (!q) return [];
  const answers: ChatAnswer[] = [];
  const seenCodes = new Set<string>();
  for (const word of q.split(/[\s,;]+/)) {
    const key = word.toLowerCase().replace(/^[("'[]+|[)"'\].?!:]+$/g, "");
    if (!key || seenCodes.has(key)) continue;
    seenCodes.add(key);
    // The same records as /technical-data, the quote's lookup and the technician's library (the public ones).
    for (const hit of await lookupFaultCode(key, "public")) {
      answers.push({
        kind: "fault-code",
        title: `${hit.brand} ${hit.code}: ${hit.name}`,
        snippet: clip(`${hit.series}. Causes: ${hit.causes}`),
        path: `/technical-data?${new URLSearchParams({ brand: hit.brand, q: hit.code }).toString()}#fault-codes`,
      });
    }
  }
  answers.push(...calculatorAnswers(q));
  if (answers.length < MAX_ANSWERS) answers.push(...(await contentAnswers(q, MAX_ANSWERS)));
  // The header's index knows the pages that are not content entries (contact, request, the forum).
  if (answers.length < MAX_ANSWERS) {
    for (const group of searchSite(q)) {
      if (group.category === "Pages" || group.category === "Community") {
        for (const e of group.entries) answers.push({ kind: "page", title: e.title, snippet: "", path: e.path });
      }
    }
  }
  const seen = new Set<string>();
  return answers
    .filter((a) => {
      const key = `${a.path}|${a.title}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_ANSWERS);
}
