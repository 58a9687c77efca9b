/**
 * Descriptions of the HSN/SAC codes this business uses, as the GST HSN master and the Scheme of
 * Classification of Services word them, for the HSN summary (GSTR-1 table 12). Since May 2025 the portal
 * fills the description from its master; the file still carries one so the accountant can read it.
 *
 * Looked up by the longest known prefix (8, 6, then 4 digits): 85049090 falls back to 8504's heading.
 */
const DESCRIPTIONS: Record<string, string> = {
  // Services: SAC heading 9987, maintenance, repair and installation.
  "9987": "Maintenance, repair and installation (except construction) services",
  "998711": "Maintenance and repair services of fabricated metal products, except machinery and equipment",
  "998712": "Maintenance and repair services of office and accounting machinery",
  "998713": "Maintenance and repair services of computers and peripheral equipment",
  "998714": "Maintenance and repair services of transport machinery and equipment",
  "998715": "Maintenance and repair services of electrical household appliances",
  "998716": "Maintenance and repair services of telecommunication equipments and apparatus",
  "998717": "Maintenance and repair services of elevators and escalators",
  "998718": "Maintenance and repair services of commercial and industrial machinery",
  "998719": "Maintenance and repair services of other machinery and equipments",
  // Goods: the electrical and automation parts a repair shop sells.
  "8501": "Electric motors and generators (excluding generating sets)",
  "8503": "Parts of electric motors and generators",
  "8504": "Electrical transformers, static converters (for example, rectifiers) and inductors",
  "8532": "Electrical capacitors, fixed, variable or adjustable (pre-set)",
  "8536": "Electrical apparatus for switching or protecting electrical circuits, for a voltage not exceeding 1,000 volts",
  "8537": "Boards, panels, consoles, desks, cabinets and other bases, equipped with apparatus for electric control",
  "8538": "Parts of electrical switching and control apparatus",
  "8541": "Diodes, transistors and similar semiconductor devices",
  "8542": "Electronic integrated circuits",
  "8544": "Insulated wire, cable and other insulated electric conductors",
  "9032": "Automatic regulating or controlling instruments and apparatus",
};

/** The code's description, or null when the code is not known here. */
export function hsnDescription(code: string): string | null {
  for (const length of [8, 6, 4]) {
    if (code.length < length) continue;
    const found = DESCRIPTIONS[code.slice(0, length)];
    if (found) return found;
  }
  return null;
}

/** A fallback from a line's own words: whole words only, never cut mid-word. */
export function shortDescription(text: string, max = 30): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1);
  const space = cut.lastIndexOf(" ");
  return (space > 0 ? cut.slice(0, space) : clean.slice(0, max)).replace(/[\s,;:.-]+$/, "");
}
