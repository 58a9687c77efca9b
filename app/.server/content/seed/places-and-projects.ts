/**
 * Seed content for the service-area pages (/{city} and /{city}/{service}), the products page, the
 * power-electronics page, the Future Services page, and the anonymised projects and case studies.
 * Facts about places are limited to well-known estates, clusters and industries; projects and case
 * studies describe technical work only, with no customer names, money figures or invented percentages.
 */

// ── Shapes ──────────────────────────────────────────────────────────────────

export const PLACE_REGIONS = [
  "Hyderabad industrial belt",
  "Telangana",
  "Andhra Pradesh",
  "Major industrial hub",
] as const;
export type PlaceRegion = (typeof PLACE_REGIONS)[number];

export interface PlaceSeed {
  /** Kebab-case, used as the /{city} path segment. */
  slug: string;
  name: string;
  state: string;
  region: PlaceRegion;
  /** Real industrial estates, clusters and parks in or near the place. */
  industrialAreas: string[];
  /** What is made there. */
  industries: string[];
  /** How we reach the place from Hyderabad and in what time. */
  response: string;
  /** Distance and route from Hyderabad, main highway, nearest airport. */
  travel: string;
  /** Markdown, 120-220 words, specific to the place. */
  intro: string;
}

/** Catalogue services that get /{city}/{service} pages. */
export const cityServiceSlugs = [
  "vfd-repair",
  "plc-repair-programming",
  "servo-drive-repair",
  "motor-repair-rewinding",
  "24-7-emergency-breakdown-service",
  "control-panel-fabrication",
  "annual-maintenance-contracts",
  "energy-audit",
] as const;
export type CityServiceSlug = (typeof cityServiceSlugs)[number];

/** For each city-page service, how it is delivered in each region: one or two sentences. */
export type CityServiceAngles = Record<CityServiceSlug, Record<PlaceRegion, string>>;

export interface ProductSeed {
  slug: string;
  name: string;
  /** One or two sentences. */
  summary: string;
  /** Makes with series, e.g. "ABB ACS580 / ACS880". */
  brands: string[];
  /** How the product is supplied: testing, installation, parameter transfer, warranty. */
  notes: string[];
}

export interface FutureServiceSeed {
  slug: string;
  title: string;
  /** One or two sentences. */
  summary: string;
  /** Markdown, 120-200 words. */
  body: string;
  /** What is offered today and what is in pilot. */
  status: string;
}

export interface ProjectSeed {
  slug: string;
  title: string;
  industry: string;
  /** City or industrial area, never the customer's name. */
  location: string;
  scope: string[];
  /** Makes and series worked on. */
  systems: string[];
  /** Qualitative outcome. */
  outcome: string;
}

export interface CaseStudySeed {
  slug: string;
  title: string;
  industry: string;
  location: string;
  challenge: string;
  approach: string;
  /** Qualitative result. */
  result: string;
  /** Markdown, 400-700 words. */
  body: string;
}

// ── Places ──────────────────────────────────────────────────────────────────

const BELT_RESPONSE =
  "Engineer on site within 2-4 hours by road from our Balanagar workshop, 24 hours a day; failed units come back to the workshop for 24-48 hour repair.";

