/**
 * The header search's fixed index (spec section 2, "Site search box"). It is loaded on first focus of the
 * search box, not with the page, so it costs the first paint nothing.
 */
export interface SearchEntry {
  title: string;
  path: string;
  category: SearchCategory;
  keywords: string[];
}

export const SEARCH_CATEGORIES = [
  "Pages",
  "Service Area",
  "Services",
  "Resources",
  "Blog",
  "Products",
  "Projects",
  "Company",
  "Support",
  "Community",
  "Technician",
  "Legal",
] as const;
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];

export const MAX_RESULTS_PER_GROUP = 8;

const services: Array<[slug: string, title: string, keywords: string]> = [
  ["247-emergency-service", "24/7 Emergency Service", "breakdown urgent emergency night plant down"],
  ["vfd-drive-repair", "VFD Drive Repair", "variable frequency drive inverter ac drive fault repair"],
  ["plc-repair-programming", "PLC Repair & Programming", "plc programming siemens allen-bradley ladder logic"],
  ["servo-drive-repair", "Servo Drive Repair", "servo amplifier motor encoder cnc axis"],
  ["dc-drive-repair", "DC Drive Repair", "dc drive thyristor armature field"],
  ["hmi-touch-panel", "HMI Touch Panel Repair", "hmi touch screen operator panel display"],
  ["industrial-ups", "Industrial UPS Service", "ups battery inverter backup power"],
  ["cncvmc-repair", "CNC/VMC Repair", "cnc vmc machining centre fanuc siemens controller"],
  ["amc-bronze", "AMC Bronze Plan", "annual maintenance contract amc bronze"],
  ["amc-silver", "AMC Silver Plan", "annual maintenance contract amc silver"],
  ["amc-gold", "AMC Gold Plan", "annual maintenance contract amc gold"],
  ["plc-panels", "PLC Panels", "plc control panel fabrication"],
  ["vfd-panels", "VFD Panels", "vfd drive panel fabrication"],
  ["apfc-panels", "APFC Panels", "automatic power factor correction capacitor panel"],
  ["panel-installation", "Panel Installation", "panel erection cabling installation"],
  ["commissioning-support", "Commissioning Support", "commissioning startup testing"],
  ["shutdown-teams", "Shutdown Teams", "plant shutdown maintenance manpower"],
  ["retrofit-modernization", "Retrofit & Modernization", "retrofit upgrade obsolete migration"],
  ["energy-saving-projects", "Energy Saving Projects", "energy saving efficiency power bill"],
  ["process-optimization", "Process Optimization", "process optimisation throughput oee"],
  ["sensor-based-error-detection", "Sensor-Based Error Detection", "sensor error detection fault monitoring"],
  ["process-interlocks", "Process Interlocks", "interlock safety logic"],
  ["quality-checkpoints", "Quality Checkpoints", "quality inspection checkpoint"],
  ["operator-training", "Operator Training", "training operators course"],
  ["maintenance-training", "Maintenance Training", "training maintenance engineers course"],
  ["technical-webinars", "Technical Webinars", "webinar online training"],
  ["automation-engineers", "Automation Engineers", "manpower engineers deputation"],
  ["electrical-technicians", "Electrical Technicians", "manpower technicians electricians"],
  ["project-managers", "Project Managers", "manpower project management"],
  ["greenfield-projects", "Greenfield Projects", "new plant greenfield turnkey"],
  ["brownfield-expansions", "Brownfield Expansions", "expansion brownfield upgrade"],
  ["skid-mounted-solutions", "Skid-Mounted Solutions", "skid package unit"],
  ["battery-manufacturing-automation", "Battery Manufacturing Automation", "battery cell lithium manufacturing"],
  ["industrial-iot-iiot-solutions", "Industrial IoT (IIoT) Solutions", "iiot iot monitoring cloud industry 4.0"],
  ["ev-charging-infrastructure", "EV Charging Infrastructure", "ev charger electric vehicle"],
  ["digital-twin-virtual-commissioning", "Digital Twin & Virtual Commissioning", "digital twin simulation"],
  ["industrial-robotics-cobot-integration", "Industrial Robotics & Cobot Integration", "robot cobot robotics"],
  ["renewable-energy-scada-automation", "Renewable Energy SCADA & Automation", "solar wind scada renewable"],
  ["additive-manufacturing-3d-printing", "Additive Manufacturing & 3D Printing", "3d printing additive"],
  ["ot-cybersecurity-network-protection", "OT Cybersecurity & Network Protection", "cybersecurity ot network security"],
  ["mes-erp-integration-services", "MES & ERP Integration Services", "mes erp integration sap"],
  ["ai-quality-inspection-systems", "AI Quality Inspection Systems", "ai vision inspection camera"],
  ["smart-warehouse-logistics-automation", "Smart Warehouse & Logistics Automation", "warehouse conveyor logistics"],
];

