import { expect, it } from "vitest";
import { portalMoney } from "~/.server/customers/portal-money.ts";
import { benchJobs, contracts, customers, equipmentUnits, invoices, payments, quotes, serviceRequests } from "~/.server/db/schema.ts";
import { describeEachEngine } from "../support/test-databases.ts";

/**
 * The customer portal's money sections (issue 11 §7) read what the office made: a quote waiting for the
 * customer's answer (and one past its validity shown as expired), invoices with what is still due and
 * whether it is overdue, receipts, contracts and the warranty of each repaired unit. Another customer's
 * documents never appear, and a request's page shows only that request's.
 */
const NOW = new Date("2026-11-26T06:30:00Z"); // 26 Nov 2026, 12:00 in India

describeEachEngine("customer portal: money", (database) => {
  const db = () => database().handle.db;
  let n = 0;

  async function customerWithRequest(name: string) {
    n += 1;
    const [c] = await db()
      .insert(customers)
      .values({ reference: `CU-2611-9${String(n).padStart(3, "0")}`, mobile: `+9198765${String(40000 + n)}`, name })
      .returning();
    const [r] = await db()
      .insert(serviceRequests)
      .values({
        reference: `SR-2611-9${String(n).padStart(3, "0")}`,
        kind: "full",
        contactName: name,
        mobile: c!.mobile!,
        faultDescription: "Drive trips on overcurrent",
        urgency: "planned",
        consentVersion: "2026-11",
        consentAt: NOW,
        idempotencyKey: `portal-money-${n}`,
        customerId: c!.id,
      })
      .returning();
    return { customer: c!, request: r! };
  }

  const document = (over: Partial<typeof invoices.$inferInsert> & { customerId: number; number: string; serial: number }) =>
    ({
      kind: "invoice" as const,
      financialYear: "2026-27",
      issueDate: "2026-11-01",
      dueDate: "2026-11-16",
      supplier: {},
      recipient: {},
      placeOfSupplyCode: "36",
      placeOfSupplyName: "Telangana",
      placeOfSupplyBasis: "recipient-address",
      lines: [],
      taxablePaise: 10_000_00,
      cgstPaise: 90_000,
      sgstPaise: 90_000,
      igstPaise: 0,
      taxPaise: 1_80_000,
      totalPaise: 11_800_00,
      amountInWords: "Rupees Eleven Thousand Eight Hundred Only",
      ...over,
    }) satisfies typeof invoices.$inferInsert;

  it("shows the customer's quotes to answer, what is due and overdue, receipts, contracts and warranty", async () => {
    const { customer: c, request: r } = await customerWithRequest("Ravi Kumar");
    const other = await customerWithRequest("Someone Else");
    const { request: second } = { request: (await db().insert(serviceRequests).values({ ...r, id: undefined, reference: `${r.reference}-B`, idempotencyKey: `${r.idempotencyKey}-b` }).returning())[0]! };

    await db().insert(quotes).values([
      { reference: "QT-2611-9001", customerId: c.id, requestId: r.id, status: "sent", title: "Repair of ABB ACS580", totalPaise: 14_160_00, validUntil: "2026-12-10" },
      { reference: "QT-2611-9002", customerId: c.id, requestId: second.id, status: "sent", title: "Spare fan", totalPaise: 2_360_00, validUntil: "2026-11-20" },
      { reference: "QT-2611-9003", customerId: c.id, requestId: r.id, status: "draft", title: "Not sent yet", totalPaise: 1_00, validUntil: "2026-12-10" },
      { reference: "QT-2611-9004", customerId: other.customer.id, requestId: other.request.id, status: "sent", title: "Theirs", totalPaise: 5_00, validUntil: "2026-12-10" },
    ]);
    await db().insert(invoices).values([
      // Overdue, part paid.
      document({ customerId: c.id, requestId: r.id, number: "INV/2026-27/9001", serial: 9001, paidPaise: 5_000_00, status: "partly_paid" }),
      // Not yet due.
      document({ customerId: c.id, requestId: second.id, number: "INV/2026-27/9002", serial: 9002, issueDate: "2026-11-20", dueDate: "2026-12-05" }),
      // Paid in full.
      document({ customerId: c.id, requestId: second.id, number: "INV/2026-27/9003", serial: 9003, paidPaise: 11_800_00, status: "paid" }),
      document({ customerId: other.customer.id, number: "INV/2026-27/9004", serial: 9004 }),
    ]);
    await db().insert(payments).values({ reference: "RC-2611-9001", customerId: c.id, method: "upi", amountPaise: 5_000_00, receivedOn: "2026-11-10", instrumentRef: "612345678901" });
    await db().insert(contracts).values({
      reference: "AMC-2611-9001",
      customerId: c.id,
      plan: "silver",
      startsOn: "2026-04-01",
      endsOn: "2027-03-31",
      visitsPerYear: 4,
      responseHours: 8,
      pricePaise: 60_000_00,
      billing: "quarterly",
    });
    const [unit] = await db().insert(equipmentUnits).values({ customerId: c.id, make: "ABB", model: "ACS580", serialNumber: "1A2B3C" }).returning();
    await db().insert(benchJobs).values({
      jobCard: "JC-2611-9001",
      requestId: r.id,
      unitId: unit!.id,
      stage: "returned",
      faultReported: "OC trip",
      conditionOnArrival: "Dusty",
      returnedAt: new Date("2026-11-05T06:00:00Z"),
      warrantyUntil: new Date("2027-05-05T06:00:00Z"),
    });

    const all = await portalMoney(c.id, { now: NOW });
    // Newest first.
    expect(all.quotes.map((q) => [q.reference, q.status, q.awaitingAnswer])).toEqual([
      ["QT-2611-9002", "expired", false],
      ["QT-2611-9001", "sent", true],
    ]);
    expect(all.quotes[1]!.href).toBe("/customer/quotes/QT-2611-9001");
    const byNumber = Object.fromEntries(all.invoices.map((i) => [i.number, i]));
    expect(Object.keys(byNumber).sort()).toEqual(["INV/2026-27/9001", "INV/2026-27/9002", "INV/2026-27/9003"]);
    expect(byNumber["INV/2026-27/9001"]).toMatchObject({ duePaise: 6_800_00, overdue: true });
    expect(byNumber["INV/2026-27/9002"]).toMatchObject({ duePaise: 11_800_00, overdue: false });
    expect(byNumber["INV/2026-27/9003"]).toMatchObject({ duePaise: 0, overdue: false, status: "paid" });
    expect(all.outstandingPaise).toBe(6_800_00 + 11_800_00);
    expect(all.payments).toEqual([{ reference: "RC-2611-9001", receivedOn: "2026-11-10", amountPaise: 5_000_00, method: "upi", href: "/customer/receipts/RC-2611-9001/pdf" }]);
    expect(all.contracts).toEqual([{ reference: "AMC-2611-9001", href: "/customer/contracts", plan: "silver", startsOn: "2026-04-01", endsOn: "2027-03-31", active: true }]);
    expect(all.warranties).toMatchObject([{ jobCard: "JC-2611-9001", unit: "ABB ACS580", returnedOn: "2026-11-05", warrantyUntil: "2027-05-05", underWarranty: true }]);

    // A request's page: only that request's quotes, invoices and units; no payments or contracts.
    const one = await portalMoney(c.id, { requestId: second.id, now: NOW });
    expect(one.quotes.map((q) => q.reference)).toEqual(["QT-2611-9002"]);
    expect(one.invoices.map((i) => i.number).sort()).toEqual(["INV/2026-27/9002", "INV/2026-27/9003"]);
    expect(one.payments).toEqual([]);
    expect(one.contracts).toEqual([]);
    expect(one.warranties).toEqual([]);

    // The office sees drafts too, and each document opens its back-office record.
    const office = await portalMoney(c.id, { now: NOW, audience: "office" });
    expect(office.quotes.map((q) => [q.reference, q.href])).toEqual([
      ["QT-2611-9003", "/admin/quotes/QT-2611-9003"],
      ["QT-2611-9002", "/admin/quotes/QT-2611-9002"],
      ["QT-2611-9001", "/admin/quotes/QT-2611-9001"],
    ]);
    expect(office.payments[0]!.href).toBe("/admin/payments/RC-2611-9001");
    expect(office.contracts[0]!.href).toBe("/admin/contracts/AMC-2611-9001");

    // The other customer sees only their own.
    const theirs = await portalMoney(other.customer.id, { now: NOW });
    expect(theirs.quotes.map((q) => q.reference)).toEqual(["QT-2611-9004"]);
    expect(theirs.invoices.map((i) => i.number)).toEqual(["INV/2026-27/9004"]);
  });
});