export const places: PlaceSeed[] = [
  // Hyderabad and its industrial belts
  {
    slug: "hyderabad",
    name: "Hyderabad",
    state: "Telangana",
    region: "Hyderabad industrial belt",
    industrialAreas: [
      "IDA Balanagar and Sanathnagar",
      "IDA Jeedimetla",
      "IDA Patancheru, Pashamylaram and Bollaram",
      "IDA Cherlapally, Uppal, Nacharam and Mallapur",
      "Genome Valley, Shamirpet",
      "Medchal and Kothur along NH44",
      "GMR Aerospace and Industrial Park, Shamshabad",
    ],
    industries: [
      "Bulk drugs (APIs), intermediates and formulations",
      "Vaccines and biologics",
      "Defence and aerospace components",
      "Precision engineering and machine shops",
      "Electronics",
      "Food, beverages and FMCG",
      "Plastics and packaging",
      "Chemicals",
    ],
    response: BELT_RESPONSE,
    travel:
      "Our workshop is in IDA Balanagar, in the north-west of the city. The 158 km Outer Ring Road links most estates; Rajiv Gandhi International Airport at Shamshabad is about 40 km from the workshop.",
    intro: `Hyderabad's manufacturing grew around public-sector anchors: the IDPL bulk-drug plant and HAL's avionics division at Balanagar, BHEL at Ramachandrapuram, ECIL near Kushaiguda, and the defence laboratories, BDL and MIDHANI at Kanchanbagh. From those beginnings came the estates that now ring the city, most of them within reach of the Outer Ring Road: bulk drugs at Patancheru, Pashamylaram, Bollaram and Jeedimetla; vaccines and biologics in Genome Valley; engineering and defence subcontracting at Balanagar, Cherlapally and Uppal; food, FMCG and warehousing along NH44 at Medchal and Kothur.

The faults we attend across the city follow a few patterns. Drives and PLCs trip on supply dips during pre-monsoon storms and on DG changeovers. Boards corrode in solvent-laden air near reactor blocks. Panels without ventilation run far above the 40 °C-plus ambient of April and May, and drives derate or fail on overtemperature. Older CNCs and DC drives run on parts that are no longer sold new.

Our workshop is in IDA Balanagar, so an engineer reaches any of these belts within 2-4 hours, day or night, and failed units come back to the bench for repair in 24-48 hours. See the page for your estate below, or [raise a request](/request).`,
  },
  {
    slug: "jeedimetla",
    name: "Jeedimetla",
    state: "Telangana",
    region: "Hyderabad industrial belt",
    industrialAreas: ["IDA Jeedimetla", "Gajularamaram industrial area", "Quthbullapur small-industry pockets"],
    industries: [
      "Bulk drug intermediates and APIs",
      "Speciality chemicals and solvent recovery",
      "Resins, paints and adhesives",
      "Plastic moulding and extrusion",
      "Printing and packaging",
      "Engineering job work",
    ],
    response: BELT_RESPONSE,
    travel:
      "About 7 km north of our Balanagar workshop along the Balanagar–Narsapur road; about 55 km from Rajiv Gandhi International Airport via the Outer Ring Road.",
    intro: `IDA Jeedimetla, in Quthbullapur on the road from Balanagar to Narsapur, is one of Hyderabad's oldest and most crowded industrial estates. Small and medium units making drug intermediates and APIs share it with solvent-recovery plants, resin and paint makers, plastic moulders, printing and packaging converters and engineering job shops, and the estate runs on into Gajularamaram to the north. Effluent from many units is treated at the common effluent treatment plant serving the estate.

The failures here follow the chemistry. Drives and PLC racks installed close to reactor blocks and solvent stores pick up acid and solvent vapour; copper tracks and connector pins turn green, and a drive that has run for years starts tripping on communication or earth faults. Centrifuge drives work hard in regeneration and burn out braking resistors and choppers. Many units are on 11 kV feeders shared with residential load, and dips during storms stop drives on undervoltage, leaving batch reactors without agitation.

Jeedimetla is a short drive from our workshop. We usually diagnose on site, fit a drive from stock where a batch is at risk, and take the failed unit back for [board-level repair](/services/vfd-repair). Corroded boards are cleaned, repaired and conformally coated, and we will tell you plainly when a panel needs to move out of the vapour or be purged and air-conditioned.`,
  },
  {
    slug: "balanagar",
    name: "Balanagar",
    state: "Telangana",
    region: "Hyderabad industrial belt",
    industrialAreas: ["IDA Balanagar", "IDA Sanathnagar", "IDA Kukatpally (Moosapet)"],
    industries: [
      "Precision machining and CNC job work",
      "Defence and aerospace subcontracting",
      "Sheet metal and fabrication",
      "Forging and heat treatment",
      "Electrical panel building",
      "Printing",
    ],
    response:
      "Our workshop is in IDA Balanagar: engineers reach units in Balanagar, Sanathnagar and Moosapet well inside the 2-4 hour window, 24 hours a day, and small units can be carried straight to the bench.",
    travel:
      "Our own estate. Balanagar sits between Begumpet and Kukatpally in the north-west of the city; Rajiv Gandhi International Airport is about 40 km away.",
    intro: `Balanagar is where Hyderabad's engineering industry started. IDA Balanagar and the neighbouring Sanathnagar and Moosapet (Kukatpally) estates grew up around HAL's avionics division and the old IDPL plant, and today they hold precision machine shops, defence and aerospace subcontractors, sheet-metal and fabrication units, forging and heat-treatment shops, electrical panel builders and printing presses. Our own workshop is in IDA Balanagar.

The equipment is mostly machine tools and their utilities: CNC lathes and machining centres on Fanuc and Siemens controls, hydraulic and mechanical presses, induction hardening and heat-treatment furnaces, compressors and EOT cranes. The faults we see most are servo and spindle amplifier alarms on older CNCs, encoder cables damaged by coolant and chips, press clutch-brake control faults, crane drive and brake problems, and failed thyristor power controllers on furnaces. Estate feeders carry a lot of welding and induction load; the resulting harmonics overheat APFC capacitors and upset sensitive electronics.

Because we are in the estate, a faulty amplifier can be on our bench within the hour. On a CNC we back up parameters, ladder and offsets before anything is disturbed, repair amplifiers and power supplies at component level, and refit them with the machine builder's settings. See [servo drive repair](/services/servo-drive-repair).`,
  },
  {
    slug: "patancheru",
    name: "Patancheru",
    state: "Telangana",
    region: "Hyderabad industrial belt",
    industrialAreas: ["IDA Patancheru", "Isnapur", "Ramachandrapuram (BHEL and its suppliers)"],
    industries: [
      "Bulk drugs (APIs) and intermediates",
      "Speciality chemicals",
      "Pharmaceutical formulations",
      "Heavy engineering supply to BHEL",
      "Steel fabrication",
    ],
    response: BELT_RESPONSE,
    travel:
      "About 25 km from our Balanagar workshop via Miyapur on NH65 (the Mumbai highway), or by the Outer Ring Road's Patancheru exit; Rajiv Gandhi International Airport is about 60 km by the ORR.",
    intro: `Patancheru, on NH65 north-west of the city in Sangareddy district, was the first of the old Medak bulk-drug estates. IDA Patancheru and the units along the highway towards Isnapur make APIs, intermediates and speciality chemicals, while the engineering shops around BHEL's Ramachandrapuram works supply fabrication and machining to the power-equipment industry.

A typical API plant here has glass-lined and stainless reactors with agitator drives, centrifuges, agitated nutsche filter dryers, tray and fluid-bed dryers, brine and chilled-water plants, vacuum pumps, cooling towers and boiler fans. Many agitators and transfer pumps sit in Zone 1 or Zone 2 areas with flameproof motors, fed from drives in a safe-area MCC room. Long motor cables bring their own faults: reflected-wave overvoltage at the motor terminals, bearing currents, and earth-fault trips on damp cables. Hydrochloric acid and solvent vapour corrode anything left in the plant area, and DG changeovers during grid outages restart everything at once.

When we replace a drive feeding a flameproof motor, we check that the motor is certified for inverter duty, that its thermistor protection is wired to the drive, and whether an output filter is needed for the cable length. Drives for common agitator ratings are carried in stock so that a batch is not left standing while a unit is repaired.`,
  },
  {
    slug: "pashamylaram",
    name: "Pashamylaram",
    state: "Telangana",
    region: "Hyderabad industrial belt",
    industrialAreas: ["IDA Pashamylaram", "Isnapur", "Patancheru–Pashamylaram stretch of NH65"],
    industries: [
      "Bulk drugs (APIs) and intermediates",
      "Speciality and fine chemicals",
      "Pharmaceutical excipients",
      "Effluent treatment and solvent recovery",
    ],
    response: BELT_RESPONSE,
    travel:
      "About 33 km from our Balanagar workshop on NH65 beyond Patancheru; Rajiv Gandhi International Airport is about 70 km by the Outer Ring Road.",
    intro: `IDA Pashamylaram lies a few kilometres beyond Patancheru on NH65 and is dominated by bulk-drug, intermediate and fine-chemical plants, several of them large multi-block sites running round the clock. Many of these plants run zero-liquid-discharge effluent systems, so alongside the process blocks there are strippers, multiple-effect evaporators and agitated thin-film dryers, each with its own pumps, fans and drives that must stay up for the plant to keep producing.

Three things shape the faults we are called for here. First, vapour: solvents and acid fumes attack boards and terminals, and panels placed in process areas need coated boards and sealed enclosures. Second, earthing: the estate sits on hard Deccan rock, earth pits dry out in summer, and high earth resistance shows up as nuisance earth-fault trips, noisy encoder and 4-20 mA signals, and damaged communication ports. Third, load: evaporator and dryer drives run continuously at high load, and clogged heat sinks and failing cooling fans end in overtemperature trips at the worst time.

Our engineers carry insulation testers, earth testers and thermal cameras as well as spare drives. Along with the repair we measure earth resistance, check the bonding of drive and motor earths, and note where a panel needs better ventilation, so that the same fault does not return a month later.`,
  },
  {
    slug: "bollaram",
    name: "Bollaram",
    state: "Telangana",
    region: "Hyderabad industrial belt",
    industrialAreas: ["IDA Bollaram", "Khazipally", "Gaddapotharam", "Jinnaram"],
    industries: [
      "Bulk drugs (APIs) and intermediates",
      "Pharmaceutical formulations",
      "Speciality chemicals",
      "Engineering and fabrication",
    ],
    response: BELT_RESPONSE,
    travel:
      "About 20 km from our Balanagar workshop through Miyapur and Bachupally, or from the Outer Ring Road; Rajiv Gandhi International Airport is about 65 km.",
    intro: `IDA Bollaram, with Khazipally and Gaddapotharam beyond it in Jinnaram mandal, is a dense cluster of API, intermediate and formulation units, many of them small and medium plants that have expanded block by block over thirty years. (This is the Bollaram in Sangareddy district, not Bolarum in Secunderabad.)

That history shows in the equipment. It is common to find three generations of drives in one plant: first-generation VFDs from the early 2000s, later models bought as the plant grew, and recent units from a different make again. The oldest are no longer supported by their makers, spares are hard to find, and parameters were never written down. PLCs of similar age run utilities and batch sequences with no backup of the program. The estate and the villages beyond it are fed by 11 kV lines that dip and trip in storms, so undervoltage faults and damaged power supplies are common.

We handle obsolete drives by repairing them at component level where parts can still be sourced, and by planning a like-for-like migration where they cannot, with the parameters copied and documented so the process sees no change. On every visit we back up drive parameters and PLC programs, and leave a copy with the plant. See [PLC repair and programming](/services/plc-repair-programming).`,
  },
  {
    slug: "cherlapally",
    name: "Cherlapally",
    state: "Telangana",
    region: "Hyderabad industrial belt",
    industrialAreas: ["IDA Cherlapally", "Kushaiguda–ECIL area", "IDA Moula Ali"],
    industries: [
      "Electronics and electrical equipment",
      "Plastics and injection moulding",
      "Engineering and fabrication",
      "Pharmaceutical formulations",
      "Chemicals and paints",
    ],
    response: BELT_RESPONSE,
    travel:
      "About 22 km east of our Balanagar workshop via Secunderabad and ECIL; the Outer Ring Road is reached at Ghatkesar, and Rajiv Gandhi International Airport is about 45 km.",
    intro: `IDA Cherlapally, east of Secunderabad near ECIL and Kushaiguda, has long had electronics and electrical suppliers among its units, and today mixes electronics and electrical-equipment makers with plastics processors, engineering fabricators, formulation plants and chemical units. The Charlapalli railway terminal now sits alongside the estate.

Plastics is the trade we are called for most often here. Injection moulding machines combine a hydraulic power pack, often with a servo-driven pump on newer machines, heater bands switched by SSRs or thyristor controllers, temperature controllers, and a controller that co-ordinates clamp, injection and ejection. Typical faults are servo-pump drive alarms, failed heater zones, proportional valve amplifier faults and encoder or linear transducer errors. Extrusion lines add DC or AC drives on the screw and haul-off that must hold speed ratio closely.

Electronics units have a different problem: their test and assembly equipment depends on clean, stable supply, and a few cycles of voltage sag can reset controllers or corrupt a program. We look at UPS and stabiliser condition as part of the breakdown, not only the failed board.

We repair moulding-machine drives and controllers at component level, test heater circuits and thermocouples, and recalibrate temperature loops after repair. See [servo drive repair](/services/servo-drive-repair).`,
  },
  {
    slug: "uppal",
    name: "Uppal",
    state: "Telangana",
    region: "Hyderabad industrial belt",
    industrialAreas: ["IDA Uppal", "IDA Nacharam", "IDA Mallapur"],
    industries: [
      "Pharmaceutical formulations",
      "Food and beverages",
      "Printing and packaging",
      "Electrical goods and components",
      "Engineering",
    ],
    response: BELT_RESPONSE,
    travel:
      "About 20 km from our Balanagar workshop via Secunderabad and Tarnaka; Uppal is on NH163, the Warangal highway. Rajiv Gandhi International Airport is about 35 km via the Outer Ring Road.",
    intro: `IDA Uppal and the adjoining Nacharam and Mallapur estates sit on the eastern edge of the city along the Warangal highway. They are among Hyderabad's older estates and are now surrounded by housing: formulation plants, food and beverage units, printing and packaging converters, electrical-goods makers and engineering shops work in buildings that have been extended several times.

The age of the electrical installation is the recurring issue. We find main panels with aluminium busbars carrying more load than they were built for, cables undersized for later machines, loose and discoloured terminations, and motor control centres with mixed-era contactors and overload relays. Heat from poor joints shows up on a thermal camera long before it trips a breaker or starts a fire. Tablet compression, blister-packing and printing machines depend on accurate servo and PLC control, and a weak supply upstream produces intermittent faults that look like machine problems.

On breakdown calls here we routinely scan the feeding panel as well as the failed machine. Under an [annual maintenance contract](/services/annual-maintenance-contracts) we schedule thermography, tightening of terminations to the makers' torque values, breaker and relay checks, and earth resistance measurement before the summer peak, and we record the findings so that repairs can be planned into shutdowns.`,
  },
  {
    slug: "medchal",
    name: "Medchal",
    state: "Telangana",
    region: "Hyderabad industrial belt",
    industrialAreas: ["Medchal industrial area", "Gundlapochampally", "Kompally–Dulapally"],
    industries: [
      "Food processing and FMCG",
      "Cold storage and warehousing",
      "Plastics and packaging",
      "Steel and structural fabrication",
      "Building materials",
    ],
    response: BELT_RESPONSE,
    travel:
      "About 25 km north of our Balanagar workshop on NH44 (Hyderabad–Nagpur) through Kompally; the Outer Ring Road crosses NH44 at Medchal. Rajiv Gandhi International Airport is about 65 km.",
    intro: `Medchal, on NH44 at the northern edge of the Outer Ring Road, has become Hyderabad's main corridor for food processing, FMCG, cold storage and warehousing, with plastics, packaging, steel fabrication and building-materials units on both sides of the highway from Kompally to Medchal town.

Refrigeration is the equipment we are called to most. Cold stores and food plants run screw and reciprocating compressors on star-delta starters, soft starters or VFDs, evaporator and condenser fans, and defrost controls; a compressor that will not restart on a summer afternoon puts stock at risk within hours. Soft-starter thyristor failures, tripped overloads, failed condenser-fan drives and contactor welding after repeated restarts are the usual causes. Warehouses add conveyors, dock levellers and battery chargers for material-handling equipment.

Many sites here are on feeders that also serve villages, with voltage dips and occasional single-phasing, and large metal-roofed sheds in open ground attract lightning damage to drives and PLC inputs in the pre-monsoon storms. We check for a lost phase and for surge damage before replacing parts, and recommend phase-failure relays and surge protective devices where they are missing.

For cold-chain customers we keep the response tight and, under an [AMC](/services/annual-maintenance-contracts), service starters and fan drives before the summer load arrives.`,
  },
  {
    slug: "shamshabad-kothur",
    name: "Shamshabad and Kothur",
    state: "Telangana",
    region: "Hyderabad industrial belt",
    industrialAreas: [
      "GMR Aerospace and Industrial Park, Shamshabad",
      "Kothur–Penjerla belt along NH44",
      "Hardware Park and Fab City, Maheshwaram",
    ],
    industries: [
      "Aerospace components and MRO",
      "Pharmaceuticals and consumer health products",
      "FMCG and food",
      "Electronics and solar cell and module manufacturing",
      "Warehousing and logistics",
    ],
    response: BELT_RESPONSE,
    travel:
      "Shamshabad is about 40 km from our Balanagar workshop via the Outer Ring Road; Kothur is a further 20 km south on NH44 (Hyderabad–Bengaluru). Rajiv Gandhi International Airport is in Shamshabad itself.",
    intro: `South of the city, the belt from Shamshabad to Kothur follows NH44 towards Bengaluru. The GMR Aerospace and Industrial Park next to Rajiv Gandhi International Airport holds aircraft maintenance and aerospace component units; Kothur and Penjerla have pharmaceutical, consumer-health and FMCG plants; and to the east, Hardware Park and Fab City at Maheshwaram host electronics and solar cell and module manufacturers.

What these plants share is sensitivity to power quality. Automated assembly cells, cleanroom HVAC, precision test equipment and vision systems ride on UPS systems and clean supplies, and a voltage sag of a few cycles can stop a line, reset a PLC or corrupt a drive's memory. Batteries in industrial UPS systems that have not been tested for years are a common hidden failure: the UPS alarms only when the mains fails and the batteries cannot hold the load.

We attend breakdowns here within the standard 2-4 hours. Beyond replacing the failed part we record supply behaviour with a power-quality analyser where the fault looks supply-related, test UPS batteries under load, and check that PLC and HMI programs are backed up. Where a line needs ride-through, we can advise on drive settings such as kinetic buffering and automatic restart, and on UPS sizing. See [energy audit and power quality](/services/energy-audit).`,
  },
  {
    slug: "genome-valley",
    name: "Genome Valley (Shamirpet)",
    state: "Telangana",
    region: "Hyderabad industrial belt",
    industrialAreas: ["Genome Valley, Shamirpet", "ICICI Knowledge Park, Turkapally", "Alexandria Knowledge Park"],
    industries: [
      "Vaccines and biologics",
      "Pharmaceutical R&D and contract research",
      "Sterile and oral formulations",
      "Life-science laboratories",
    ],
    response: BELT_RESPONSE,
    travel:
      "About 35 km from our Balanagar workshop via the Outer Ring Road's Shamirpet exit, or along the Rajiv Rahadari (Hyderabad–Karimnagar road); Rajiv Gandhi International Airport is about 70 km.",
    intro: `Genome Valley, spread around Shamirpet and Turkapally on the Rajiv Rahadari north of the Outer Ring Road, is one of India's main life-sciences clusters: vaccine and biologics manufacturers, contract research organisations, formulation plants and research parks such as ICICI Knowledge Park and Alexandria Knowledge Park.

The equipment that keeps these plants running is mostly utility and environmental: air-handling units with drive-controlled fans holding room pressure cascades, chillers and cooling towers, purified-water and WFI systems, pure steam, autoclaves, freeze dryers, cold rooms and walk-in freezers, and building management systems tying them together. A failed AHU drive can take a cleanroom out of specification within minutes.

Work here is done inside the plant's GMP system. A replacement drive, PLC module or HMI must be recorded under change control, parameters must match the validated configuration, and any change to software that records process data has to respect the plant's data-integrity requirements. We replace like-for-like wherever possible, print the parameter set of the failed and the replacement unit side by side for QA to sign, and provide calibration and test records for anything we touch. Where an exact replacement is no longer made, we prepare the technical comparison the plant needs to justify the change. See [VFD repair](/services/vfd-repair) and [annual maintenance contracts](/services/annual-maintenance-contracts).`,
  },

  // Telangana
  {
    slug: "warangal",
    name: "Warangal",
    state: "Telangana",
    region: "Telangana",
    industrialAreas: ["Kakatiya Mega Textile Park", "Enumamula agricultural market area", "Warangal–Hanumakonda industrial pockets"],
    industries: [
      "Textiles and garments",
      "Cotton ginning and pressing",
      "Rice milling",
      "Chilli and produce cold storage",
      "Granite processing",
    ],
    response:
      "Same day by road: an engineer leaves Hyderabad as soon as the call is logged and is normally at the plant in the afternoon or evening; boards that need the workshop come back with the engineer.",
    travel:
      "About 145 km east-north-east of Hyderabad on NH163 via Bhongir and Jangaon, roughly three hours by road. The nearest airport with regular flights is Rajiv Gandhi International Airport, Hyderabad.",
    intro: `Warangal's industry is tied to what the surrounding districts grow. The Enumamula market is one of the largest agricultural markets in the state for cotton and chilli, and around it sit cotton ginning and pressing factories, rice mills and cold stores for chilli. The Kakatiya Mega Textile Park near the city has brought fabric and garment manufacturing, and granite is quarried and cut in the wider region.

Much of this work is seasonal. Ginning factories run hardest from the cotton harvest through the winter, and a breakdown in December matters far more than one in July. Gins, openers, lint cleaners and baling presses use large induction motors on star-delta starters; cotton fly and lint pack into motor fins and panel filters, and overheated motors and starters are the usual calls. Rice mills depend on huskers, polishers, elevators and optical colour sorters, and their boilers on ID and FD fans. Supply comes over long rural lines with voltage dips and single-phasing, which burn contactors and motors that lack proper protection.

We reach Warangal the same day by road. Before the season starts we offer checks of motors, starters and protection relays, and during it we carry contactors, overload relays and spare drives for the common ratings. See [motor repair and rewinding](/services/motor-repair-rewinding).`,
  },
  {
    slug: "karimnagar",
    name: "Karimnagar",
    state: "Telangana",
    region: "Telangana",
    industrialAreas: [
      "Granite quarrying and processing units around Karimnagar",
      "Ramagundam–Peddapalli industrial belt",
      "Rice mills along the Rajiv Rahadari",
    ],
    industries: [
      "Granite quarrying, cutting and polishing",
      "Rice milling",
      "Fertiliser, cement and coal (Ramagundam belt)",
      "Thermal power",
    ],
    response:
      "Same day by road from Hyderabad; engineers usually reach Karimnagar town in the afternoon of the call and the Ramagundam belt the same evening.",
    travel:
      "About 165 km north-east of Hyderabad on the Rajiv Rahadari (State Highway 1) via Siddipet; Ramagundam is about 40 km further. The nearest airport with regular flights is Hyderabad.",
    intro: `Karimnagar is best known for granite. Black and coloured granite is quarried across the district and cut and polished in processing units around the town, for export and for the domestic market. Rice mills are the other mainstay, and to the north-east the Ramagundam–Peddapalli belt adds a fertiliser plant, a cement works, NTPC's power station and Singareni's coal mines, with workshops that serve them.

Granite processing is hard on electrical equipment. Gang saws and multi-wire diamond saws run large motors for many hours a cut, bridge cutters and polishing lines use VFDs and PLCs, and everything works in a spray of water and abrasive slurry. The usual faults are water ingress into motor terminal boxes and panels, failed VFDs on wire saws and polishers, worn slip rings and brushes on older equipment, and bearing failures from slurry in the motor. Quarry sites also have compressors and cranes on generator supply, where poor voltage regulation damages drives.

We attend Karimnagar the same day by road. For granite units we rewind and re-bearing motors, repair drives at board level, and recommend enclosures and glands suited to wash-down, because sealing a panel properly prevents more breakdowns here than any other single change. See [VFD repair](/services/vfd-repair).`,
  },
  {
    slug: "nizamabad",
    name: "Nizamabad",
    state: "Telangana",
    region: "Telangana",
    industrialAreas: ["Nizamabad agricultural market area", "Rice mills around Nizamabad and Armoor"],
    industries: ["Rice milling and parboiling", "Turmeric processing", "Maize and seed processing", "Cold storage"],
    response:
      "Same day by road from Hyderabad; engineers are normally on site in the afternoon or evening of the call.",
    travel:
      "About 175 km north of Hyderabad on NH44 (Hyderabad–Nagpur) via Kamareddy, roughly three and a half hours by road. The nearest airport with regular flights is Hyderabad.",
    intro: `Nizamabad is one of the country's main turmeric markets, and its industry is agro-processing: turmeric boiling, drying and polishing, rice mills (many of them parboiling mills with their own boilers), maize and seed processing, and cold stores for turmeric and other produce.

The equipment is simple but works in heavy dust. Rice husk, bran and turmeric powder settle in every motor, panel and drive heat sink, and most motors in a rice mill are totally enclosed fan-cooled machines whose fins clog until they overheat. Parboiling mills run husk-fired boilers with ID and FD fans, feed pumps and rotary valves, increasingly on VFDs. Polishers, whiteners and colour sorters need steady supply, and the plants sit at the end of long rural feeders that dip in the evening and single-phase when a fuse blows on the line.

Single-phasing is the cause we look for first when motors burn out in pairs, and we check for a phase-failure relay and correctly set overloads before the rewound motor goes back. On drives we clean and test heat sinks and fans, and fit filter fans with washable media where panels draw in dust. A pre-season inspection of motors, starters and boiler fans is the most useful thing we can do for a mill here. See [motor repair and rewinding](/services/motor-repair-rewinding).`,
  },
  {
    slug: "khammam",
    name: "Khammam",
    state: "Telangana",
    region: "Telangana",
    industrialAreas: [
      "Granite processing units around Khammam",
      "Chilli cold stores around the Khammam market",
      "Kothagudem–Paloncha industrial belt",
      "Sarapaka (Bhadrachalam) paperboard",
    ],
    industries: [
      "Granite processing",
      "Cold storage",
      "Rice milling",
      "Coal mining support",
      "Paper and paperboard",
      "Thermal power",
    ],
    response:
      "Same day by road from Hyderabad; engineers reach Khammam in the afternoon of the call and the Kothagudem belt the same evening.",
    travel:
      "About 200 km east of Hyderabad via Suryapet (NH65 to Suryapet, then east to Khammam), roughly four hours by road. Vijayawada (Gannavaram) airport is about 130 km; Hyderabad is the usual airport.",
    intro: `Khammam sits between Telangana's granite country and the coal and power belt of Bhadradri Kothagudem. Around the town are granite processing units, rice mills and a large number of cold stores holding chilli from the Khammam market. To the east, Kothagudem is the headquarters of Singareni Collieries, Paloncha has the Kothagudem thermal power station, and Sarapaka near Bhadrachalam has a large paperboard mill; their contractors and ancillary workshops are spread along the same road.

Cold stores are the breakdown calls we get most from the Khammam side. A chilli cold store runs ammonia or Freon compressors, evaporator fans and condenser pumps continuously through the storage season, and a failed starter or compressor motor puts the whole chamber at risk. On the Kothagudem side the work is heavier: conveyor drives, crushers and pumps in coal handling, where fine coal dust is conductive and works into panels and motors and causes tracking and earth faults.

We attend Khammam the same day by road. For cold stores we carry soft-starter and contactor spares and check compressor motor insulation and protection settings; for coal-handling contractors we clean, repair and reseal drives and panels, and advise on IP ratings and panel pressurisation where dust keeps returning. See [24/7 breakdown service](/services/24-7-emergency-breakdown-service).`,
  },
  {
    slug: "mahabubnagar",
    name: "Mahabubnagar (Jadcherla)",
    state: "Telangana",
    region: "Telangana",
    industrialAreas: ["Green Industrial Park, Polepally SEZ (Jadcherla)", "Jadcherla industrial area", "Mahabubnagar town"],
    industries: ["Bulk drugs (APIs) and formulations", "Chemicals", "Food processing", "Rice milling", "Building materials"],
    response:
      "Same day by road: Jadcherla is about two hours from our workshop, so engineers are usually on site within 3-4 hours of the call.",
    travel:
      "Jadcherla is about 90 km south of our Balanagar workshop on NH44 (Hyderabad–Bengaluru); Mahabubnagar town is about 20 km west of Jadcherla. Rajiv Gandhi International Airport is about 60 km north on the same highway.",
    intro: `Jadcherla, on NH44 south of Hyderabad, is home to the Polepally pharmaceutical SEZ (the Green Industrial Park), where several large API and formulation plants operate, alongside chemical, food-processing and building-material units in the Jadcherla industrial area and rice mills around Mahabubnagar.

Plants in the SEZ are usually large, newer sites with their own HT substations, DG sets and well-kept MCC rooms. Breakdowns are more often in process equipment than in the electrical distribution: drives on centrifuges, dryers and reactor agitators, PLCs in solvent recovery and effluent systems, and utility chillers. Because they run continuously, a drive that fails at night must be covered by a spare or a quick repair.

Working with an SEZ unit has a practical side. Equipment leaving the zone for repair and coming back in must be documented under the SEZ procedure, and a drive cannot simply be put in an engineer's car. We prepare the delivery challan and repair documentation the unit's customs and stores teams need, agree the paperwork when a repair is booked, and where time is critical we repair on site or bring a replacement unit in so that the failed one can follow the formal route.

Jadcherla is close enough for a same-day visit, and usually within three to four hours. See [VFD repair](/services/vfd-repair).`,
  },
  {
    slug: "sangareddy",
    name: "Sangareddy (Zaheerabad)",
    state: "Telangana",
    region: "Telangana",
    industrialAreas: [
      "Zaheerabad (including the National Investment and Manufacturing Zone)",
      "Sadasivpet",
      "Sangareddy town and Kandi",
      "Yeddumailaram (Ordnance Factory Medak)",
    ],
    industries: [
      "Tractors and farm equipment",
      "Defence vehicles",
      "Sugar",
      "Tyres and rubber products",
      "Engineering and fabrication",
    ],
    response:
      "Same day by road: Sangareddy town is under two hours from our workshop, and engineers reach Zaheerabad the same afternoon.",
    travel:
      "Sangareddy town is about 55 km and Zaheerabad about 110 km west of Hyderabad on NH65 (the Mumbai highway). Rajiv Gandhi International Airport is about 80 km from Sangareddy by the Outer Ring Road.",
    intro: `Sangareddy district holds the Patancheru, Pashamylaram and Bollaram pharma estates (see their own pages); this page covers the rest of the district along NH65 towards the Karnataka border. Zaheerabad has a large tractor plant and the site of the National Investment and Manufacturing Zone, and sugarcane from the district feeds its sugar factories. Sadasivpet has tyre and engineering units, and the Ordnance Factory at Yeddumailaram builds armoured vehicles, with its own supplier base in the area.

Two kinds of plant set the work here. Automotive and defence-vehicle plants run assembly lines with PLC-controlled conveyors, nutrunners, test stands, paint shops and robot cells; their breakdowns are in servo drives, PLC I/O, field networks and HMI panels, and line stoppages are costly. Sugar factories work through the crushing season, roughly from the start of winter into spring, with cane carriers, mill drives, batch centrifugals and boiler fans that must not stop; off-season maintenance decides how the next season goes.

For assembly lines we back up PLC and drive configurations on our first visit and keep them on record, so that a failed unit can be replaced and restored without waiting for the OEM. For seasonal plants we schedule motor and drive overhaul in the off-season and keep a response plan for the crushing months. See [PLC repair and programming](/services/plc-repair-programming).`,
  },

  // Andhra Pradesh
  {
    slug: "visakhapatnam",
    name: "Visakhapatnam",
    state: "Andhra Pradesh",
    region: "Andhra Pradesh",
    industrialAreas: [
      "Visakhapatnam Steel Plant and its ancillaries",
      "Jawaharlal Nehru Pharma City, Parawada",
      "APSEZ, Atchutapuram",
      "Autonagar industrial estate, Gajuwaka",
      "Visakhapatnam port and refinery area",
    ],
    industries: [
      "Steel",
      "Bulk drugs and formulations",
      "Petroleum refining",
      "Shipbuilding and repair",
      "Fertilisers",
      "Apparel",
      "Engineering and fabrication",
    ],
    response:
      "Same day where a flight or an engineer already in coastal Andhra allows, otherwise the next morning; engineers fly to Visakhapatnam, and boards can be couriered overnight to our Balanagar workshop.",
    travel:
      "About 620 km from Hyderabad by road via Vijayawada (NH65, then NH16), ten to twelve hours; the usual route is the one-hour flight to Visakhapatnam airport.",
    intro: `Visakhapatnam is Andhra Pradesh's heaviest industrial city. Around the port are the Visakhapatnam Steel Plant, the HPCL refinery, Hindustan Shipyard, a fertiliser plant and NTPC's Simhadri station; Jawaharlal Nehru Pharma City at Parawada hosts a large group of API and formulation plants; APSEZ at Atchutapuram includes an apparel city and engineering units; and Autonagar at Gajuwaka is full of fabrication and machining shops supplying the steel plant and port.

The sea sets the failure pattern. Salt-laden, humid air corrodes terminals, busbars and PCB tracks, and panels that breathe outside air through louvres show white deposits on components within a few years. At night condensation forms inside panels that cool down, and drives and PLCs fail when they are switched on in the morning. Steel-plant ancillaries add conductive dust and heat; pharma plants add solvent vapour. During the cyclone season, outages and surges after storms damage drives and power supplies in large numbers.

We serve Visakhapatnam by flight, usually the next morning. Repairs include cleaning and conformal coating of boards, and we recommend sealed enclosures with panel air-conditioners or anti-condensation heaters and hygrostats. Board-level repairs can also be couriered to Balanagar. See [VFD repair](/services/vfd-repair).`,
  },
  {
    slug: "vijayawada",
    name: "Vijayawada",
    state: "Andhra Pradesh",
    region: "Andhra Pradesh",
    industrialAreas: [
      "Autonagar, Vijayawada",
      "IDA Kondapalli",
      "Mallavalli industrial park",
      "Jaggayyapet cement belt",
      "Dr NTTPS, Ibrahimpatnam",
    ],
    industries: [
      "Automobile service and bus body building",
      "Engineering and fabrication",
      "Chemicals",
      "Cement",
      "Thermal power",
      "Rice milling and food processing",
    ],
    response:
      "Same day by road from Hyderabad, or by the short flight to Vijayawada when the call comes early; boards can be couriered to Balanagar overnight.",
    travel:
      "About 275 km east of Hyderabad on NH65 via Suryapet, five to six hours by road. Vijayawada airport is at Gannavaram, about 20 km from the city.",
    intro: `Vijayawada, on the Krishna at the junction of NH65 and NH16, is a trading and transport city with a broad industrial base. Its Autonagar is one of the best-known automobile service clusters in South India, with body builders, engine reconditioners and machine shops. IDA Kondapalli has chemical and engineering plants and, next to it, the Dr Narla Tatarao thermal power station at Ibrahimpatnam. The Mallavalli industrial park in Krishna district includes a bus-body plant and food processing, and the limestone belt around Jaggayyapet has cement plants. Rice mills are spread through the Krishna delta.

Heat is the common enemy. Vijayawada is among the hottest cities in the state in May, and drives in panels without forced ventilation or air-conditioning spend the afternoon at their thermal limit. Overtemperature trips, dried-out DC bus capacitors, failed cooling fans and early IGBT failures follow. Cement plants add fine dust, which clogs filters and heat sinks, and thermal-station contractors add coal dust on conveyors and crushers.

We reach Vijayawada the same day. Along with the repair we measure panel temperatures, check drive derating against the actual ambient, and size filter fans or panel air-conditioners where the cabinet runs too hot, so that the next summer does not bring the same trips. See [VFD repair](/services/vfd-repair).`,
  },
  {
    slug: "guntur",
    name: "Guntur",
    state: "Andhra Pradesh",
    region: "Andhra Pradesh",
    industrialAreas: [
      "Guntur Mirchi Yard and its cold stores",
      "Autonagar, Guntur",
      "Spinning and ginning mills across the district",
      "Piduguralla–Dachepalli limestone belt (Palnadu)",
    ],
    industries: [
      "Chilli trading and cold storage",
      "Cotton ginning and spinning",
      "Tobacco processing",
      "Cement and lime",
      "Engineering and automobile workshops",
    ],
    response:
      "Same day by road from Hyderabad; engineers are normally on site by the evening of the call, or the next morning for calls received late.",
    travel:
      "About 270 km from Hyderabad, either via Vijayawada on NH65 or via Miryalaguda and Piduguralla, five to six hours by road. The nearest airport is Vijayawada (Gannavaram), about 50 km away.",
    intro: `Guntur's Mirchi Yard is one of Asia's largest chilli markets, and the town is ringed by cold stores that hold the crop through the year. The district also has cotton ginning and spinning mills, tobacco processing (the Tobacco Board is headquartered in Guntur), an Autonagar of engineering and automobile workshops, and, in the Palnadu area around Piduguralla and Dachepalli, lime kilns and cement plants on the limestone belt.

Two industries bring most of the work. Cold stores run refrigeration compressors and evaporator fans without a break once the chambers are loaded, and the common failures are compressor motor burn-outs after single-phasing, failed soft starters, welded contactors and tripped fan drives; chilli dust is fine and pungent and clogs filters and condenser coils. Spinning mills run hundreds of drives and motors in humidified departments, where cotton fly packs into fans and heat sinks, and a surge on the supply can take out many drives at once.

We attend Guntur the same day by road. For cold stores we set up phase-failure protection, check compressor insulation and keep soft-starter spares; for spinning mills we repair drives at component level in batches and look at surge protection and earthing when several units fail together. See [annual maintenance contracts](/services/annual-maintenance-contracts).`,
  },
  {
    slug: "kakinada",
    name: "Kakinada",
    state: "Andhra Pradesh",
    region: "Andhra Pradesh",
    industrialAreas: [
      "Kakinada deep-water and anchorage ports",
      "Kakinada SEZ",
      "Fertiliser and edible-oil plants around the port",
      "KG basin onshore gas facilities",
    ],
    industries: [
      "Fertilisers",
      "Edible-oil refining",
      "Oil and gas",
      "Rice milling and export",
      "Aquaculture and seafood processing",
    ],
    response:
      "Same day or next morning: engineers travel by flight to Rajahmundry or by road via Vijayawada, and boards can be couriered to Balanagar overnight.",
    travel:
      "About 460 km from Hyderabad via Vijayawada and Rajamahendravaram (NH65 and NH16), nine to ten hours by road. The nearest airport is Rajahmundry (Madhurapudi), about 60 km away.",
    intro: `Kakinada is a port town at the edge of the Godavari delta and the Krishna–Godavari gas basin. Fertiliser plants and edible-oil refineries stand near the port, onshore gas facilities and their contractors serve the KG basin, rice mills feed the rice export trade through the anchorage port, and seafood processing plants freeze and pack shrimp from the delta's aquaculture farms.

The coast and the product both matter here. Humid, salty air corrodes open panels and terminals, and condensation forms in panels overnight. Seafood plants run ammonia refrigeration, plate and blast freezers, IQF tunnels and ice plants, with wash-down hygiene that sends water into any enclosure that is not properly sealed; a compressor or freezer drive failure during the harvest season means product lost within hours. Edible-oil refineries and gas-related sites have hazardous areas where motors, junction boxes and instruments must keep their Ex certification intact after any repair.

We reach Kakinada the same day or the next morning. On food and seafood plants we check IP ratings and gland sealing along with the repair; in hazardous areas we work to the plant's permit system and do not open or modify certified equipment beyond what its certification allows. See [24/7 breakdown service](/services/24-7-emergency-breakdown-service).`,
  },
  {
    slug: "nellore",
    name: "Nellore",
    state: "Andhra Pradesh",
    region: "Andhra Pradesh",
    industrialAreas: [
      "Krishnapatnam port and industrial area",
      "Thermal power stations at Krishnapatnam and Nelatur",
      "Naidupeta–Menakur industrial area",
      "Rice mills around Nellore",
    ],
    industries: [
      "Thermal power",
      "Port handling",
      "Aquaculture and seafood processing",
      "Rice milling",
      "Engineering and fabrication",
    ],
    response:
      "Same day or next morning: engineers travel by road or fly to Tirupati or Chennai, and boards can be couriered to Balanagar overnight.",
    travel:
      "About 470 km from Hyderabad by road via Ongole (NH16 south of Vijayawada, or the route through Addanki), nine to ten hours. The nearest airports are Tirupati (Renigunta) and Chennai.",
    intro: `Nellore combines heavy infrastructure with agriculture. Krishnapatnam port, north-east of the city, handles coal and bulk cargo, and thermal power stations near it burn imported and domestic coal. The delta around the city is known for its rice, and the coast for shrimp farming, with processing and freezing plants serving both. Further south, the Naidupeta–Menakur area has newer manufacturing units.

Port and power-plant work means bulk-material handling: long belt conveyors, stacker-reclaimers, wagon and truck tipplers, crushers and large pumps, often on VFDs and soft starters in substations exposed to coal dust and sea air. Conductive dust and salt together produce tracking on terminal boards and busbar supports, earth faults on motors, and corrosion of drive power sections. Summers are hot and the area is exposed to cyclones from the Bay of Bengal, which bring outages, surges and water ingress.

We reach Nellore the same day or by the next morning. For contractors at the port and power plants we repair drives and soft starters at component level, rewind and test motors, and provide engineers for planned shutdowns. For seafood and rice plants we handle refrigeration compressor starters and drives, with attention to sealing against wash-down water and humidity. See [motor repair and rewinding](/services/motor-repair-rewinding).`,
  },
  {
    slug: "tirupati",
    name: "Tirupati (Renigunta)",
    state: "Andhra Pradesh",
    region: "Andhra Pradesh",
    industrialAreas: [
      "Electronics Manufacturing Cluster, Renigunta",
      "Renigunta industrial area",
      "Karakambadi",
    ],
    industries: [
      "Electronics assembly",
      "Lead-acid batteries",
      "Food processing",
      "Engineering and fabrication",
    ],
    response:
      "Same day if the call comes in time for the morning flight, otherwise the next morning; boards can be couriered to Balanagar overnight.",
    travel:
      "About 560 km from Hyderabad by road via Kurnool (NH44) and Kadapa, around ten hours; Tirupati airport at Renigunta has direct flights from Hyderabad.",
    intro: `Renigunta, just outside Tirupati, has developed into an electronics and battery-manufacturing centre. The Electronics Manufacturing Cluster near Renigunta hosts phone and consumer-electronics assembly, battery manufacturing is established around Karakambadi, and food-processing and engineering units fill the older industrial areas.

Electronics assembly lines are dense with automation: SMT lines, automatic insertion, conveyors with PLC control, screwdriving and test stations, and servo-driven handlers. Breakdowns are usually in servo amplifiers, PLC I/O modules, industrial PCs and HMIs, and network components, and the plants work to tight shift targets. Handling matters: boards and modules must be treated as ESD-sensitive both on the line and on the way to the workshop. Battery plants are harsher: acid mist and lead dust in formation and assembly areas corrode contacts and boards, and rectifiers for formation charging run at high current for long periods.

We serve Renigunta by the direct flight from Hyderabad. We bring spare I/O and common servo ratings where the plant has standardised on a make, repair amplifiers and power supplies at component level in our ESD-controlled workshop, and for battery plants we service formation rectifiers and check their thyristor stacks and cooling. See [servo drive repair](/services/servo-drive-repair).`,
  },
  {
    slug: "sri-city",
    name: "Sri City",
    state: "Andhra Pradesh",
    region: "Andhra Pradesh",
    industrialAreas: ["Sri City multi-product SEZ", "Sri City domestic tariff zone", "Sri City free trade and warehousing zone"],
    industries: [
      "Automobiles and components",
      "Railway rolling stock",
      "Air-conditioners and compressors",
      "Food, beverages and FMCG",
      "Packaging",
      "Engineering",
    ],
    response:
      "Next day as a rule, same day for an early call: engineers fly to Chennai or Tirupati and drive to Sri City; boards can be couriered to Balanagar overnight.",
    travel:
      "Close to 600 km from Hyderabad by road via Ongole and Nellore on NH16. Sri City is about 55 km north of Chennai, and Chennai airport (about 75 km) is the usual way in; Tirupati airport is the alternative.",
    intro: `Sri City is a planned industrial city on the Andhra Pradesh–Tamil Nadu border, with a multi-product SEZ, a domestic tariff zone and a free trade and warehousing zone. Its tenants include vehicle and component makers, a railway rolling-stock plant, air-conditioner and compressor manufacturers, food, beverage and FMCG plants and packaging converters.

Equipment here is mostly recent and international: European, Japanese and American PLCs, servo systems and drives, often configured by the machine builder abroad, with documentation in the builder's hands rather than the plant's. That makes a breakdown slower than it should be when the builder's service engineer is far away. Coastal humidity from the Chennai side adds condensation and corrosion to panels that are not sealed and cooled.

We attend Sri City from Chennai or Tirupati airports, usually the next day, and provide remote help the same night: reading fault histories with the plant's team, checking parameters and backups, and deciding whether a spare can be fitted. We repair servo amplifiers, drives and PLC modules at component level, including units the OEM will only exchange. For SEZ tenants we prepare the documentation needed for goods going out for repair and returning. See [PLC repair and programming](/services/plc-repair-programming) and [servo drive repair](/services/servo-drive-repair).`,
  },
  {
    slug: "anantapur",
    name: "Anantapur",
    state: "Andhra Pradesh",
    region: "Andhra Pradesh",
    industrialAreas: [
      "Penukonda automobile cluster",
      "Hindupur industrial area",
      "Tadipatri cement and stone belt",
      "Solar parks of the Anantapur region",
    ],
    industries: [
      "Automobiles and components",
      "Cement",
      "Stone cutting and polishing",
      "Textiles and silk weaving",
      "Solar power",
    ],
    response:
      "Same day by road for early calls, otherwise the next morning; Penukonda and Hindupur are also reached via Bengaluru airport. Boards can be couriered to Balanagar overnight.",
    travel:
      "About 360 km south of Hyderabad on NH44, six to seven hours by road. The nearest major airport is Bengaluru (Kempegowda), about 190 km south of Anantapur and closer to Penukonda and Hindupur.",
    intro: `Anantapur and the neighbouring Sri Sathya Sai district have changed from a purely agricultural region to a manufacturing one. The car plant at Penukonda brought a cluster of component suppliers; Hindupur has an older industrial area close to Bengaluru; Tadipatri is known for its cement plants and stone cutting and polishing; Dharmavaram is a silk-weaving town; and the region's large solar parks feed the grid.

This is one of the driest parts of India, and the climate decides many failures. Summers are hot and dust is everywhere: it blows in with the wind, settles in panels with louvres and filter fans that are never cleaned, clogs drive heat sinks and motor fins, and leads to overtemperature trips and bearing wear. Cement and stone units add fine process dust to the same problem. Automotive suppliers have modern PLC and servo lines that are clean inside but depend on filtered, cooled panels.

We reach Anantapur by road the same day for early calls, or via Bengaluru for plants near Penukonda and Hindupur. As well as repairing the drive, we clean and test the cooling path, replace filter media and failing fans, and check derating against the real panel temperature. For dusty sites a sealed panel with an air-to-air heat exchanger or air-conditioner is often the lasting fix. See [VFD repair](/services/vfd-repair).`,
  },
  {
    slug: "kurnool",
    name: "Kurnool",
    state: "Andhra Pradesh",
    region: "Andhra Pradesh",
    industrialAreas: [
      "Orvakal industrial node",
      "Cement belt around Banaganapalle, Bethamcherla and Nandyal",
      "Adoni cotton ginning and spinning",
      "Kurnool Ultra Mega Solar Park, Panyam",
    ],
    industries: ["Cement", "Cotton ginning and spinning", "Rice milling", "Stone processing", "Solar power"],
    response:
      "Same day by road from Hyderabad; Kurnool town is about four hours from our workshop.",
    travel:
      "About 215 km south of Hyderabad on NH44, around four hours by road. Kurnool airport at Orvakal has limited flights; Hyderabad is the usual airport.",
    intro: `Kurnool, on NH44 where the highway crosses the Tungabhadra, is the nearest Andhra Pradesh city to Hyderabad. The Orvakal industrial node is being developed near the new airport; the limestone belt in Nandyal district around Banaganapalle and Bethamcherla supports cement plants and stone polishing; Adoni in the west is a major cotton market with ginning and spinning mills; rice mills are spread through the irrigated areas; and the Kurnool Ultra Mega Solar Park at Panyam is one of the large solar installations of the state.

Cement plants set the heaviest demands: kiln ID fans, cooler fans, raw-mill and cement-mill drives, bag-filter fans and long conveyors, with fine dust that gets into every panel and motor not properly sealed. A drive failure on a kiln fan or cooler stops clinker production and stresses the kiln, so plants need a fast response and a spare strategy. Cotton ginning and spinning mills bring seasonal peaks and lint-clogged motors and drives, similar to other cotton towns.

Kurnool is close enough for a same-day visit by road. For cement plants we repair LV drives and soft starters at component level, overhaul fan and conveyor motors, and help plants decide which spare drives and modules to hold for critical fans. See [VFD repair](/services/vfd-repair) and [motor repair and rewinding](/services/motor-repair-rewinding).`,
  },

  // Major industrial hubs
  {
    slug: "bengaluru",
    name: "Bengaluru",
    state: "Karnataka",
    region: "Major industrial hub",
    industrialAreas: [
      "Peenya Industrial Area",
      "Bommasandra and Jigani",
      "Electronic City",
      "Whitefield (EPIP)",
      "Bidadi",
      "Hoskote",
    ],
    industries: [
      "Machine tools",
      "Aerospace and defence",
      "Electronics",
      "Automobiles and components",
      "Garments",
      "Pharmaceuticals and biotechnology",
    ],
    response:
      "Next day: an engineer flies from Hyderabad (about an hour) after remote triage the same day; drive, servo and PLC boards can be couriered to our Balanagar workshop for 24-48 hour repair.",
    travel:
      "About 570 km south of Hyderabad on NH44, nine to ten hours by road; usually reached by flight to Kempegowda International Airport.",
    intro: `Bengaluru's industrial base is older and broader than its IT reputation. Peenya Industrial Area in the north-west is one of the largest small-industry estates in the country, with machine shops, sheet-metal and fabrication units, and suppliers to the city's machine-tool builders, HAL and the defence public sector. Bommasandra and Jigani in the south-east have precision engineering, pharmaceutical and electronics plants; Electronic City and Whitefield combine electronics manufacturing with technology firms; and Bidadi and Hoskote host automobile and component plants.

The city has plenty of local service providers, so plants here usually come to us for one of two things: component-level repair of drives, servo amplifiers and CNC power supplies that others will only replace, or a second opinion on a repeat failure. Peenya's machine shops run CNCs on Fanuc, Siemens and Mitsubishi controls, many ten to twenty years old, where spindle and servo amplifiers, power supply modules and encoders are the common faults and new exchange units are slow and costly.

We take Bengaluru work mainly through the workshop: units are couriered to Balanagar, repaired at board level, tested under load and returned, usually within a few days door to door. For line breakdowns and commissioning, engineers fly in the next day. See [servo drive repair](/services/servo-drive-repair).`,
  },
  {
    slug: "chennai",
    name: "Chennai",
    state: "Tamil Nadu",
    region: "Major industrial hub",
    industrialAreas: [
      "Sriperumbudur–Oragadam–Irungattukottai",
      "Ambattur Industrial Estate",
      "Guindy Industrial Estate",
      "Maraimalai Nagar",
      "Gummidipoondi",
      "Manali and Ennore",
    ],
    industries: [
      "Automobiles and components",
      "Electronics",
      "Railway coaches",
      "Petrochemicals and refining",
      "Engineering and fabrication",
      "Rubber and tyres",
    ],
    response:
      "Next day: engineers fly from Hyderabad after remote triage the same day; boards are couriered to our Balanagar workshop and returned by air courier.",
    travel:
      "About 630 km from Hyderabad by road via Ongole and Nellore on NH16, eleven to twelve hours; usually reached by flight to Chennai International Airport.",
    intro: `Chennai is one of India's largest vehicle-making centres. The Sriperumbudur, Oragadam and Irungattukottai corridor west of the city holds car, commercial-vehicle and component plants and large electronics factories; Ambattur and Guindy are older estates of engineering and component suppliers; Maraimalai Nagar and Gummidipoondi add more automotive and steel units; the Integral Coach Factory at Perambur builds railway coaches; and Manali and Ennore in the north have refining, petrochemical and power plants.

Automotive lines are where we are most often asked for help: body shops with welding robots and servo guns, press lines, conveyors and paint shops on PLC control with field networks, and component plants with CNC cells and assembly machines. The equipment is modern, but the coast works on it: humidity runs high for much of the year, panels that are not sealed and cooled collect condensation, and corrosion of connectors and boards causes intermittent faults that are hard to pin down.

For Chennai plants we provide remote fault analysis the same day and fly an engineer in the next day for site work. Board-level repairs of servo amplifiers, drives and PLC modules go to our Balanagar workshop by air courier and come back tested under load. See [servo drive repair](/services/servo-drive-repair) and [PLC repair and programming](/services/plc-repair-programming).`,
  },
  {
    slug: "pune",
    name: "Pune",
    state: "Maharashtra",
    region: "Major industrial hub",
    industrialAreas: [
      "Chakan MIDC",
      "Pimpri-Chinchwad and Bhosari MIDC",
      "Talegaon MIDC",
      "Ranjangaon MIDC",
      "Kurkumbh MIDC",
    ],
    industries: [
      "Automobiles and components",
      "Forging and casting",
      "Machine building and engineering",
      "Electrical equipment",
      "Chemicals and pharmaceuticals",
    ],
    response:
      "Next day: engineers fly from Hyderabad after same-day remote triage; boards are couriered to our Balanagar workshop for 24-48 hour repair.",
    travel:
      "About 560 km west of Hyderabad on NH65 via Zaheerabad and Solapur, nine to ten hours by road; usually reached by flight to Pune airport.",
    intro: `Pune and its MIDC estates form one of the densest automotive clusters in India. Pimpri-Chinchwad and Bhosari are the older heart, with vehicle plants and hundreds of component suppliers; Chakan, Talegaon and Ranjangaon to the north and east hold newer car, two-wheeler, commercial-vehicle and component plants; forging and casting units supply them; and Kurkumbh, on the Solapur road, is a chemical and pharmaceutical estate.

A typical Tier-1 or Tier-2 supplier here runs press lines, some with servo presses, robotic welding cells, CNC machining lines, induction hardening, and assembly and test machines built by local machine builders around mainstream PLCs, servo drives and HMIs. Failures that stop delivery to the vehicle plant are the ones that matter, and those are usually in servo amplifiers, spindle drives, PLC I/O and safety circuits. Forging shops add heavy presses, induction heaters with thyristor and IGBT power stages, and hot, scale-laden air.

For Pune we offer next-day site visits and a workshop route: servo amplifiers, drives, induction heater boards and PLC modules are couriered to Balanagar, repaired at component level and returned tested. Our engineers also work with the plant's machine builder when a repair needs changes to the control program. See [servo drive repair](/services/servo-drive-repair).`,
  },
  {
    slug: "mumbai",
    name: "Mumbai",
    state: "Maharashtra",
    region: "Major industrial hub",
    industrialAreas: [
      "Thane–Belapur (TTC) MIDC",
      "Taloja MIDC",
      "Dombivli and Ambernath MIDC",
      "Tarapur MIDC (Boisar)",
      "Bhiwandi",
      "Andheri MIDC",
    ],
    industries: [
      "Chemicals and dyes",
      "Pharmaceuticals",
      "Petroleum refining and petrochemicals",
      "Textiles and powerlooms",
      "Engineering",
      "Packaging and printing",
    ],
    response:
      "Next day: engineers fly from Hyderabad after same-day remote triage; boards are couriered to our Balanagar workshop and returned by air courier.",
    travel:
      "About 710 km from Hyderabad by road via Pune (NH65, then the Mumbai–Pune Expressway), twelve to fourteen hours; usually reached by flight.",
    intro: `Greater Mumbai's manufacturing has moved outward from the city into the MIDC estates of Thane, Raigad and Palghar districts. The Thane–Belapur (TTC) belt has chemical, pharmaceutical and engineering plants; Taloja, Dombivli and Ambernath are chemical and dye estates; Tarapur near Boisar is a large chemical and bulk-drug estate; Bhiwandi combines powerlooms with warehousing; and refineries and petrochemical plants stand at Trombay.

Two things drive breakdowns here. Chemical estates bring corrosive atmospheres, hazardous areas and old installations, with the same board corrosion and Ex-motor drive issues we see in Hyderabad's pharma belts. The monsoon brings water: heavy rain floods low-lying units and cable trenches, and we are called to panels, drives and motors that have been under water. Flooded drives must not simply be dried and switched on; boards need cleaning, inspection for corrosion and tracking, and capacitor and insulation checks, and motors need drying and insulation-resistance and polarisation-index tests before they are run.

We support Mumbai plants with same-day remote guidance, next-day site visits by flight, and board-level repair through our Balanagar workshop. After floods we help plants triage which units to repair, which to replace and in what order to restart. See [VFD repair](/services/vfd-repair) and [motor repair and rewinding](/services/motor-repair-rewinding).`,
  },
  {
    slug: "ahmedabad",
    name: "Ahmedabad",
    state: "Gujarat",
    region: "Major industrial hub",
    industrialAreas: ["GIDC Vatva", "GIDC Naroda", "GIDC Odhav", "Sanand", "Changodar", "Kathwada"],
    industries: [
      "Chemicals and dyes",
      "Textile processing",
      "Pharmaceuticals",
      "Automobiles and components",
      "Engineering and pumps",
    ],
    response:
      "Next day: engineers fly from Hyderabad after same-day remote triage; boards are couriered to our Balanagar workshop for 24-48 hour repair and returned by air courier.",
    travel: "Over 1,000 km from Hyderabad by road; reached by flight to Ahmedabad airport.",
    intro: `Ahmedabad's industry is spread through GIDC estates on the city's edges. Vatva and Naroda are among Gujarat's largest chemical and dye-intermediate estates; Odhav and Kathwada have engineering and small manufacturing units; textile processing houses continue the city's long history in cloth; Changodar and the area south-west of the city host pharmaceutical plants; and Sanand has car and component manufacturing.

Dye and chemical plants here run reactors, filter presses, spray dryers and centrifuges, with drives and motor control centres often housed close to the process in corrosive air. Textile processing uses stenters, jet-dyeing machines and printing ranges, where multi-motor drive systems must hold speed ratios between sections to avoid fabric stretch. Summer temperatures in the mid-forties stress panels, and drives run at the edge of their ratings in un-cooled cabinets.

Ahmedabad plants reach us mainly for component-level repair of drives, servo systems and PLC modules, sent to our Balanagar workshop by courier and returned after load testing. For line breakdowns we give remote guidance the same day and fly an engineer in the next day. Where a multi-motor section drive needs retuning after a repair, we do it on site with the machine running. See [VFD repair](/services/vfd-repair).`,
  },
  {
    slug: "vadodara",
    name: "Vadodara",
    state: "Gujarat",
    region: "Major industrial hub",
    industrialAreas: [
      "GIDC Makarpura",
      "GIDC Nandesari",
      "GIDC Por-Ramangamdi",
      "Savli and Manjusar",
      "Koyali refinery area",
    ],
    industries: [
      "Petroleum refining and petrochemicals",
      "Chemicals",
      "Power and electrical equipment",
      "Engineering and fabrication",
      "Pharmaceuticals",
    ],
    response:
      "Next day: engineers fly from Hyderabad after same-day remote triage; boards are couriered to our Balanagar workshop and returned by air courier.",
    travel: "Roughly 1,000 km from Hyderabad by road; reached by flight to Vadodara airport.",
    intro: `Vadodara grew around the refinery at Koyali and the petrochemical complex beside it, and the chemical estate at Nandesari followed. Alongside the process industry the city developed a strong electrical and engineering base: switchgear, transformer, motor and drive makers, and heavy fabrication shops, in GIDC Makarpura, Por and the newer Savli and Manjusar estates. Pharmaceutical plants complete the picture.

Refinery and petrochemical contractors need work done in hazardous areas under strict permit systems, and their motors, drives and analyser panels must keep their certification after repair. Chemical plants at Nandesari have the corrosion and vapour problems familiar from other chemical estates. Engineering units, many of them suppliers to power and process plants, run CNC machines, welding manipulators, test bays and cranes with mainstream drive and PLC equipment.

Because many of the city's electrical manufacturers provide their own service, plants usually come to us for multi-make component-level repair: a drive, soft starter, servo amplifier or PLC module of any make, repaired and load-tested at our Balanagar workshop and returned by courier. For site breakdowns and shutdown support we fly engineers in the next day, working under the plant's permit-to-work and isolation procedures. See [VFD repair](/services/vfd-repair).`,
  },
  {
    slug: "surat",
    name: "Surat",
    state: "Gujarat",
    region: "Major industrial hub",
    industrialAreas: ["GIDC Sachin", "GIDC Pandesara", "Palsana and Kadodara", "Hazira", "Ichchhapore"],
    industries: [
      "Textile weaving, texturising and processing",
      "Diamond cutting and polishing",
      "Steel",
      "Petrochemicals and oil and gas",
      "Heavy engineering",
    ],
    response:
      "Next day: engineers fly from Hyderabad after same-day remote triage; boards are couriered to our Balanagar workshop and returned by air courier.",
    travel: "A little over 900 km from Hyderabad by road via Dhule; reached by flight to Surat airport.",
    intro: `Surat is India's largest centre for man-made fibre textiles. Weaving sheds with water-jet, air-jet and rapier looms, yarn texturising and twisting units, and dyeing and printing mills fill Sachin, Pandesara, Palsana and Kadodara. Diamond cutting and polishing is the city's other signature trade. On the coast at Hazira stand a steel plant, heavy-engineering yards, petrochemical and gas facilities.

Textile machines are drive-heavy. A draw-texturising machine or a modern loom uses many drives and servo axes that must stay synchronised, and a single failed drive stops the machine. Fibre fly and oil mist coat heat sinks and fans, the humid climate adds condensation, and power cuts and restarts stress rectifiers and DC bus capacitors. Dyeing and printing mills add steam, hot water and chemicals near the panels. Units typically hold a few spare drives and send failed ones out for repair, and a steady stream of repairs matters more to them than emergency visits.

We work with Surat textile units mainly through the workshop: batches of failed drives and boards are couriered to Balanagar, repaired at component level, tested under load and returned with a report on the cause, so that repeated failures from the same machine can be traced. Engineers fly in the next day for line problems and for Hazira contractors. See [VFD repair](/services/vfd-repair).`,
  },
  {
    slug: "coimbatore",
    name: "Coimbatore",
    state: "Tamil Nadu",
    region: "Major industrial hub",
    industrialAreas: ["SIDCO Kurichi", "Ganapathy", "Peelamedu", "Tiruppur knitwear cluster (nearby)"],
    industries: [
      "Pumps and motors",
      "Foundries",
      "Textile spinning and machinery",
      "Wet grinders and appliances",
      "Auto components",
      "Knitwear (Tiruppur)",
    ],
    response:
      "Next day: engineers fly from Hyderabad after same-day remote triage; boards are couriered to our Balanagar workshop and returned by air courier.",
    travel:
      "About 900 km from Hyderabad by road via Bengaluru and Salem; reached by flight to Coimbatore airport.",
    intro: `Coimbatore is known as a centre of pumps, motors and textiles. Hundreds of pump and motor makers, foundries that cast their bodies and impellers, textile machinery builders, spinning mills and wet-grinder manufacturers work in SIDCO Kurichi, Ganapathy, Peelamedu and smaller estates across the city, and the Tiruppur knitwear cluster is an hour away.

The city has deep local skills in motors and rewinding, so plants here usually look to us for power electronics. Foundries run medium-frequency induction melting furnaces whose thyristor and IGBT power supplies, capacitor banks and water-cooled components fail under heavy duty; spinning mills run large numbers of drives on ring frames, speed frames and winders; and pump makers use drives and PLCs on their test beds. Induction furnaces also pollute the local supply with harmonics that stress capacitors and drives elsewhere on the same feeder.

We take Coimbatore work mainly through the workshop: drive, soft-starter and induction-furnace control boards are couriered to Balanagar for component-level repair and load testing. Engineers fly in the next day for site work, including harmonic measurements and APFC checks where furnaces and capacitor banks share a supply. See [energy audit and power quality](/services/energy-audit).`,
  },
  {
    slug: "nagpur",
    name: "Nagpur",
    state: "Maharashtra",
    region: "Major industrial hub",
    industrialAreas: ["MIDC Butibori", "MIDC Hingna", "MIHAN SEZ", "Kalmeshwar"],
    industries: [
      "Thermal power",
      "Steel and engineering",
      "Automobiles and tractors",
      "Textiles",
      "Food processing",
      "Coal mining support",
    ],
    response:
      "Next day: engineers travel overnight by road or train on the NH44 corridor, or fly; boards can be couriered to our Balanagar workshop.",
    travel:
      "About 500 km north of Hyderabad on NH44 via Adilabad, eight to nine hours by road; also well served by overnight trains and by flights to Nagpur airport.",
    intro: `Nagpur, at the centre of India on NH44, is the industrial capital of Vidarbha. MIDC Hingna has automobile, tractor and engineering plants; MIDC Butibori, one of the largest MIDC estates, has textile, steel, power-equipment and food units; the MIHAN SEZ near the airport houses aircraft maintenance and engineering firms; and the region's thermal power stations at Koradi and Khaperkheda and the coal mines around them support a large contractor base.

Vidarbha summers are among the hottest in India, with afternoon temperatures that regularly pass 45 °C. Drives installed in sheds without ventilation run above their rated ambient, and the result is overtemperature trips, shortened capacitor life and fan failures every summer. Coal handling and steel units add conductive dust that tracks across terminals and busbars. The long rural feeders outside the estates bring voltage dips and single-phasing.

Nagpur is the one major hub within a night's drive of Hyderabad, so we can send an engineer by road or overnight train with spare drives and parts, as well as by air. Along with repairs we check derating against actual cabinet temperature and recommend cooling improvements before the next hot season. See [VFD repair](/services/vfd-repair) and [annual maintenance contracts](/services/annual-maintenance-contracts).`,
  },
  {
    slug: "delhi-ncr",
    name: "Delhi NCR",
    state: "Delhi, Haryana and Uttar Pradesh",
    region: "Major industrial hub",
    industrialAreas: [
      "IMT Manesar",
      "Gurugram (Udyog Vihar)",
      "Faridabad",
      "Noida and Greater Noida",
      "Okhla Industrial Area",
      "Sahibabad",
      "Bawal",
    ],
    industries: [
      "Automobiles and two-wheelers",
      "Auto components",
      "Electronics and mobile phones",
      "Engineering",
      "Garments",
      "Packaging",
    ],
    response:
      "Next day: engineers fly from Hyderabad after same-day remote triage; boards are couriered to our Balanagar workshop and returned by air courier.",
    travel: "About 1,550 km from Hyderabad by road; reached by flight to Indira Gandhi International Airport.",
    intro: `The National Capital Region is India's largest manufacturing region in the north. Manesar and Gurugram hold car and two-wheeler plants with their component suppliers, Bawal extends the belt towards Rajasthan, Faridabad is an old engineering and component centre, Noida and Greater Noida have large electronics and mobile-phone factories, and Okhla and Sahibabad have garment, printing, packaging and light-engineering units.

The climate is one of extremes. Summer brings heat above 45 °C and dust storms that clog panel filters and heat sinks; winter brings fog and cold nights, and panels that cool overnight collect condensation that causes faults at the morning start-up. Urban air pollution adds corrosive gases that attack silver and copper contacts over time. Automotive lines here are heavily automated, and their breakdowns are mostly in servo systems, PLC I/O, field networks and robot controllers.

Plants in NCR mainly use us for component-level repair of servo amplifiers, drives, PLC modules and power supplies, including older units that makers will only exchange. Units are couriered to Balanagar, repaired and load-tested, and returned by air courier; for site problems we give remote guidance the same day and fly an engineer in the next day. See [servo drive repair](/services/servo-drive-repair).`,
  },
  {
    slug: "kolkata",
    name: "Kolkata",
    state: "West Bengal",
    region: "Major industrial hub",
    industrialAreas: ["Howrah", "Haldia", "Kalyani", "Dankuni", "Taratala", "Budge Budge and the Hooghly jute belt"],
    industries: [
      "Engineering and foundries",
      "Jute",
      "Petrochemicals and refining",
      "Steel re-rolling",
      "FMCG and food",
      "Port handling",
    ],
    response:
      "Next day: engineers fly from Hyderabad after same-day remote triage; boards are couriered to our Balanagar workshop and returned by air courier.",
    travel: "About 1,500 km from Hyderabad by road; reached by flight to Kolkata airport.",
    intro: `Kolkata is one of India's oldest industrial centres. Howrah across the river has been an engineering and foundry centre for over a century; jute mills line both banks of the Hooghly north and south of the city; Taratala, Dankuni and Kalyani have engineering, food and FMCG plants; and Haldia, at the river mouth, has a refinery, petrochemical plants and a port.

Age is what sets the work. Jute mills and older engineering works still run DC drives, slip-ring motors with rotor resistance starters, and relay logic panels that have been patched for decades. Parts are scarce, drawings often missing, and a failure can stop a department for days. Howrah's foundries run induction furnaces and heavy cranes, and the humid climate of the delta, with its long monsoon, causes corrosion and insulation breakdown in motors and panels.

We help Kolkata plants in two ways. Failed DC drive, AC drive and PLC boards are couriered to our Balanagar workshop for component-level repair and load testing. For equipment that cannot be kept running economically, our engineers fly in to survey the installation and plan a staged retrofit, for example a digital DC drive in place of an old one, keeping the motor, or a PLC in place of relay logic, with drawings prepared for the plant. See [PLC repair and programming](/services/plc-repair-programming).`,
  },
  {
    slug: "jamshedpur",
    name: "Jamshedpur",
    state: "Jharkhand",
    region: "Major industrial hub",
    industrialAreas: ["Tata Steel works and its ancillaries", "Adityapur Industrial Area", "Gamharia", "Telco (Tata Motors) area"],
    industries: ["Steel", "Commercial vehicles", "Auto components", "Forging and casting", "Engineering and fabrication"],
    response:
      "Next day: engineers fly from Hyderabad to Ranchi or Kolkata and travel on by road; boards are couriered to our Balanagar workshop.",
    travel:
      "About 1,300 km from Hyderabad by road; reached by flight to Ranchi (about 130 km from Jamshedpur) or by train to Tatanagar.",
    intro: `Jamshedpur was built around its steel works and remains a steel and vehicle town. The integrated steel plant sits at the centre, the commercial-vehicle plant in the Telco area builds trucks, and the Adityapur Industrial Area across the Kharkai river, with Gamharia, holds the component makers, forge shops, foundries and fabricators that supply both.

Ancillary units to a steel plant and a truck plant share some typical problems. Forging shops run heavy presses, hammers and induction billet heaters, whose power stages and control boards are stressed by heat and vibration. Machine shops run CNC lines turning axles, gears and crankshafts, with spindle and servo drives that must not stop when the vehicle plant is waiting for parts. Steel-plant contractors deal with cranes, conveyors and rolling equipment in conductive dust and heat, where DC drives are still common.

Jamshedpur is a next-day destination for us. Most plants use our workshop route: induction heater boards, servo and spindle amplifiers, DC and AC drive boards are couriered to Balanagar, repaired at component level and tested under load. For breakdowns needing site work, or for planned retrofits of old drives, engineers travel in via Ranchi or Kolkata. See [servo drive repair](/services/servo-drive-repair) and [VFD repair](/services/vfd-repair).`,
  },
  {
    slug: "raipur",
    name: "Raipur",
    state: "Chhattisgarh",
    region: "Major industrial hub",
    industrialAreas: ["Urla Industrial Area", "Siltara Industrial Area", "Bhilai–Durg", "Baloda Bazar cement belt"],
    industries: [
      "Sponge iron and steel",
      "Steel re-rolling",
      "Ferro alloys",
      "Cement",
      "Power",
      "Rice milling",
    ],
    response:
      "Next day: engineers fly from Hyderabad or travel overnight by road or train via Nagpur; boards are couriered to our Balanagar workshop.",
    travel:
      "About 800 km from Hyderabad by road through Nagpur; reached by flight to Raipur airport.",
    intro: `Raipur is the hub of one of India's biggest secondary-steel regions. Urla and Siltara industrial areas hold sponge-iron kilns, induction furnaces, steel re-rolling mills and ferro-alloy plants; the Bhilai steel plant is 30 km away; and the limestone belt around Baloda Bazar supports several large cement plants. Captive power plants and rice mills add to the load.

Steel plants here are hard on electrical equipment. Induction furnaces inject heavy harmonics into the plant supply, overheating capacitor banks and transformers and disturbing drives; rolling mills still run DC drives on mill stands alongside newer AC drives on shears, coolbeds and pinch rolls; sponge-iron kilns depend on kiln drives, ID fans and product coolers that cannot stop without losing the kiln's temperature profile. Everything works in heat and in dust that is often conductive.

We support Raipur plants with next-day visits by air or overnight by road, and with component-level repair of DC drive, AC drive and soft-starter boards through our Balanagar workshop. For mills still running old analogue DC drives we plan retrofits to current digital DC drives, keeping the motors and re-tuning the loops. Where capacitor banks keep failing, we measure harmonics and recommend detuned reactors or filters sized to the measured spectrum. See [energy audit and power quality](/services/energy-audit).`,
  },
  {
    slug: "indore",
    name: "Indore",
    state: "Madhya Pradesh",
    region: "Major industrial hub",
    industrialAreas: ["Pithampur", "Sanwer Road Industrial Area", "Dewas", "Palda"],
    industries: [
      "Commercial vehicles and auto components",
      "Pharmaceuticals",
      "Soya and food processing",
      "Engineering",
      "Textiles",
    ],
    response:
      "Next day: engineers fly from Hyderabad after same-day remote triage; boards are couriered to our Balanagar workshop and returned by air courier.",
    travel: "Roughly 850 km from Hyderabad by road; reached by flight to Indore airport.",
    intro: `Indore is the commercial capital of Madhya Pradesh, and its main industrial area is at Pithampur, about 30 km south-west, where commercial-vehicle and tractor plants, component suppliers and a pharmaceutical SEZ are concentrated. Sanwer Road and Palda are older estates within the city; Dewas, an hour to the east, has pharmaceutical and engineering plants; and the region's soya-bean crop supports solvent-extraction plants and food processing.

Soya solvent-extraction plants use hexane and are classified as hazardous areas around the extractor and desolventiser. Motors, drives and instruments there must keep their flameproof or increased-safety certification, drives must be located outside the hazardous zone or in certified enclosures, and any repair must respect the certificate. Vehicle and component plants run robotic welding, press and machining lines with servo drives and PLCs, and pharmaceutical units have the utility and GMP requirements familiar from Hyderabad.

Indore plants reach us for next-day site visits by flight and for component-level repair of drives, servo amplifiers and PLC modules through our Balanagar workshop. In solvent-extraction plants we work under the plant's permit system and check that the drive and motor combination is suitable for inverter duty in the classified area before it is returned to service. See [VFD repair](/services/vfd-repair).`,
  },
  {
    slug: "aurangabad",
    name: "Aurangabad (Chhatrapati Sambhajinagar)",
    state: "Maharashtra",
    region: "Major industrial hub",
    industrialAreas: ["MIDC Waluj", "MIDC Chikalthana", "MIDC Shendra", "AURIC, Bidkin", "Paithan"],
    industries: [
      "Two-wheelers, cars and auto components",
      "Pharmaceuticals",
      "Breweries and beverages",
      "Engineering",
      "Seeds and agro-processing",
    ],
    response:
      "Next day: engineers fly or travel by road from Hyderabad; boards are couriered to our Balanagar workshop.",
    travel:
      "About 550 km north-west of Hyderabad by road, nine to ten hours; reached by flight to Aurangabad airport or by road.",
    intro: `Chhatrapati Sambhajinagar, still widely called Aurangabad, is Marathwada's industrial centre. MIDC Waluj is dominated by a two-wheeler plant and its component suppliers; Shendra has car and component manufacturing; Chikalthana holds pharmaceutical plants; the new Aurangabad Industrial City (AURIC) at Shendra and Bidkin is part of the Delhi–Mumbai Industrial Corridor; and the city has a well-known cluster of breweries.

Component suppliers at Waluj run high-volume machining, pressing, welding and assembly lines that feed the vehicle plants on a tight schedule, so servo, spindle and PLC failures are the urgent calls. Breweries and beverage plants run brewhouses, fermentation cooling, bottling and canning lines, with ammonia or glycol refrigeration, CIP systems, and conveyors and fillers on drives and servo systems, where wash-down and humidity are constant. Pharmaceutical plants have the utility, HVAC and GMP needs we see in Hyderabad. The region's summer heat and limited water add stress on cooling towers and panel cooling.

Aurangabad plants use our workshop route for component-level repair of servo amplifiers, drives and PLC modules, with units couriered to Balanagar and returned after load testing. Engineers reach the city the next day by air or road for breakdowns and planned work. See [servo drive repair](/services/servo-drive-repair).`,
  },
];

