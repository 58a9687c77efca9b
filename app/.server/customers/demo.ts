import { and, asc, inArray, isNull, like, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/index.ts";
import { bulkInsert } from "~/.server/db/index.ts";
import { customers, customerSites, equipmentUnits, serviceRequests } from "~/.server/db/schema.ts";
import { linkRequestsToCustomers } from "./link.ts";
import { generator } from "~/.server/demo/random.ts";

/**
 * The demo's customers (npm run demo): each customer made from the demo requests (~/.server/demo/seed-demo.ts)
 * gets the plant its request names as a site, sometimes a second plant in another industrial area, and the
 * units of equipment a plant like theirs runs, with serial numbers, so that the customer page, the request
 * search by serial number and bench intake have something real to show. Every serial number is invented.
 * Runs again harmlessly: customers that already have a site are left as they are.
 */

/** A second plant some demo customers have, outside Telangana (India's usual industrial belts). */
const SECOND_PLANTS = [
  { name: "Bhiwandi warehouse", address: "Gala 14, Rahnal Village, Bhiwandi", city: "Thane", pincode: "421302", stateCode: "27" },
  { name: "Chakan unit", address: "Plot B-27, MIDC Phase II, Chakan", city: "Pune", pincode: "410501", stateCode: "27" },
  { name: "Jeedimetla unit 2", address: "Plot 81, IDA Phase IV, Jeedimetla", city: "Hyderabad", pincode: "500055", stateCode: "36" },
  { name: "Pashamylaram unit", address: "Plot 40/B, IDA Pashamylaram", city: "Sangareddy", pincode: "502307", stateCode: "36" },
  { name: "Sri City plant", address: "Plot 12, DTZ, Sri City", city: "Tirupati", pincode: "517646", stateCode: "37" },
  { name: "Sanand plant", address: "Plot 219, GIDC Sanand II", city: "Ahmedabad", pincode: "382170", stateCode: "24" },
];

/** PIN codes of the demo plants' areas, by the start of the area's name. */
const PINCODES: Array<[RegExp, string]> = [
  [/Jeedimetla/, "500055"],
  [/Balanagar/, "500037"],
  [/Pashamylaram/, "502307"],
  [/Cherlapally/, "500051"],
  [/Medchal/, "501401"],
  [/Patancheru/, "502319"],
  [/Autonagar/, "530012"],
  [/Mulugu/, "506007"],
  [/Hardware Park/, "501218"],
  [/Nacharam/, "500076"],
  [/Bollaram/, "502325"],
  [/Kukatpally/, "500072"],
];

/** Units a plant runs: kind, make, model, rating, and how their makers' serial numbers look. */
const UNIT_MODELS = [
  { kind: "VFD", make: "ABB", model: "ACS880-01-045A-3", rating: "22 kW 415 V", serial: (n: number) => `1${String(8_700_000_000 + n * 7919).slice(0, 9)}` },
  { kind: "VFD", make: "Siemens", model: "SINAMICS G120 PM240-2", rating: "11 kW 400 V", serial: (n: number) => `XAV${String(400_000 + n * 131).padStart(7, "0")}` },
  { kind: "VFD", make: "Delta", model: "VFD-E VFD055E43A", rating: "5.5 kW 460 V", serial: (n: number) => `055E43A${String(2_270_000 + n * 97)}` },
  { kind: "VFD", make: "Yaskawa", model: "A1000 CIMR-AT4A0031", rating: "15 kW 400 V", serial: (n: number) => `1W${String(20_000_000 + n * 613)}` },
  { kind: "VFD", make: "Allen-Bradley", model: "PowerFlex 525 25B-D017N104", rating: "7.5 kW 480 V", serial: (n: number) => `D${String(36_000_000 + n * 271)}` },
  { kind: "VFD", make: "Mitsubishi", model: "FR-E820-5.5K", rating: "5.5 kW 200 V", serial: (n: number) => `23K${String(100_000 + n * 59).padStart(6, "0")}` },
  { kind: "PLC", make: "Siemens", model: "S7-1200 CPU 1214C DC/DC/DC", rating: "24 V DC", serial: (n: number) => `S C-${"CDEF"[n % 4]}${String(5_000_000 + n * 173)}` },
  { kind: "HMI", make: "Delta", model: "DOP-107BV", rating: "7 inch", serial: (n: number) => `107BV${String(1_020_000 + n * 43)}` },
  { kind: "Servo drive", make: "Yaskawa", model: "Sigma-7 SGD7S-2R8A00A", rating: "400 W 200 V", serial: (n: number) => `D0${String(21_500_000 + n * 389)}` },
  { kind: "Soft starter", make: "ABB", model: "PSTX85-600-70", rating: "45 kW 415 V", serial: (n: number) => `2${String(1_510_000_000 + n * 811).slice(0, 9)}` },
];

const LOCATIONS = ["Extruder line 1", "Extruder line 2", "Cooling tower fan", "ETP blower", "Main panel room", "Packing line", "Boiler feed pump", "Compressor house", "Conveyor C-3", "Mixer M-2"];


export interface DemoCustomersSummary {
  customers: number;
  sites: number;
  units: number;
}

/**
 * Links the demo requests (idempotency keys "demo:...") to their customers, then gives each customer without
 * sites their request's plant as a site (the requests are placed at it), one in five a second plant, and two to
 * four units per plant (the unit named on the request among them).
 */
export async function seedDemoCustomers(db: Database, seed = 20_261_125): Promise<DemoCustomersSummary> {
  return db.transaction(async (tx) => {
    const demo = await tx
      .select({
        id: serviceRequests.id,
        mobile: serviceRequests.mobile,
        name: serviceRequests.contactName,
        company: serviceRequests.company,
        email: serviceRequests.email,
      })
      .from(serviceRequests)
      .where(and(like(serviceRequests.idempotencyKey, "demo:%"), isNull(serviceRequests.customerId)));
    await linkRequestsToCustomers(tx, demo);

    const requests = await tx
      .select({
        id: serviceRequests.id,
        customerId: serviceRequests.customerId,
        siteAddress: serviceRequests.siteAddress,
        city: serviceRequests.city,
        company: serviceRequests.company,
        brand: serviceRequests.equipmentBrand,
        model: serviceRequests.equipmentModel,
        rating: serviceRequests.equipmentRating,
      })
      .from(serviceRequests)
      .where(and(like(serviceRequests.idempotencyKey, "demo:%"), sql`${serviceRequests.customerId} is not null`))
      .orderBy(asc(serviceRequests.createdAt), asc(serviceRequests.id));
    const customerIds = [...new Set(requests.map((r) => r.customerId!))];
    if (customerIds.length === 0) return { customers: 0, sites: 0, units: 0 };
    const withSites = new Set(
      (await tx.selectDistinct({ id: customerSites.customerId }).from(customerSites).where(inArray(customerSites.customerId, customerIds))).map((r) => r.id),
    );
    const fresh = customerIds.filter((id) => !withSites.has(id));
    const rnd = generator(seed);
    let sites = 0;
    let units = 0;
    let serialNo = 0;
    for (const customerId of fresh) {
      const own = requests.filter((r) => r.customerId === customerId);
      const first = own[0]!;
      const area = first.siteAddress?.split(",")[0]?.trim() ?? first.city ?? "Main plant";
      const plantName = `${area.replace(/^(IDA|IE)\s+/, "")} plant`;
      const plants: Array<typeof customerSites.$inferInsert> = [
        {
          customerId,
          name: plantName,
          address: `Plot ${rnd.int(2, 180)}${rnd.pick(["", "/A", "/B", ", Phase II", ", Phase III"])}, ${first.siteAddress ?? area}`,
          city: first.city,
          pincode: PINCODES.find(([re]) => re.test(area))?.[1] ?? null,
          // Every demo plant area is in Telangana (PIN 50xxxx) but Autonagar, Visakhapatnam (53xxxx: Andhra Pradesh).
          stateCode: /Autonagar/.test(area) ? "37" : "36",
        },
      ];
      // One in five has a second plant; the third customer always has one outside Telangana (Bhiwandi,
      // Maharashtra), so that the demo has an inter-state (IGST) customer however few customers there are.
      if (rnd.next() < 0.2) plants.push({ customerId, ...rnd.pick(SECOND_PLANTS) });
      else if (fresh.indexOf(customerId) === 2) plants.push({ customerId, ...SECOND_PLANTS[0]! });
      const made = await tx.insert(customerSites).values(plants).returning({ id: customerSites.id });
      sites += made.length;
      await tx
        .update(serviceRequests)
        .set({ siteId: made[0]!.id })
        .where(inArray(serviceRequests.id, own.map((r) => r.id)));
      const rows: Array<typeof equipmentUnits.$inferInsert> = [];
      for (const [i, site] of made.entries()) {
        // The unit the first request was about, at the main plant, then what else such a plant runs.
        if (i === 0 && first.brand) {
          rows.push({
            customerId,
            siteId: site.id,
            kind: /plc/i.test(first.model ?? "") ? "PLC" : /hmi|dop/i.test(first.model ?? "") ? "HMI" : "VFD",
            make: first.brand,
            model: first.model,
            rating: first.rating,
            serialNumber: `${first.brand.slice(0, 2).toUpperCase()}${String(70_000_000 + customerId * 1_009 + ++serialNo * 17)}`,
            location: rnd.pick(LOCATIONS),
          });
        }
        for (let k = rnd.int(2, 3); k > 0; k--) {
          const m = rnd.pick(UNIT_MODELS);
          rows.push({ customerId, siteId: site.id, kind: m.kind, make: m.make, model: m.model, rating: m.rating, serialNumber: m.serial(customerId * 31 + ++serialNo), location: rnd.pick(LOCATIONS) });
        }
      }
      await bulkInsert(tx, equipmentUnits, rows);
      units += rows.length;
    }
    const count = (await tx.select({ n: sql<number>`count(*)::int` }).from(customers).where(inArray(customers.id, customerIds)))[0]?.n ?? 0;
    return { customers: Number(count), sites, units };
  });
}