const entry = (category: SearchCategory, title: string, path: string, keywords: string): SearchEntry => ({
  category,
  title,
  path,
  keywords: keywords.split(" "),
});

export const searchIndex: SearchEntry[] = [
  entry("Pages", "Home", "/", "home main"),
  entry("Pages", "All Services", "/services", "services catalogue repair maintenance"),
  entry("Pages", "Contact Us", "/contact", "contact phone email address call whatsapp"),
  entry("Service Area", "Hyderabad Service Area", "/service-area/hyderabad", "hyderabad telangana local area"),
  ...services.map(([slug, title, keywords]) => entry("Services", title, `/services/${slug}`, keywords)),
  entry("Resources", "Technical Data", "/technical-data", "fault codes calculators formulas data"),
  entry("Resources", "Power Electronics", "/power-electronics", "power electronics igbt thyristor cards"),
  entry("Blog", "Blog", "/blog", "articles news blog"),
  entry("Blog", "VFD Troubleshooting Guide", "/blog/vfd-troubleshooting", "vfd troubleshooting fault drive"),
  entry("Blog", "VFD Fault Detection", "/blog/vfd-fault-detection", "vfd fault detection codes"),
  entry("Blog", "Signs Your VFD Needs Attention", "/blog/vfd-signs", "vfd signs warning failure"),
  entry("Blog", "PLC Maintenance Checklist", "/blog/plc-checklist", "plc checklist maintenance"),
  entry("Blog", "AMC Buyer's Guide", "/blog/amc-guide", "amc annual maintenance contract guide"),
  entry("Products", "Products", "/products", "products spares drives plc hmi"),
  entry("Projects", "Projects", "/projects", "projects portfolio work"),
  entry("Projects", "Case Studies", "/projects/case-studies", "case study results"),
  entry("Company", "About Us", "/about", "about company history team"),
  entry("Company", "Careers", "/careers", "jobs careers hiring openings"),
  entry("Company", "Certifications", "/certifications", "iso 9001 certification quality"),
  entry("Company", "Training", "/training", "training courses plc vfd"),
  entry("Company", "Investors", "/investors", "investors investment"),
  entry("Support", "FAQ", "/faq", "faq questions help support"),
  // The spec's index says /discussions and its navigation /discussion: the index follows the real route.
  entry("Community", "Discussion Forum", "/discussion", "discussions forum community questions"),
  entry("Technician", "Technician Registration", "/technician/register", "technician join register work"),
  entry("Legal", "Terms & Conditions", "/legal/terms", "terms conditions legal"),
  entry("Legal", "Privacy Policy", "/legal/privacy", "privacy data policy dpdp"),
  entry("Legal", "Return Policy", "/legal/returns", "returns refund policy"),
];

export interface SearchGroup {
  category: SearchCategory;
  entries: SearchEntry[];
}

/**
 * Entries whose title, keywords or category contain the query (case-insensitive), grouped by category
 * in index order, at most MAX_RESULTS_PER_GROUP each. A blank query shows every entry.
 */
export function searchSite(query: string, index: SearchEntry[] = searchIndex): SearchGroup[] {
  const q = query.trim().toLowerCase();
  const groups = new Map<SearchCategory, SearchEntry[]>();
  for (const e of index) {
    const hit =
      q === "" ||
      e.title.toLowerCase().includes(q) ||
      e.category.toLowerCase().includes(q) ||
      e.keywords.join(" ").toLowerCase().includes(q);
    if (!hit) continue;
    const list = groups.get(e.category) ?? [];
    if (q !== "" && list.length >= MAX_RESULTS_PER_GROUP) continue;
    list.push(e);
    groups.set(e.category, list);
  }
  return SEARCH_CATEGORIES.flatMap((category) => {
    const entries = groups.get(category);
    return entries ? [{ category, entries }] : [];
  });
}