// ── How each city-page service is delivered, by region ──────────────────────

export const cityServiceAngles: CityServiceAngles = {
  "vfd-repair": {
    "Hyderabad industrial belt":
      "An engineer diagnoses the drive on site within 2-4 hours, fits a stock unit where the process cannot wait, and brings the failed drive to our Balanagar workshop for component-level repair and load testing in 24-48 hours.",
    Telangana:
      "An engineer reaches the plant the same day with spare drives in the common ratings; failed units travel back with the engineer or by transporter for workshop repair, and are returned after load testing.",
    "Andhra Pradesh":
      "Engineers reach coastal and Rayalaseema plants the same or next day by road or flight; failed drives are repaired at board level in Balanagar and returned by courier, with parameters restored on site if needed.",
    "Major industrial hub":
      "Failed drives are couriered to our Balanagar workshop for board-level repair and load testing and returned by air courier; where available we send a loan drive in the meantime, and an engineer flies in the next day for site work.",
  },
  "plc-repair-programming": {
    "Hyderabad industrial belt":
      "An engineer attends within 2-4 hours with a programming laptop and common I/O spares, backs up the program before any change, and repairs failed CPUs, power supplies and I/O modules in our workshop.",
    Telangana:
      "An engineer attends the same day with programming tools and spare modules; program backups are taken on the first visit, and failed modules come back to Balanagar for repair.",
    "Andhra Pradesh":
      "Programming and fault-finding are done on site by an engineer arriving the same or next day, with remote support beforehand where the plant allows a secure connection; failed modules are repaired in Balanagar.",
    "Major industrial hub":
      "Failed CPUs, I/O and communication modules are couriered to Balanagar for repair and tested on a rack before return; program changes and migrations are done by an engineer on site, after remote review of the backup.",
  },
  "servo-drive-repair": {
    "Hyderabad industrial belt":
      "Parameters and machine data are backed up on site, the amplifier or drive comes to our workshop for component-level repair, and an engineer refits it and checks the axis, typically within 24-48 hours.",
    Telangana:
      "An engineer attends the same day to back up parameters and remove the unit; repaired amplifiers are returned and refitted with the axis tuned and referenced.",
    "Andhra Pradesh":
      "Amplifiers and servo motors can be couriered to Balanagar or collected by an engineer arriving the same or next day; repaired units are refitted and the axes re-referenced on site.",
    "Major industrial hub":
      "Servo amplifiers, spindle drives and power supply modules are couriered to Balanagar for component-level repair and run on a test motor before return; an engineer flies in when the axis needs re-tuning or referencing on the machine.",
  },
  "motor-repair-rewinding": {
    "Hyderabad industrial belt":
      "Motors are collected from the plant, rewound or re-bearinged in the workshop, tested for insulation resistance, polarisation index and no-load current, and returned and aligned on site.",
    Telangana:
      "Motors up to a size that can be moved by road are brought to Hyderabad for rewinding and testing; for larger machines our engineer inspects, tests and supervises work on site.",
    "Andhra Pradesh":
      "Smaller motors, servo motors and spindle motors are sent to Balanagar; for large LT and HT motors an engineer tests on site and, where transport is impractical, supervises a local rewinder and witnesses the final tests.",
    "Major industrial hub":
      "Servo and spindle motors are couriered to Balanagar for bearing, encoder and winding work; for large motors we test and diagnose on site and recommend whether to rewind locally, with our engineer witnessing the tests if the plant wishes.",
  },
  "24-7-emergency-breakdown-service": {
    "Hyderabad industrial belt":
      "Calls are answered around the clock and an engineer is on site within 2-4 hours, day or night, with spare drives and parts in the vehicle.",
    Telangana:
      "Calls are answered around the clock and an engineer leaves Hyderabad at once, reaching the plant the same day; the plant's team is talked through safe checks by phone in the meantime.",
    "Andhra Pradesh":
      "Calls are answered around the clock with immediate telephone guidance; an engineer reaches the plant the same day by road or by the first flight, or the next morning for distant sites.",
    "Major industrial hub":
      "Calls are answered around the clock with immediate telephone and remote support; an engineer travels on the next available flight or train, and repaired or replacement units are sent by air courier.",
  },
  "control-panel-fabrication": {
    "Hyderabad industrial belt":
      "Panels are designed, built and factory-tested in Hyderabad with the plant's engineers invited to witness the test, then installed, terminated and commissioned by our team.",
    Telangana:
      "Panels are built and tested in Hyderabad, delivered by road, and installed and commissioned on site by our engineers, with drawings handed over as built.",
    "Andhra Pradesh":
      "Panels are built and factory-tested in Hyderabad, transported by road with packing suited to the distance, and commissioned on site; coastal sites get sealed enclosures with cooling or anti-condensation heaters as specified.",
    "Major industrial hub":
      "Panels are designed and built in Hyderabad, factory-tested with the customer present or on video, shipped by road transporter, and installed and commissioned by engineers who travel to site for the work.",
  },
  "annual-maintenance-contracts": {
    "Hyderabad industrial belt":
      "Scheduled preventive visits, priority breakdown response within 2-4 hours, and thermography, drive cleaning and backups done to a plan agreed with the plant.",
    Telangana:
      "Preventive visits are scheduled by road, often grouped with other plants in the area, with same-day breakdown response and pre-season checks for seasonal industries.",
    "Andhra Pradesh":
      "Preventive visits are planned as multi-day trips covering the contract scope, with same- or next-day breakdown response and board repairs through the Balanagar workshop.",
    "Major industrial hub":
      "Contracts cover planned preventive visits by travelling engineers, workshop repairs with priority turnaround, and next-day site response, with remote support between visits.",
  },
  "energy-audit": {
    "Hyderabad industrial belt":
      "Engineers measure on site with power-quality analysers and flow, temperature and air-leak instruments, usually over several visits through the plant's production cycle, and present the report in person.",
    Telangana:
      "The audit team spends consecutive days on site to log loads through full shifts, then prepares the report in Hyderabad and presents it at the plant.",
    "Andhra Pradesh":
      "The audit team travels with its instruments and logs loads through full production shifts; the report is presented on site or by video with the plant's engineers.",
    "Major industrial hub":
      "The audit team travels with its instruments for a planned site campaign, logs loads through representative shifts, and presents the report on site or by video.",
  },
};

