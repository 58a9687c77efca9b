import { asc, eq } from "drizzle-orm";
import { auditActor } from "~/.server/auth/staff.ts";
import type { Database } from "~/.server/db/index.ts";
import { partsRequests, products, purchaseOrderLines, purchaseOrders, serviceRequests, technicianProfiles, vendors } from "~/.server/db/schema.ts";
import { createPurchaseOrder, receivePurchaseOrder, recordOrderBill } from "~/.server/purchasing/orders.ts";
import { addTimeOff } from "~/.server/schedule/time-off.ts";
import { adjustStock, setReorderLevel } from "~/.server/stock/changes.ts";
import { raisePartsRequest } from "~/.server/stock/parts-requests.ts";
import { addVendor, addVendorPart } from "~/.server/vendors/changes.ts";
import { productLabel } from "~/lib/forms/admin/products.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import type { GstRate } from "~/lib/money/gst.ts";
import { demoGstin, staffMember, type DemoStaff } from "./money.ts";
import { generator } from "./random.ts";

/**
 * The demo's purchasing (issue 19 §5) and the technicians' time off (issue 21 §2), made through the same domain
 * functions the screens call, so every figure, alert and audit entry is the one the office would have made:
 * suppliers in Hyderabad and Mumbai with their parts lists, the shelf counted a month ago with reorder levels (one
 * spare below its level), a parts request for every job waiting for parts, three purchase orders (received and
 * billed, part received, just placed) and one request still to be ordered; leave and unavailable hours on the
 * schedule. Every name, GSTIN and number is invented.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

interface DemoVendor {
  name: string;
  /** GST state code: 36 Telangana (CGST + SGST on its bills), 27 Maharashtra (IGST); none for an unregistered dealer. */
  stateCode: string | null;
  address: string;
  city: string;
  pincode: string;
  paymentTermsDays: number;
  notes: string;
  contact: { name: string; phone: string; email: string | null };
  /** The parts they supply: our product's model, their part number, their price as a share of our list price, days to deliver. */
  parts: Array<{ model: string; partNumber: string; share: number; leadTimeDays: number }>;
}

const VENDORS: DemoVendor[] = [
  {
    name: "Balanagar Drive Spares",
    stateCode: "36",
    address: "Plot 14, IDA Balanagar",
    city: "Hyderabad",
    pincode: "500037",
    paymentTermsDays: 30,
    notes: "Power semiconductors and DC bus capacitors off the shelf; delivers the same day inside the city before 2 pm.",
    contact: { name: "Ramana Murthy", phone: "+919000000611", email: "sales@balanagardrivespares.example.in" },
    parts: [
      { model: "FF300R12KE3", partNumber: "INF-FF300R12KE3", share: 0.78, leadTimeDays: 1 },
      { model: "SKM100GB12T4", partNumber: "SKM-100GB12T4", share: 0.8, leadTimeDays: 1 },
      { model: "B43564A5478M000", partNumber: "EPC-4700-450", share: 0.76, leadTimeDays: 2 },
      { model: "4114 NH4", partNumber: "EBM-4114NH4", share: 0.82, leadTimeDays: 2 },
    ],
  },
  {
    name: "Sanathnagar Automation Traders",
    stateCode: "36",
    address: "4-7-112, Industrial Estate, Sanathnagar",
    city: "Hyderabad",
    pincode: "500018",
    paymentTermsDays: 45,
    notes: "Authorised channel partner for Siemens and ABB low-voltage products in Telangana.",
    contact: { name: "Pavan Kumar", phone: "+919000000612", email: "orders@sanathnagarautomation.example.in" },
    parts: [
      { model: "ACS580-01-017A-4", partNumber: "3AXD50000038995", share: 0.84, leadTimeDays: 3 },
      { model: "6ES7214-1AG40-0XB0", partNumber: "6ES7214-1AG40-0XB0", share: 0.86, leadTimeDays: 4 },
      { model: "6AV2123-2GB03-0AX0", partNumber: "6AV2123-2GB03-0AX0", share: 0.86, leadTimeDays: 7 },
      { model: "3RV2021-4AA10", partNumber: "3RV2021-4AA10", share: 0.8, leadTimeDays: 2 },
      { model: "8.5020.0010.1024", partNumber: "KUB-8.5020-1024", share: 0.83, leadTimeDays: 10 },
    ],
  },
  {
    name: "Andheri Industrial Electronics Pvt Ltd",
    stateCode: "27",
    address: "Unit 21, Akruti Trade Centre, MIDC Road, Andheri East",
    city: "Mumbai",
    pincode: "400093",
    paymentTermsDays: 30,
    notes: "Yaskawa and Danfoss stockist: ships by air cargo to Hyderabad in two days. Bills with IGST.",
    contact: { name: "Nilesh Deshmukh", phone: "+919000000613", email: "hyderabad@andheriindustrial.example.in" },
    parts: [
      { model: "SGD7S-2R8A00A", partNumber: "SGD7S-2R8A00A", share: 0.81, leadTimeDays: 3 },
      { model: "FC-302 131B0053", partNumber: "131B0053", share: 0.83, leadTimeDays: 5 },
      { model: "E50S8-1024-3-T-24", partNumber: "E50S8-1024-3-T-24", share: 0.79, leadTimeDays: 3 },
      { model: "FF300R12KE3", partNumber: "FF300R12KE3", share: 0.74, leadTimeDays: 3 },
    ],
  },
  {
    name: "Kukatpally Electricals",
    stateCode: null,
    address: "Shop 6, Main Road, Kukatpally",
    city: "Hyderabad",
    pincode: "500072",
    paymentTermsDays: 0,
    notes: "Small dealer, not registered for GST: cash or UPI on delivery. Fans and filter fans when the distributor is out.",
    contact: { name: "Yadagiri", phone: "+919000000614", email: null },
    parts: [
      { model: "4114 NH4", partNumber: "", share: 0.85, leadTimeDays: 0 },
      { model: "SK 3238.100", partNumber: "", share: 0.88, leadTimeDays: 1 },
    ],
  },
];

