import type { Database } from "~/.server/db/index.ts";
import { products } from "~/.server/db/schema.ts";

/**
 * The demo's products and parts (npm run demo): items the business sells and fits, across the public
 * catalogue's categories (the "product" content entries), with HSN codes at 4 or 6 digits, GST at 18% (the
 * rate for this equipment since September 2025) and prices close to Indian distributor prices in 2026,
 * before tax. A few are unpublished (spares sold only with a repair) so that every tab of the list shows
 * something. Runs again harmlessly: an item already there (make + model + name) is left as it is.
 */

type Demo = {
  category: string;
  make: string;
  model: string;
  name: string;
  hsnSac: string;
  rupees: number;
  unit?: string;
  published?: boolean;
  description?: string;
};

const DEMO_PRODUCTS: Demo[] = [
  { category: "ac-drives", make: "ABB", model: "ACS580-01-017A-4", name: "AC drive 7.5 kW, 415 V", hsnSac: "850440", rupees: 68_500, description: "General-purpose drive, IP21, built-in EMC filter and Modbus RTU." },
  { category: "ac-drives", make: "Danfoss", model: "FC-302 131B0053", name: "VLT AutomationDrive 11 kW, 415 V", hsnSac: "850440", rupees: 1_12_000 },
  { category: "ac-drives", make: "Schneider Electric", model: "ATV320U22N4B", name: "Altivar Machine drive 2.2 kW, 415 V", hsnSac: "850440", rupees: 27_400 },
  { category: "ac-drives", make: "Delta", model: "VFD055C43A", name: "C2000 drive 5.5 kW, 415 V", hsnSac: "850440", rupees: 34_800 },
  { category: "servo-drives-and-motors", make: "Yaskawa", model: "SGD7S-2R8A00A", name: "Sigma-7 servo amplifier 400 W", hsnSac: "850440", rupees: 46_200 },
  { category: "servo-drives-and-motors", make: "Delta", model: "ECMA-C20807RS", name: "ASDA-B2 servo motor 750 W", hsnSac: "8501", rupees: 21_900 },
  { category: "plc-cpus-and-io", make: "Siemens", model: "6ES7214-1AG40-0XB0", name: "S7-1200 CPU 1214C DC/DC/DC", hsnSac: "853710", rupees: 31_500 },
  { category: "plc-cpus-and-io", make: "Siemens", model: "6ES7221-1BH32-0XB0", name: "S7-1200 SM 1221 digital input 16 × 24 V DC", hsnSac: "853890", rupees: 11_800 },
  { category: "plc-cpus-and-io", make: "Allen-Bradley", model: "1769-L33ER", name: "CompactLogix 5370 controller", hsnSac: "853710", rupees: 2_45_000 },
  { category: "plc-cpus-and-io", make: "Mitsubishi Electric", model: "FX5U-32MR/ES", name: "iQ-F FX5U CPU, 16 in / 16 relay out", hsnSac: "853710", rupees: 28_600 },
  { category: "hmis", make: "Delta", model: "DOP-107EV", name: "HMI 7-inch touch screen, Ethernet", hsnSac: "853710", rupees: 14_900 },
  { category: "hmis", make: "Siemens", model: "6AV2123-2GB03-0AX0", name: "KTP700 Basic PN 7-inch panel", hsnSac: "853710", rupees: 39_800 },
  { category: "soft-starters", make: "ABB", model: "PSE37-600-70", name: "PSE soft starter 18.5 kW", hsnSac: "853710", rupees: 38_700 },
  { category: "industrial-ups-and-batteries", make: "Exide", model: "EP 100-12", name: "Powersafe Plus VRLA battery 12 V 100 Ah", hsnSac: "8507", rupees: 13_400 },
  { category: "industrial-ups-and-batteries", make: "APC", model: "SRV3KI", name: "Easy UPS online 3 kVA", hsnSac: "850440", rupees: 58_900 },
  { category: "apfc-capacitors", make: "Epcos", model: "B25667C4347A375", name: "PhaseCap Premium capacitor 25 kVAr, 440 V", hsnSac: "8532", rupees: 6_850 },
  { category: "apfc-capacitors", make: "L&T", model: "ETL-12", name: "etaLINE APFC relay, 12 step", hsnSac: "853710", rupees: 16_200 },
  { category: "contactors-relays-mccbs", make: "Schneider Electric", model: "LC1D32M7", name: "TeSys D contactor 32 A, 220 V AC coil", hsnSac: "8536", rupees: 4_150 },
  { category: "contactors-relays-mccbs", make: "Siemens", model: "3RV2021-4AA10", name: "SIRIUS motor protection circuit breaker 11-16 A", hsnSac: "8536", rupees: 5_480 },
  { category: "encoders", make: "Kübler", model: "8.5020.0010.1024", name: "Incremental encoder 1024 ppr, 10 mm shaft", hsnSac: "9031", rupees: 12_600 },
  { category: "encoders", make: "Autonics", model: "E50S8-1024-3-T-24", name: "Rotary encoder 1024 ppr, 8 mm shaft", hsnSac: "9031", rupees: 4_350 },
  { category: "drive-spares", make: "Infineon", model: "FF300R12KE3", name: "IGBT module 1200 V 300 A, dual", hsnSac: "8541", rupees: 18_500, published: false },
  { category: "drive-spares", make: "Semikron", model: "SKM100GB12T4", name: "IGBT module 1200 V 100 A, half bridge", hsnSac: "8541", rupees: 7_900, published: false },
  { category: "drive-spares", make: "Epcos", model: "B43564A5478M000", name: "DC bus electrolytic capacitor 4700 µF 450 V", hsnSac: "8532", rupees: 5_650 },
  { category: "drive-spares", make: "ebm-papst", model: "4114 NH4", name: "Cooling fan 24 V DC, 119 mm", hsnSac: "8414", rupees: 3_250 },
  { category: "panel-accessories", make: "Rittal", model: "SK 3238.100", name: "Filter fan 230 V, 55 m³/h", hsnSac: "8414", rupees: 6_900 },
  { category: "panel-accessories", make: "Phoenix Contact", model: "2904601", name: "QUINT power supply 24 V DC 10 A", hsnSac: "850440", rupees: 15_300 },
];

/** Adds the demo products not already there; returns how many it added. */
export async function seedDemoProducts(db: Database, now = new Date()): Promise<{ products: number }> {
  const made = await db
    .insert(products)
    .values(
      DEMO_PRODUCTS.map((d) => ({
        name: d.name,
        make: d.make,
        model: d.model,
        category: d.category,
        hsnSac: d.hsnSac,
        gstRate: 18,
        unit: d.unit ?? "nos",
        pricePaise: d.rupees * 100,
        description: d.description ?? null,
        published: d.published ?? true,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: products.id });
  return { products: made.length };
}