// ── Products ────────────────────────────────────────────────────────────────

export const products: ProductSeed[] = [
  {
    slug: "ac-drives",
    name: "AC drives (VFDs)",
    summary:
      "New and reconditioned low-voltage AC drives for 415 V and 690 V supplies, supplied with installation, parameter setting and commissioning.",
    brands: [
      "ABB ACS180 / ACS380 / ACS580 / ACS880",
      "Siemens SINAMICS V20 / G120 / G120C / G120X",
      "Danfoss VLT Micro Drive FC 51 / VLT HVAC Drive FC 102 / VLT AQUA Drive FC 202 / VLT AutomationDrive FC 302",
      "Schneider Electric Altivar ATV12 / ATV320 / ATV340 / ATV630 / ATV930",
      "Yaskawa V1000 / A1000 / GA500 / GA700",
      "Mitsubishi Electric FR-D700 / FR-E800 / FR-F800 / FR-A800",
      "Delta VFD-E / MS300 / C2000 / CP2000",
      "Allen-Bradley PowerFlex 525 / 753 / 755",
    ],
    notes: [
      "Supplied with parameter transfer from the failed unit where its keypad, memory card or a backup survives.",
      "Older series no longer sold new, such as MICROMASTER 440 and Altivar 71, are supplied reconditioned, with a migration path to the current series when the plant is ready.",
      "Reconditioned units are load-tested on our bench before dispatch and carry the same 6-month warranty as our repairs.",
      "Input and output reactors, EMC filters, dV/dt filters and braking resistors sized to the application on request.",
    ],
  },
  {
    slug: "servo-drives-and-motors",
    name: "Servo drives and servo motors",
    summary:
      "Servo amplifiers, servo motors and cables for packaging machines, CNCs and automated assembly, matched to the existing motor and feedback type.",
    brands: [
      "Siemens SINAMICS V90 with 1FL6 motors / SINAMICS S120 with 1FK7 motors",
      "Mitsubishi Electric MELSERVO-J4 / J5 (MR-J4, MR-J5)",
      "Yaskawa Sigma-5 / Sigma-7",
      "Delta ASDA-B2 / ASDA-A2 / ASDA-B3 / ASDA-A3",
      "Panasonic MINAS A5 / A6",
      "Allen-Bradley Kinetix 5500 / 5700",
      "Fanuc alpha i and beta i servo amplifiers and motors",
      "Bosch Rexroth IndraDrive",
    ],
    notes: [
      "Matched to the existing motor, encoder type and cable set, so that the axis does not need rewiring.",
      "Parameters copied from the failed amplifier or the machine backup, and the axis referenced and tuned on site.",
      "Reconditioned amplifiers are run on a test motor under load before dispatch.",
    ],
  },
  {
    slug: "plc-cpus-and-io",
    name: "PLC CPUs, I/O and communication modules",
    summary:
      "CPUs, power supplies, digital and analogue I/O, and communication modules for current and discontinued PLC families, supplied with program loading and testing.",
    brands: [
      "Siemens SIMATIC S7-200 SMART / S7-300 / S7-400 / S7-1200 / S7-1500, ET 200M / ET 200SP",
      "Allen-Bradley MicroLogix 1100 / 1400, SLC 500, CompactLogix 5370 / 5380, ControlLogix 5570 / 5580",
      "Mitsubishi Electric MELSEC FX3U / iQ-F FX5U / Q series / iQ-R",
      "Schneider Electric Modicon M221 / M241 / M340 / M580",
      "Omron CP1E / CP1H / CJ2M / NX1P",
      "Delta DVP-ES2 / DVP-SS2 / DVP-SX2 / AS300",
    ],
    notes: [
      "The program is loaded from the plant's backup or read from the failed CPU's memory card where possible, and the module is tested on a rack before it goes to site.",
      "Discontinued modules, for example for S7-300 and SLC 500, are supplied reconditioned and tested, with advice on planning a migration.",
      "Firmware versions are matched to the existing hardware configuration so the program loads without changes.",
    ],
  },
  {
    slug: "hmis",
    name: "HMIs and operator panels",
    summary:
      "Touch panels and operator panels, new or reconditioned, supplied with the project loaded and communication to the PLC tested.",
    brands: [
      "Siemens SIMATIC HMI Basic Panels (KTP400 / KTP700 / KTP900 Basic) and Comfort Panels (TP700 / TP900 / TP1200 Comfort)",
      "Allen-Bradley PanelView 800 / PanelView Plus 7",
      "Mitsubishi Electric GOT2000 (GT25 / GT27)",
      "Schneider Electric Harmony (Magelis) GTO / STU",
      "Weintek MT8000iE / cMT series",
      "Delta DOP-100 series",
      "Omron NB / NA series",
    ],
    notes: [
      "Project loaded from the plant's backup, or recovered from the failed panel where its memory is readable.",
      "Where the old panel is obsolete, the screens are converted to a current panel of the same make and cut-out size where one exists, or an adaptor plate is made.",
      "Touch screens, backlights and power supplies of many panels can be repaired instead of replaced; ask before buying new.",
    ],
  },
  {
    slug: "soft-starters",
    name: "Soft starters",
    summary:
      "Soft starters for pumps, fans, compressors and conveyors, supplied with installation, current-limit and ramp setting, and protection co-ordination.",
    brands: [
      "ABB PSR / PSE / PSTX",
      "Siemens SIRIUS 3RW30 / 3RW40 / 3RW44 / 3RW5",
      "Schneider Electric Altistart ATS01 / ATS22 / ATS48 / ATS480",
      "Danfoss VLT Soft Starter MCD 100 / MCD 200 / MCD 500 / MCD 600",
      "Allen-Bradley SMC-3 / SMC Flex / SMC-50",
    ],
    notes: [
      "Sized for the actual starting duty (starts per hour, load inertia, ambient) rather than only the motor rating.",
      "Supplied with bypass contactor and semiconductor fuse recommendations where the application needs them.",
      "Start current limit, ramp times and protection settings recorded on the commissioning sheet.",
    ],
  },
  {
    slug: "industrial-ups-and-batteries",
    name: "Industrial UPS, DC chargers and batteries",
    summary:
      "Online UPS systems for PLCs, DCS, SCADA and instrumentation, float-cum-boost DC chargers, and replacement battery banks, installed and load-tested.",
    brands: [
      "APC by Schneider Electric Smart-UPS SRT / Galaxy VS",
      "Eaton 9SX / 9PX / 93PM",
      "Vertiv Liebert GXT / ITA2",
      "Exide and Amara Raja stationary VRLA batteries",
      "Float-cum-boost chargers for 24 V, 110 V and 220 V DC systems",
    ],
    notes: [
      "Battery banks are discharge-tested on site before and after replacement, and the results are recorded.",
      "UPS sizing is checked against the measured load, including inrush of the loads it feeds.",
      "Old batteries are taken back for disposal through authorised recyclers.",
    ],
  },
  {
    slug: "apfc-capacitors",
    name: "Capacitors, reactors and controllers for APFC panels",
    summary:
      "Power capacitors, detuned reactors, capacitor-duty contactors, thyristor switching modules and APFC relays for new panels and for repairing existing ones.",
    brands: [
      "TDK (EPCOS) PhaseCap / PhiCap capacitors, BR6000 / BR7000 power factor controllers, TSM thyristor modules",
      "Schneider Electric VarPlus capacitors and VarPlus Logic controllers",
      "ABB CLMD capacitors",
      "Siemens SIRIUS 3RT16 capacitor-switching contactors",
      "Schneider Electric TeSys capacitor-duty contactors",
    ],
    notes: [
      "Where harmonics are present, capacitors are supplied with detuned reactors (7 % or 14 %) selected from measured harmonic levels, and capacitor voltage rating chosen to suit the reactor.",
      "Existing panels are checked step by step with capacitance measurement before replacement parts are ordered.",
      "Supplied with installation and controller setting (C/k value, switching time, target power factor).",
    ],
  },
  {
    slug: "contactors-relays-mccbs",
    name: "Contactors, relays, MPCBs and MCCBs",
    summary:
      "Motor-control and distribution switchgear for MCC and PCC panels, matched to existing panel layouts and protection settings.",
    brands: [
      "Siemens SIRIUS 3RT2 contactors / 3RU2 overload relays / 3RV2 motor protection breakers, SENTRON 3VA MCCBs",
      "Schneider Electric TeSys D / TeSys F contactors, GV2 / GV3 motor breakers, ComPacT NSX MCCBs",
      "ABB AF contactors, MS132 motor breakers, Tmax XT MCCBs",
      "Lauritz Knudsen (formerly L&T Electrical & Automation) MNX contactors and DN MCCBs",
      "Omron MY / G2R / H3CR relays and timers, Finder 40 / 46 series relays, Phoenix Contact PLC-RSC interface relays",
      "Pilz PNOZ safety relays",
    ],
    notes: [
      "Replacements are selected for the same frame and mounting so that panel wiring is not disturbed.",
      "Breaker and overload settings are set from the motor nameplate and protection study, and recorded.",
      "Type 2 co-ordination of contactor, overload and short-circuit protection checked against the maker's tables for new starters.",
    ],
  },
  {
    slug: "encoders",
    name: "Encoders and resolvers",
    summary:
      "Incremental and absolute encoders for motors, spindles and conveyors, with cables and couplings, mounted and aligned on site.",
    brands: [
      "Heidenhain ERN 1387 / ECN 1313 / ROD 426",
      "Kübler Sendix 5000 / 5020",
      "SICK DFS60 / AFS60 / AFM60",
      "Omron E6B2-C / E6C2-C",
      "Autonics E40 / E50S",
      "Fanuc alpha i / beta i pulsecoders",
    ],
    notes: [
      "Matched for resolution, output type (HTL, TTL, sin/cos, EnDat, SSI) and mounting; substitutes are proposed only with the drive's compatibility confirmed.",
      "Commutation offset set on servo motors after replacement, and the axis referenced.",
      "Shielded cables and correct screen termination supplied with the encoder, since many encoder faults are cable faults.",
    ],
  },
  {
    slug: "drive-spares",
    name: "Cooling fans and power spares for drives",
    summary:
      "Cooling fans, DC bus capacitors, IGBT and thyristor modules, rectifier bridges and semiconductor fuses for repair and preventive replacement.",
    brands: [
      "ebm-papst, Sanyo Denki San Ace and Delta Electronics cooling fans",
      "Nippon Chemi-Con, Rubycon, Nichicon and TDK (EPCOS) electrolytic capacitors",
      "Infineon, Mitsubishi Electric, Fuji Electric and Semikron IGBT modules",
      "Semikron and Infineon thyristor and diode modules",
      "Eaton Bussmann and Mersen semiconductor fuses",
    ],
    notes: [
      "Power semiconductors bought through authorised distribution channels to avoid counterfeit parts, and tested before fitting.",
      "Capacitors from stock are reformed before supply if they have been stored beyond the maker's limit.",
      "Preventive fan and capacitor replacement can be scheduled under an AMC for drives approaching the end of their components' life.",
    ],
  },
  {
    slug: "panel-accessories",
    name: "Panel accessories",
    summary:
      "Cooling, power supply, terminal, metering and surge-protection components for new and existing control panels.",
    brands: [
      "Rittal TopTherm filter fans, Blue e cooling units and SK thermostats and hygrostats",
      "Phoenix Contact QUINT / Siemens SITOP / Mean Well SDR power supplies",
      "Phoenix Contact, Weidmüller and WAGO terminal blocks",
      "Phoenix Contact VAL-MS surge protective devices",
      "Schneider Electric EasyLogic PM2000 and Selec MFM384 multifunction meters",
      "Schneider Electric Harmony XB5 / XB7 and Siemens SIRIUS ACT 3SU1 push buttons and pilot lights",
    ],
    notes: [
      "Panel cooling sized from the heat loss of the installed equipment and the site's ambient temperature.",
      "Anti-condensation heaters with hygrostats recommended for coastal and humid sites.",
      "Installed and wired by our technicians, with the panel drawings updated.",
    ],
  },
];