/**
 * The shelf as counted at the start of the month, and the level below which the office is told to reorder. The
 * spares the waiting jobs need are short (that is why they wait); a few spares sit below their level.
 */
const SHELF: Array<{ model: string; onHand: number; reorderLevel: number }> = [
  { model: "FF300R12KE3", onHand: 1, reorderLevel: 2 },
  { model: "SKM100GB12T4", onHand: 0, reorderLevel: 2 },
  { model: "B43564A5478M000", onHand: 2, reorderLevel: 6 },
  { model: "4114 NH4", onHand: 3, reorderLevel: 5 },
  { model: "SK 3238.100", onHand: 4, reorderLevel: 2 },
  { model: "3RV2021-4AA10", onHand: 6, reorderLevel: 4 },
  { model: "LC1D32M7", onHand: 10, reorderLevel: 6 },
  { model: "E50S8-1024-3-T-24", onHand: 0, reorderLevel: 1 },
  { model: "2904601", onHand: 3, reorderLevel: 2 },
  { model: "EP 100-12", onHand: 12, reorderLevel: 8 },
  { model: "ATV320U22N4B", onHand: 1, reorderLevel: 0 },
  { model: "VFD055C43A", onHand: 2, reorderLevel: 0 },
];

/** What a job waiting for parts needs, by the request's service (the part a technician would name for it). */
const NEEDS: Record<string, Array<{ model: string; quantity: number; note: string }>> = {
  servo: [{ model: "SGD7S-2R8A00A", quantity: 1, note: "Amplifier shows A.710 overload at every start; power stage damaged." }],
  encoder: [{ model: "8.5020.0010.1024", quantity: 1, note: "Encoder signal lost intermittently; bearing noise." }],
  default: [
    { model: "FF300R12KE3", quantity: 2, note: "Both IGBT modules of the output stage shorted (U and V phase)." },
    { model: "B43564A5478M000", quantity: 4, note: "DC bus capacitors bulged; replace the bank." },
    { model: "SKM100GB12T4", quantity: 1, note: "Brake chopper IGBT open circuit." },
    { model: "E50S8-1024-3-T-24", quantity: 1, note: "Feedback encoder counts drifting." },
  ],
};

export interface DemoPurchasingSummary {
  vendors: number;
  partsRequests: number;
  purchaseOrders: number;
}

function ok(result: { ok: boolean; message?: string }, what: string) {
  if (!result.ok) throw new Error(`demo purchasing: ${what} was refused: ${"message" in result ? result.message : JSON.stringify(result)}`);
}