// ── Power-electronics repair page ───────────────────────────────────────────

export const powerElectronics = `Most failures of AC drives, DC drives, soft starters, UPS systems and induction heaters end in the power section: the semiconductors, their gate drivers, the DC bus and the supplies that power the control boards. Our Balanagar workshop repairs these assemblies at component level, finds why they failed, and tests them at real current before they go back to a plant.

## What we repair

| Assembly | Where it is found | Typical failure |
|---|---|---|
| IGBT modules and intelligent power modules | Inverter stage of AC drives, servo amplifiers, UPS inverters, induction heaters | Collector-emitter short after overcurrent or desaturation, gate-emitter damage, lifted bond wires and cracked substrates after long thermal cycling |
| Thyristor (SCR) and diode bridges | DC drives, soft starters, drive input rectifiers, battery chargers, rectifiers for plating and formation | Shorted junction after a supply surge, open gate, loss of blocking voltage, overheated module after fan failure |
| Gate driver boards | Between the control board and every IGBT or thyristor | Failed isolated supplies, damaged optocouplers or driver ICs, burnt gate resistors, faulty desaturation detection |
| Switch-mode power supplies (SMPS) | Control and fan supplies inside drives, PLC and HMI power supplies | Dead start-up circuit, failed PWM controller or switching MOSFET, dried-out output capacitors, drifting feedback |
| DC bus capacitor banks | Every voltage-source drive and UPS | Loss of capacitance, rising ESR, venting or bulging, failed balancing resistors on series-connected banks |
| Pre-charge circuits | Between the rectifier and the DC bus | Burnt pre-charge resistor, welded or open bypass relay or contactor, failed half-controlled thyristor bridge |

## How faults are traced

### IGBT modules

When one IGBT shorts, its partner in the same leg, the freewheeling diodes and the gate driver are usually stressed as well. We never replace only the device that is visibly damaged. Every device in the bridge is tested, the gate driver is repaired and checked on the bench before a new module is fitted, and the cause is looked for: a shorted motor cable, an earth fault, a failed current sensor, a clogged heat sink or a wrong parameter. Modules are fitted with fresh thermal interface material, to the manufacturer's mounting torque and sequence, on a heat sink checked for flatness and cleanliness.

### Thyristor and SCR bridges

For DC drives and soft starters we test blocking leakage in both directions, gate trigger behaviour and the RC snubbers across each device, and we check the semiconductor fuses and their ratings. After repair, firing pulses are checked on an oscilloscope with a resistive load or the motor field before the armature circuit is energised. This applies to DC drives such as the Siemens SIMOREG 6RA70, Parker SSD 590 and ABB DCS800 families as much as to soft starters.

### Gate drivers and SMPS

Gate drivers are powered from isolated supplies and switch the device on and off at the right levels; desaturation detection turns the device off in microseconds if it comes out of saturation under a short circuit. We test each channel with pulses from a signal generator and watch the gate waveform, supply levels and fault feedback on an oscilloscope. SMPS boards are brought up on a current-limited supply and then loaded at their rated output while output ripple and regulation are checked.

### DC bus capacitors and pre-charge

Electrolytic capacitors are measured for capacitance and ESR and checked for leakage current at working voltage. Banks of series-connected capacitors are replaced as a matched set, with their balancing resistors checked. Drives and spare capacitors that have been unpowered longer than the manufacturer allows are reformed with a slowly raised, current-limited DC voltage. A burnt pre-charge resistor is almost never the root cause: we look for the bypass relay, contactor or thyristor that failed to take over, or for a short on the DC bus, before replacing it.

## Test methods

- **Static tests.** A meter's diode test is only a first screen. Power devices are tested on a curve tracer and dedicated semiconductor tester for leakage at blocking voltage, gate threshold and gate leakage, and diode forward voltage, and devices in one bridge are compared with each other.
- **Powered tests with limited energy.** A repaired power section is first brought up from a current-limited supply, so that a remaining fault shows as a limited current rather than a second failure.
- **Load tests.** Drives are run on induction motors coupled to a load on our test bench. We check output current balance on all three phases, acceleration and deceleration, current limit, braking chopper operation with a resistor, and behaviour across the speed range, and we look at the power module and capacitors with a thermal camera.
- **Burn-in.** After load testing, units run under power for a burn-in period before dispatch, so that an early failure of a new component happens on our bench rather than on your line.

Insulation testers are never applied to drive terminals: the motor and cable are tested with the drive disconnected.

## ESD handling

Gate drivers, control boards and IGBT gates can be damaged by static discharges well below what a person can feel, and the damage may show only weeks later. Our repair benches follow the practice of IEC 61340-5-1: grounded dissipative mats, wrist straps tested at the start of each shift, and ESD-safe tools. Boards move between benches and to and from site in shielding bags, and new IGBT modules keep their conductive gate protection until they are mounted and connected. We ask plants to send boards in anti-static bags, not wrapped in newspaper or loose in a carton.

## Safety before work starts

The DC bus of a drive stays charged after the supply is isolated. Our technicians wait for the discharge time marked on the unit and then confirm with a meter that the bus is dead before any work begins, on the bench and at site.

## What you receive

Each unit comes back with a job report: the components replaced, the measured values of the failed parts, the probable cause of failure, the test results, and anything in the installation we recommend you check, such as ventilation, supply quality or motor cable condition. Repairs carry our 6-month warranty. If a power section is not economic to repair, or the parts cannot be sourced reliably, we say so and quote a replacement instead.

To send a unit, [raise a request](/request) or see [VFD repair](/services/vfd-repair). Fault-code tables for common drives are on [technical data](/technical-data).`;

// ── Future Services ─────────────────────────────────────────────────────────

export const futureServices: FutureServiceSeed[] = [
  {
    slug: "predictive-maintenance",
    title: "Predictive maintenance",
    summary:
      "Finding failing bearings, windings, connections and drives from measurements, so that repairs are planned into shutdowns instead of forced by breakdowns.",
    body: `Most plants we serve still run equipment to failure or on fixed-interval maintenance. Condition-based maintenance replaces guesswork with measurement: vibration shows bearing wear, misalignment and looseness months before a seizure; thermography finds hot joints and overloaded breakers; insulation resistance and polarisation index trends show windings losing their insulation; and the fault and alarm histories stored in modern drives show a motor or load that is getting harder to drive.

### What we measure

- Vibration on motors, fans, pumps and gearboxes, assessed against the severity zones of ISO 10816 / ISO 20816 for the machine class
- Thermal images of panels, busbars, cable terminations and motors under load
- Insulation resistance and polarisation index of LT motors
- Drive data: DC bus ripple, heat-sink temperature, fault logs and operating hours of fans and capacitors

Results are recorded per machine, so that the next survey is compared with the last one and trends, not single readings, decide when to intervene.`,
    status:
      "Offered today: periodic vibration, thermography and insulation surveys, as a standalone service or within an AMC. In pilot: permanently mounted wireless vibration and temperature sensors on selected critical machines at customer sites, with readings reviewed by our engineers.",
  },
  {
    slug: "collaborative-robots",
    title: "Collaborative robots",
    summary:
      "Electrical integration, safety and PLC interfacing of collaborative robots for palletising, machine tending and packing at the end of a line.",
    body: `Collaborative robots can work near people without full guarding, when the application has been risk-assessed and the robot's force, speed and separation limits are set for it. They suit repetitive, low-payload tasks that are hard to staff reliably: end-of-line palletising, loading and unloading a CNC or press, and case packing.

A cobot is only collaborative once the whole cell has been assessed. The relevant standards are ISO 10218-1 and ISO 10218-2 for industrial robots and their integration, and ISO/TS 15066 for collaborative operation, which sets out how contact forces and pressures are limited. Grippers and the parts being handled are often the larger hazard, not the robot arm.

### How we work on cobot cells

- Electrical installation of the cell, power supply and safety circuits
- Interfacing the robot with the line PLC: start, stop, handshakes, fault reporting
- Safety devices such as area scanners, light curtains and emergency stops, wired to the right safety category
- Support for the risk assessment and for validating the safety functions

We work with the robot supplier's programming and do not replace it.`,
    status:
      "Offered today: electrical installation, PLC interfacing and safety-circuit work on robot and cobot cells supplied by others. In pilot: a palletising cell evaluation at a customer site to build our own application and safety validation procedure.",
  },
  {
    slug: "cloud-mes-iiot",
    title: "Cloud MES and IIoT",
    summary:
      "Collecting production, downtime and energy data from PLCs, drives and meters, and making it visible beyond the machine's own HMI.",
    body: `Most plants already have the data they need; it is locked in PLCs, drives and energy meters on the shop floor. An IIoT layer reads it without disturbing the control system, and a manufacturing execution system (MES) turns it into production counts, downtime reasons, OEE and batch records that supervisors and managers can use.

### The building blocks

- **Connection.** Reading PLC tags through OPC UA or the PLC's native protocol, and meters and drives over Modbus RTU or Modbus TCP.
- **Edge gateway.** A gateway in the plant buffers data when the network fails and publishes it, typically over MQTT, to a server in the plant or in the cloud.
- **Applications.** Dashboards for downtime and output, energy per unit of production, and alarm history.

Security comes first. Control networks must be separated from office and internet networks, with the gateway as the only crossing point and no inbound connections to PLCs. Practice from the IEC 62443 series guides how we segment networks and manage access. For regulated plants, the data-integrity requirements of the plant's quality system apply to any record used for release decisions.`,
    status:
      "Offered today: SCADA and HMI systems, OPC UA and Modbus data collection, and energy-meter logging to a plant server. In pilot: gateway-based dashboards for downtime and energy at a small number of customer sites, before offering them as a standard service.",
  },
  {
    slug: "energy-optimisation",
    title: "Energy optimisation",
    summary:
      "Turning energy-audit findings into measured, maintained savings: drives on variable-flow loads, power-factor and harmonic correction, and compressed-air and cooling improvements.",
    body: `An energy audit identifies where energy is wasted. Energy optimisation is the work that follows: putting the measures in place, checking that they deliver, and keeping them working. In the plants we audit, the recurring opportunities are well known:

- Pumps and fans controlled by throttling valves, dampers or bypass lines, where a drive can match speed to demand
- Compressed-air leaks, pressure set higher than needed, and compressors running unloaded
- Power factor below target because APFC steps have failed unnoticed, and capacitors damaged by harmonics
- Cooling towers and chillers running at full fan speed regardless of load
- Lighting and HVAC left on outside production hours

### How we approach it

Every measure starts from logged measurements, not nameplate ratings. We estimate savings from the measured load profile, implement the change, and then measure again under comparable production, so that the result is shown by data. Harmonic levels are assessed against the limits used by the utility and IEEE 519, and capacitor banks are detuned where harmonics require it. Results are presented as energy per unit of output wherever the plant can provide production figures.`,
    status:
      "Offered today: energy audits, VFD retrofits on pumps, fans and cooling towers, APFC panel repair and upgrade, harmonic measurement and detuned capacitor banks, and compressed-air leak surveys. In pilot: continuous monitoring of energy per unit of output using sub-meters and gateways, so that savings are tracked beyond the first month.",
  },
  {
    slug: "industry-4-0",
    title: "Industry 4.0 readiness",
    summary:
      "A practical roadmap for connecting, upgrading and digitising a plant in steps it can afford, starting from the equipment it already has.",
    body: `For most small and medium plants, Industry 4.0 does not begin with new machines. It begins with knowing what the plant has: which controllers and drives are still supported and which are obsolete, which machines can share data, and where a breakdown costs the most. Only then does it make sense to spend on connectivity, analytics or automation.

### The readiness assessment

- **Inventory.** Every PLC, HMI, drive and network in the plant, with firmware versions, support status and the availability of spares and backups.
- **Risk.** Which failures would stop production longest, and whether programs and parameters are backed up.
- **Connectivity.** Which equipment can provide data over standard protocols and what gateways or upgrades are needed.
- **Roadmap.** A phased plan: secure backups and obsolete hardware first, then data collection, then the applications that use it, such as condition monitoring, OEE and energy tracking.

The deliverable is a written report that the plant's management can budget against, with each step useful on its own even if the later steps are delayed.`,
    status:
      "Offered today: automation inventories, obsolescence reviews, program and parameter backups, and phased migration plans for PLCs, HMIs and drives. In pilot: combining these with connectivity and data-collection pilots into a single readiness report.",
  },
];