export async function seedDemoPurchasing(db: Database, o: { now: Date; office: DemoStaff; accounts: DemoStaff }): Promise<DemoPurchasingSummary> {
  const rnd = generator(1906);
  const office = staffMember(o.office);
  const accounts = staffMember(o.accounts);
  const ago = (days: number, hours = 0) => new Date(o.now.getTime() - days * DAY - hours * HOUR);
  const byModel = new Map((await db.select().from(products)).map((p) => [p.model, p]));
  const product = (model: string) => {
    const p = byModel.get(model);
    if (!p) throw new Error(`demo purchasing: no demo product ${model}`);
    return p;
  };

  // Suppliers and their parts lists, a month ago.
  for (const [i, v] of VENDORS.entries()) {
    const gstin = v.stateCode ? demoGstin(v.stateCode, v.name, rnd) : null;
    const made = await addVendor(office, { name: v.name, gstin, stateCode: v.stateCode ?? "36", address: v.address, city: v.city, pincode: v.pincode, paymentTermsDays: v.paymentTermsDays, notes: v.notes, contacts: [{ ...v.contact }] }, ago(40 - i));
    if (!made.ok) throw new Error(`demo purchasing: vendor ${v.name}: ${made.message}`);
    for (const part of v.parts) {
      const p = product(part.model);
      const [{ version } = { version: 1 }] = await db.select({ version: vendors.version }).from(vendors).where(eq(vendors.id, made.id));
      const price = Math.round((p.pricePaise * part.share) / 100);
      ok(await addVendorPart(office, made.id, { intent: "part-add", productId: p.id, version, partNumber: part.partNumber || undefined, price: price * 100, leadTimeDays: part.leadTimeDays }, ago(39 - i)), `part ${part.model} of ${v.name}`);
    }
  }

  // The shelf counted, and reorder levels set.
  for (const s of SHELF) {
    const p = product(s.model);
    if (s.onHand > 0) ok(await adjustStock(office, p.id, { seenOnHand: 0, onHand: s.onHand, reason: "Opening count of the stores, 1st of the month." }, ago(32)), `count of ${s.model}`);
    if (s.reorderLevel > 0) {
      const [{ version } = { version: 1 }] = await db.select({ version: products.version }).from(products).where(eq(products.id, p.id));
      ok(await setReorderLevel(office, p.id, { version, reorderLevel: s.reorderLevel }, ago(32)), `reorder level of ${s.model}`);
    }
  }

  // A parts request for each job waiting for parts, raised when the technician called it in.
  const waiting = await db
    .select({ reference: serviceRequests.reference, service: serviceRequests.serviceSlug, pausedAt: serviceRequests.pausedAt })
    .from(serviceRequests)
    .where(eq(serviceRequests.status, "awaiting_parts"))
    .orderBy(asc(serviceRequests.pausedAt), asc(serviceRequests.id));
  let raised = 0;
  for (const [i, job] of waiting.entries()) {
    const kind = /servo/.test(job.service ?? "") ? "servo" : /encoder/.test(job.service ?? "") ? "encoder" : "default";
    const options = NEEDS[kind]!;
    const need = options[i % options.length]!;
    const p = product(need.model);
    // Raised a little before the visit's pause, so that the orders below follow it.
    const at = new Date(Math.min((job.pausedAt ?? ago(3)).getTime(), ago(0, 2).getTime()));
    ok(await raisePartsRequest(office, job.reference, { product: productLabel(p), description: productLabel(p), quantity: need.quantity, unit: p.unit, note: need.note, idempotencyKey: `demo:parts:${job.reference}` }, at), `parts request for ${job.reference}`);
    raised += 1;
  }

  // The requests as purchasing sees them, oldest first: grouped into orders to the vendor who lists the part.
  const open = await db.select({ id: partsRequests.id, productId: partsRequests.productId, createdAt: partsRequests.createdAt }).from(partsRequests).orderBy(asc(partsRequests.createdAt), asc(partsRequests.id));
  const modelOf = new Map([...byModel.values()].map((p) => [p.id, p.model]));
  const vendorIds = new Map((await db.select({ id: vendors.id, name: vendors.name }).from(vendors)).map((v) => [v.name, v.id]));
  const supplierOf = (model: string) => VENDORS.find((v) => v.stateCode && v.parts.some((p) => p.model === model))!;
  // The last one is left for the office to order (the parts requests page shows it waiting).
  const toOrder = open.slice(0, Math.max(0, open.length - 1));
  const groups = new Map<string, typeof toOrder>();
  for (const pr of toOrder) {
    const model = pr.productId ? modelOf.get(pr.productId) : undefined;
    if (!model) continue;
    const supplier = supplierOf(model).name;
    groups.set(supplier, [...(groups.get(supplier) ?? []), pr]);
  }
  // The oldest order is in and billed, the newest just placed, any between them part received.
  let orders = 0;
  const plans = [...groups.entries()].map(([supplier, prs]) => ({ supplier, prs, placed: new Date(Math.max(...prs.map((p) => p.createdAt.getTime())) + 3 * HOUR) }));
  plans.sort((a, b) => a.placed.getTime() - b.placed.getTime());
  for (const [i, plan] of plans.entries()) {
    const placed = plan.placed.getTime() > o.now.getTime() ? ago(0, 1) : plan.placed;
    const made = await createPurchaseOrder(office, { vendor: vendorIds.get(plan.supplier)!, requests: plan.prs.map((p) => p.id), prices: {}, notes: "Deliver to our workshop, Balanagar. Quote our order number on the bill." }, placed);
    if (!made.ok || !made.number) throw new Error(`demo purchasing: order to ${plan.supplier} was refused`);
    orders += 1;
    const stage = plans.length - 1 - i; // 0: the newest, just placed
    if (stage === 0) continue;
    const [order] = await db.select({ id: purchaseOrders.id, version: purchaseOrders.version, taxable: purchaseOrders.taxablePaise }).from(purchaseOrders).where(eq(purchaseOrders.number, made.number));
    const lines = await db.select({ id: purchaseOrderLines.id, quantity: purchaseOrderLines.quantity, gstRate: purchaseOrderLines.gstRate }).from(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, order!.id)).orderBy(asc(purchaseOrderLines.id));
    const arrived = new Date(Math.min(placed.getTime() + 2 * DAY, ago(0, 1).getTime()));
    // The oldest order came in full and is billed; one between it and the newest came in part (one unit short).
    const partial = i > 0 && lines.some((l) => l.quantity > 1);
    const received = Object.fromEntries(lines.map((l, n) => [l.id, partial && n === lines.findIndex((x) => x.quantity > 1) ? l.quantity - 1 : l.quantity]));
    ok(await receivePurchaseOrder(office, made.number, order!.version, received, arrived), `receipt of ${made.number}`);
    if (!partial) {
      ok(
        await recordOrderBill(accounts, made.number, { intent: "bill-add", billNumber: `${plan.supplier.slice(0, 3).toUpperCase()}/26-27/${String(400 + i * 37).padStart(4, "0")}`, billDate: todayInIndia(arrived), taxable: Number(order!.taxable), gstRate: (lines[0]?.gstRate ?? 18) as GstRate, notes: undefined }, arrived),
        `bill for ${made.number}`,
      );
    }
  }

  // Leave next week and unavailable hours tomorrow afternoon, marked by the office for two technicians.
  const techs = await db.select({ id: technicianProfiles.id, name: technicianProfiles.name }).from(technicianProfiles).where(eq(technicianProfiles.status, "approved")).orderBy(asc(technicianProfiles.id));
  const named = (name: string) => techs.find((t) => t.name === name) ?? techs[techs.length - 1];
  const onLeave = named("Naveen Chary");
  const busy = named("Ramesh Yadav");
  const day = (n: number) => todayInIndia(new Date(o.now.getTime() + n * DAY));
  if (onLeave) ok(await addTimeOff(auditActor(office), onLeave.id, { kind: "leave", startDate: day(8), startTime: "00:00", endDate: day(9), endTime: "23:59", note: "Family function in Karimnagar." }, o.now), "leave");
  if (busy && busy.id !== onLeave?.id) ok(await addTimeOff(auditActor(office), busy.id, { kind: "unavailable", startDate: day(1), startTime: "14:00", endDate: day(1), endTime: "18:00", note: "Siemens S7-1500 training at the distributor's office." }, o.now), "unavailable hours");

  return { vendors: VENDORS.length, partsRequests: raised, purchaseOrders: orders };
}