// ── Projects ────────────────────────────────────────────────────────────────

export const projects: ProjectSeed[] = [
  {
    slug: "api-reactor-agitator-drive-replacement",
    title: "Agitator drive replacement across a reactor block",
    industry: "Pharmaceuticals (API)",
    location: "IDA Pashamylaram, Sangareddy district",
    scope: [
      "Survey of agitator and transfer-pump drives in one production block, with parameters recorded",
      "Replacement of obsolete drives with a current series, mounted in the safe-area MCC room",
      "Output dV/dt filters for long cable runs to flameproof motors",
      "Motor thermistor protection wired to the drives and tested",
      "Parameter sets documented and handed over to the plant",
    ],
    systems: ["ABB ACS580", "Flameproof (Ex d) induction motors certified for inverter duty"],
    outcome:
      "Drives were changed reactor by reactor between batches, so production in the block continued throughout, and the plant now has documented parameters for every agitator.",
  },
  {
    slug: "rolling-mill-dc-drive-retrofit",
    title: "Mill-stand DC drive retrofit",
    industry: "Steel re-rolling",
    location: "Siltara Industrial Area, Raipur",
    scope: [
      "Replacement of ageing armature converters on the finishing stands, retaining the existing DC motors",
      "Field supply, speed and current loops tuned on the running mill",
      "Inter-stand speed cascade and loop control reconnected through the existing PLC",
      "Spare converter tested and left on site",
    ],
    systems: ["Siemens SIMOREG DC-MASTER 6RA70 (removed)", "Siemens SINAMICS DCM 6RA80", "Siemens S7-1200"],
    outcome: "The retrofit was done in a planned shutdown and the mill rolled on the second day after restart.",
  },
  {
    slug: "ahu-drive-and-bms-integration",
    title: "AHU drive replacement and BMS integration",
    industry: "Vaccines and biologics",
    location: "Genome Valley, Shamirpet",
    scope: [
      "Replacement of failed and obsolete AHU fan drives with a current HVAC drive series",
      "Drive communication to the building management system over Modbus RTU",
      "Side-by-side parameter comparison for the plant's change-control records",
      "Room pressure and air-change checks with the plant's validation team after each changeover",
    ],
    systems: ["Danfoss VLT HVAC Drive FC 102", "Modbus RTU to the plant BMS"],
    outcome:
      "Each AHU was changed over during a planned area shutdown, and the cleanroom pressure cascade was restored and verified before the area was released.",
  },
  {
    slug: "cnc-amplifier-repair-programme",
    title: "CNC servo and spindle amplifier repair programme",
    industry: "Automotive components",
    location: "Chakan, Pune",
    scope: [
      "Component-level repair of servo and spindle amplifiers and power supply modules couriered from the plant",
      "Load testing of each repaired unit before return",
      "Failure-cause report per unit, with common causes traced to coolant ingress and clogged fans",
      "A tested spare of each amplifier type held by the plant for exchange",
    ],
    systems: ["Fanuc alpha i servo amplifiers (alpha iSV) and spindle amplifiers (alpha iSP)", "Fanuc alpha i power supply modules (alpha iPS)"],
    outcome:
      "Machines came back into production as each repaired amplifier was returned, and the plant now swaps in its own spare and sends the failed unit to us instead of waiting for an exchange.",
  },
  {
    slug: "formulation-plant-energy-audit",
    title: "Energy audit of utilities at a formulation plant",
    industry: "Pharmaceutical formulations",
    location: "IDA Nacharam, Hyderabad",
    scope: [
      "Logging of main incomer and utility feeders with a Class A power-quality analyser (IEC 61000-4-30)",
      "Compressed-air leak survey and compressor load and unload logging",
      "Chilled-water and cooling-tower fan and pump survey",
      "APFC panel step-by-step capacitance check and harmonic measurement",
      "Report with measures ranked by simple payback",
    ],
    systems: [
      "Power-quality analyser and clamp meters",
      "Ultrasonic leak detector",
      "Screw compressors and chiller plant",
      "APFC panel with detuned capacitor steps",
    ],
    outcome:
      "The plant acted first on the low-cost findings: compressed-air leaks were fixed, failed APFC steps were replaced, and drives were fitted on the cooling-tower fans.",
  },
  {
    slug: "edible-oil-mcc-apfc-panels",
    title: "MCC and APFC panels for an edible-oil refinery",
    industry: "Edible-oil refining",
    location: "Kakinada",
    scope: [
      "Design and fabrication of a motor control centre and an APFC panel",
      "Detuned capacitor steps selected from harmonic measurements on the existing supply",
      "Sealed enclosures with anti-condensation heaters and hygrostats for the coastal site",
      "Factory acceptance test in Hyderabad, site installation and commissioning",
    ],
    systems: [
      "Siemens SENTRON 3VA MCCBs and SIRIUS 3RT2 contactors",
      "TDK (EPCOS) PhaseCap capacitors with 7 % detuned reactors",
      "TDK (EPCOS) BR7000 power factor controller",
    ],
    outcome:
      "The panels passed their factory test with the customer's engineers present and were energised at site without rework.",
  },
  {
    slug: "fmcg-line-night-breakdown",
    title: "Night breakdown on a filling and capping line",
    industry: "FMCG",
    location: "Sri City",
    scope: [
      "Remote fault analysis with the plant's shift team during the night",
      "Engineer at site the next morning via Chennai",
      "Replacement of a failed servo drive from the plant's spares, parameters restored and the axis re-homed",
      "Failed drive repaired at component level in Balanagar and returned as the plant's spare",
    ],
    systems: ["Allen-Bradley CompactLogix 5370", "Allen-Bradley Kinetix 5500", "Allen-Bradley PanelView Plus 7"],
    outcome:
      "The line restarted on the following afternoon, and the repaired drive went back to the plant's stores as a tested spare.",
  },
  {
    slug: "cold-store-amc",
    title: "Annual maintenance for a cold-storage warehouse",
    industry: "Cold chain and warehousing",
    location: "Medchal, Hyderabad",
    scope: [
      "Quarterly thermography of the main LT panel and compressor starters",
      "Cleaning and fan checks on condenser-fan drives before the summer",
      "Soft-starter and contactor inspection, with worn contactors replaced",
      "Phase-failure and surge protection added to the compressor panels",
      "Priority breakdown response within 2-4 hours",
    ],
    systems: [
      "Danfoss VLT Soft Starter MCD 500",
      "Schneider Electric Altivar ATV630 on condenser fans",
      "Screw compressor control panels",
    ],
    outcome:
      "Loose terminations and clogged drive filters found at preventive visits are corrected before the summer load, rather than discovered through a compressor trip.",
  },
  {
    slug: "granite-gang-saw-motor-overhaul",
    title: "Gang-saw motor rewinding and starter upgrade",
    industry: "Granite processing",
    location: "Karimnagar",
    scope: [
      "Rewinding of a gang-saw main motor after winding failure from water ingress",
      "Bearing replacement and terminal box resealing",
      "Replacement of the star-delta starter with a soft starter",
      "Insulation resistance, polarisation index and no-load tests before despatch",
    ],
    systems: ["415 V squirrel-cage induction motor", "Siemens SIRIUS 3RW40 soft starter"],
    outcome:
      "The saw returned to cutting with the rewound motor, and the new starter removed the mechanical shock of the star-delta changeover on the drive belts.",
  },
  {
    slug: "coastal-pharma-drive-refurbishment",
    title: "Drive refurbishment and panel sealing at a coastal pharma plant",
    industry: "Pharmaceuticals (API)",
    location: "Jawaharlal Nehru Pharma City, Parawada, Visakhapatnam",
    scope: [
      "Component-level repair of drives with corroded boards, followed by conformal coating",
      "Migration of discontinued drives to the maker's current series with parameters transferred",
      "Conversion of louvred panels to sealed enclosures with panel air-conditioners",
      "Earth resistance measurement and bonding corrections",
    ],
    systems: [
      "Schneider Electric Altivar 71 (replaced) and Altivar ATV930",
      "Rittal Blue e cooling units",
    ],
    outcome:
      "The corrosion-related trips that had been recurring each monsoon stopped after the panels were sealed and cooled, and the plant kept the repaired drives as spares.",
  },
];

// ── Case studies ────────────────────────────────────────────────────────────

export const caseStudies: CaseStudySeed[] = [
  {
    slug: "cement-kiln-id-fan-drive",
    title: "Restoring a kiln ID fan drive after repeated overtemperature trips",
    industry: "Cement",
    location: "Cement belt, Suryapet district, Telangana",
    challenge:
      "The kiln ID fan drive tripped on overtemperature several times in a hot week and then failed with a short circuit in one inverter module, stopping the kiln.",
    approach:
      "A spare inverter module from the plant's store was reformed, tested and fitted; the failed module was repaired at component level in Balanagar; and the cooling path of the drive room was rebuilt.",
    result:
      "Kiln feed was restored on the second day, the repaired module returned as a tested spare, and the drive room now stays within the drive's rated ambient through the summer.",
    body: `## The plant and the drive

The plant runs a dry-process kiln with a preheater tower. Its kiln induced-draught (ID) fan pulls hot gas through the preheater and kiln, and it is driven by a low-voltage cabinet drive from the ABB ACS800 family in an electrical room beside the preheater. When the ID fan stops, the kiln must stop: feed is cut, the burner is shut down, and the kiln is turned on its auxiliary drive so the shell does not warp while it cools.

## What happened

In a hot week before the monsoon, the drive tripped on the **ACS800 TEMP** fault (drive IGBT temperature excessive) three times over two days. Each time the shift electricians reset it and the kiln came back after a short stop. On the third day the drive tripped on **SHORT CIRC** and would not reset. The plant called us in the evening and an engineer left Hyderabad that night.

## Diagnosis

With the drive isolated and the DC bus confirmed discharged, the engineer found:

- One inverter module with a shorted IGBT, and its gate driver damaged
- Cooling fans in the cabinet running slowly, one with a worn bearing
- Heat-sink fins and the cabinet inlet filters packed with cement dust
- The electrical room's air-conditioner out of service for some weeks, and the room's pressurisation fan drawing unfiltered air through a damaged filter

The overtemperature trips had been warning of the problem. With the fins clogged, fans weak and the room far above its design temperature, the IGBTs had been cycling at high temperature until one failed. The motor and cable were tested with the drive disconnected and were healthy.

## Getting the kiln back

The plant had a spare inverter module in its store, bought with the drive and never powered. Electrolytic capacitors that have stood unpowered for years can fail when full voltage is applied, so the engineer reformed the spare module's DC capacitors with a slowly raised, current-limited supply before fitting it, following the manufacturer's reforming guidance.

Meanwhile the cabinet was cleaned, both failing fans were replaced from our stock, and the heat sinks were blown through. The spare module was fitted, the drive was powered up first without the motor, and then the fan was run up in steps while the team watched module temperatures and current balance. Kiln feed was restored on the second day after the failure.

## Repairing the failed module

The failed module came back to our Balanagar workshop. All IGBTs in it were tested, not only the one that had visibly failed, and the gate driver board was repaired and checked channel by channel with pulse tests before new IGBTs were fitted. The module was then load-tested and put through burn-in before it went back to the plant as its new spare, with a report listing the parts replaced and the measured values of the failed devices.

## Preventing a repeat

The fault was in the room as much as in the drive. With the plant's electrical team we:

- Restored the room air-conditioning and added a temperature alarm to the kiln DCS
- Replaced the pressurisation fan's filters and set up a monthly cleaning schedule
- Added cabinet fan and heat-sink cleaning to the shutdown checklist
- Recorded the drive's fan operating hours so fans are replaced before they wear out

The plant also reviewed its spares for the kiln fans and cooler fans, and now keeps a tested spare module for each critical drive frame, with its capacitors reformed on a schedule.

## Lessons for other plants

Repeated overtemperature trips on a critical drive are a maintenance alarm, not a nuisance to reset. Check the fans, the heat sink and the room before the power stage fails. See [VFD repair](/services/vfd-repair) and [annual maintenance contracts](/services/annual-maintenance-contracts).`,
  },
  {
    slug: "spinning-mill-ring-frame-drives-after-surge",
    title: "Ring frame drives after a supply surge at a spinning mill",
    industry: "Textiles (cotton spinning)",
    location: "Guntur district, Andhra Pradesh",
    challenge:
      "After a pre-monsoon thunderstorm, a group of ring frame main-motor drives and several control supplies failed at once, stopping a large part of the ring spinning department.",
    approach:
      "Triage on site to return the simplest repairs first, batch component-level repair in Balanagar for the rest, and a survey of surge protection, earthing and capacitor switching to find why so many drives failed together.",
    result:
      "The first ring frames ran again within a day; the rest returned as repaired drives came back; and the mill installed co-ordinated surge protection and corrected its earthing and APFC settings.",
    body: `## The mill

The mill spins cotton yarn and runs a long line of ring frames. Each ring frame's main motor is driven by an inverter so that spindle speed can follow a programme through each doff, slower at the start and end of the cop build, to keep yarn tension and end breakage under control. The drives sit in the machine headstocks in a humidified department where cotton fly is always in the air.

## What happened

During a pre-monsoon thunderstorm the mill's supply was disturbed and a number of ring frames stopped at once. Several would not restart, with drives showing no display or tripping immediately on power-up, and some frames had lost their control supply as well. The mill called us that evening and an engineer reached the mill the next morning.

## Triage

The first task was to sort the failures:

- **Input side only.** Drives with blown input fuses, shorted input rectifier diodes or failed surge-suppression varistors, but healthy DC bus and inverter stages. These were repaired on site with parts we carried.
- **Power section and control.** Drives with damage beyond the rectifier, including failed switch-mode supplies and damaged control boards. These were packed in anti-static bags and sent to our Balanagar workshop.
- **Control supplies.** Failed 24 V DC supplies in several headstocks, replaced from stock.

Every drive was tested with a current-limited supply before being connected to the mains, so that no hidden short would cause a second failure. The first ring frames ran again within a day.

## Workshop repair

At Balanagar the remaining drives were repaired at component level as a batch. In each, the rectifier, DC bus capacitors, inverter stage, gate drivers and switch-mode supply were tested, and damaged parts were replaced. The heat sinks and fans were cleaned of packed cotton fly, which had been pushing the drives towards overtemperature for some time. Each drive was load-tested on a motor and run through burn-in before return. Drives went back to the mill in groups as they were completed, and the mill's electricians restored each frame's speed programme from their records.

## Why so many at once

A lightning surge explains some failures; it does not explain why so many drives in one department failed. The survey found three contributing causes:

1. **No co-ordinated surge protection.** The main LT panel had no surge protective device, and the ring frame sub-distribution had none either.
2. **Earthing.** Earth pit resistances were well above the plant's design value, and the lightning protection down-conductors were connected to separate earth electrodes not bonded to the main earth grid, so a strike could raise one part of the installation against another.
3. **Capacitor switching.** The APFC panel was set to switch in steps aggressively, and at night, with light load, it left the supply leading and the voltage high, adding stress on the rectifiers.

## What the mill changed

- Type 1 and Type 2 surge protective devices at the main LT panel, and Type 2 devices at the ring frame distribution boards, selected and installed as a co-ordinated set
- Earth pits rehabilitated and the lightning protection earth bonded to the main earth grid, following IS 3043 and IS/IEC 62305
- APFC controller target and switching delays reset, and failed capacitor steps replaced
- Line reactors added on the drives that did not have them
- Drive heat-sink and fan cleaning added to the department's routine

## Lessons for other mills

When several drives fail in one event, look at the installation before ordering drives. See [VFD repair](/services/vfd-repair) and [energy audit and power quality](/services/energy-audit).`,
  },
  {
    slug: "packaging-line-plc-migration",
    title: "Migrating a packaging line from S7-300 to S7-1500 in a planned shutdown",
    industry: "Food packaging (snacks)",
    location: "Medchal, Hyderabad",
    challenge:
      "A snack packaging line was controlled by an ageing S7-300 with PROFIBUS remote I/O and an obsolete operator panel, with no complete source project and spares becoming hard to find.",
    approach:
      "Recover and document the program, convert it to TIA Portal for an S7-1500 with ET 200SP I/O on PROFINET, test it in simulation, and cut over in a single planned shutdown with the old panel kept ready for rollback.",
    result:
      "The line restarted within the planned shutdown on the new system, with the program documented and backed up and the operators working on familiar screens.",
    body: `## The line

The line takes product from the fryer and seasoning system to the packing hall: incline and distribution conveyors feed several vertical form-fill-seal machines through multihead weighers, and packed bags go through a checkweigher and metal detector to case packing. Each packing machine has its own controller from its maker; the line PLC co-ordinates the conveyors, the product distribution, the interlocks with the weighers and baggers, reject handling and the alarms.

That line PLC was a Siemens S7-300 with ET 200M remote I/O stations on PROFIBUS DP, an older SIMATIC multi panel as the operator interface, and MICROMASTER 440 drives on the conveyors. Siemens has announced the phase-out of the S7-300 range, and the MICROMASTER 440 is no longer sold new. The plant had already had one CPU failure, and its stock of spares was running out.

## The problem with the program

The plant had the program running in the CPU but no complete offline project. A program uploaded from an S7-300 brings back the blocks, but the symbol names and comments that make it readable live only in the offline project. The first step was therefore reconstruction: upload the blocks, rebuild the symbol table from the I/O list, wiring diagrams and the machine on the floor, and comment the logic network by network. The plant's maintenance team walked through each sequence with our engineer so that the documented behaviour matched what operators expected.

## The design

- **Controller.** An S7-1500 CPU, with the reconstructed STEP 7 project migrated into TIA Portal and then converted for the S7-1500, followed by a review of every block that the conversion flagged.
- **I/O.** ET 200SP stations on PROFINET in place of the ET 200M racks, mounted in the existing panels so that field wiring could be moved terminal by terminal.
- **Drives.** SINAMICS G120 drives on PROFINET in place of the MICROMASTER 440 units, with ramps and speeds copied from the old parameter sets.
- **HMI.** A SIMATIC Comfort Panel with screens rebuilt to the same layout, alarm texts and colours as before, so operators did not need retraining.

## Testing before the shutdown

The new program was tested in simulation against the sequences documented during reconstruction: start-up and shutdown, product distribution between baggers, every interlock, reject handling and alarm generation. The panels were built and wired in our workshop and checked against the I/O list, and the drives were pre-configured on the bench.

## The cutover

The cutover was planned for a single weekend shutdown. The old PLC, I/O and drives were left in place and disconnected rather than removed, so that the line could be returned to the old system within hours if the new one could not be made to run. Field wiring was moved to the new ET 200SP terminals, every input and output was checked from the field device to the screen, drives were tested uncoupled and then on their conveyors, and the line was run empty before product was introduced.

The line restarted within the planned shutdown. A few timing adjustments on product distribution were made during the first production shift with the plant's supervisor. The rollback system was removed a few weeks later, once the plant was satisfied.

## What the plant has now

- A documented TIA Portal project with symbols and comments, backed up at the plant and with us
- Current hardware with spares available, and a spares list for the line
- An I/O list, updated drawings and a short maintenance guide for the electricians

See [PLC repair and programming](/services/plc-repair-programming) and [control panel fabrication](/services/control-panel-fabrication).`,
  },
];
