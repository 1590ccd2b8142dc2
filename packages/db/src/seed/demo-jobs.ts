import { invoiceTotals, lineCharge, toCents } from "@pevo/shared";
import type { Executor } from "../index";
import { missingRow } from "../rows";
import {
  activityEvents,
  dispatches,
  invoiceLineItems,
  invoices,
  payments,
  positions,
  rateConfirmations,
  standardRates,
  tripLogExpenses,
  tripLogs,
} from "../schema";

/** YYYY-MM-DD of today + n days (local calendar). */
export function day(n: number, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

const JOBS = [
  {
    client: 0,
    origin: "Austin, TX 78744",
    destination: "Oklahoma City, OK 73129",
    start: -12,
    description: "Transformer on a 13-axle trailer, 16 ft wide. Daylight moves only.",
    rates: ["450.00", "1.85"],
    dispatch: {
      pevo: 0,
      offset: -12,
      time: "06:30",
      status: "completed",
      driver: "Hank Morales",
      phone: "(512) 555-0101",
    },
    invoice: { status: "paid", mileage: "392.4" },
  },
  {
    client: 1,
    origin: "Fargo, ND 58102",
    destination: "Sioux Falls, SD 57104",
    start: -5,
    description: "Wind turbine tower section, 15 ft 6 in tall; route survey done.",
    rates: ["425.00", "1.75"],
    dispatch: {
      pevo: 1,
      offset: -5,
      time: "07:00",
      status: "completed",
      driver: "Ole Halvorsen",
      phone: "(701) 555-0150",
    },
    invoice: { status: "sent", mileage: "243" },
  },
  {
    client: 2,
    origin: "Portland, OR 97209",
    destination: "Boise, ID 83705",
    start: 1,
    description: "Two excavator loads traveling together, 14 ft wide, mountain passes.",
    rates: ["475.00", "1.95"],
    dispatch: {
      pevo: 0,
      offset: 1,
      time: "05:45",
      status: "dispatched",
      driver: "Luis Ortega",
      phone: "(503) 555-0177",
    },
  },
  {
    client: 0,
    origin: "Houston, TX 77029",
    destination: "Shreveport, LA 71106",
    start: 3,
    description: "Refinery vessel, 18 ft wide, requires high pole and police escort at bridges.",
    rates: ["500.00", "2.05"],
    dispatch: {
      pevo: null,
      offset: 3,
      time: "09:00",
      status: "pending",
      driver: "Dwayne Pickett",
      phone: "(713) 555-0133",
    },
  },
  {
    client: 3,
    origin: "Lake Charles, LA 70615",
    destination: "Beaumont, TX 77705",
    start: 9,
    description: "Crane counterweights, 2 loads, short haul with detention expected.",
    rates: ["400.00", "1.80"],
  },
] as const;

/** Sample rate confirmations, dispatches, invoices and a trip log for the demo company. */
export async function seedDemoJobs(
  tx: Executor,
  ids: {
    companyId: string;
    adminId: string;
    clientIds: string[];
    clientNames: string[];
    pevoIds: string[];
    pevoNames: string[];
  },
) {
  const { companyId, adminId } = ids;
  const stamp = day(0).replaceAll("-", "");
  /** Invoice numbers follow the app's rule: INV-<year of the issue date>-<sequence of that year>. */
  const invoicesPerYear = new Map<string, number>();
  for (const [index, job] of JOBS.entries()) {
    const jobNumber = `RC-${stamp}-${String(index + 1).padStart(3, "0")}`;
    const [rc = missingRow("rc")] = await tx
      .insert(rateConfirmations)
      .values({
        companyId,
        createdBy: adminId,
        clientId: ids.clientIds[job.client] ?? missingRow("client"),
        jobNumber,
        originAddress: job.origin,
        destinationAddress: job.destination,
        startDate: day(job.start),
        endDate: day(job.start + 1),
        description: job.description,
      })
      .returning({ id: rateConfirmations.id });
    const [minimumDailyRate, mileageRate] = job.rates;
    await tx.insert(standardRates).values({
      companyId,
      rateConfirmationId: rc.id,
      minimumDailyRate,
      mileageRate,
      overnightRate: "150.00",
      noGoRate: "250.00",
      detentionRate: "50.00",
      detentionThreshold: 2,
    });
    const pevoIndex = "dispatch" in job ? job.dispatch.pevo : null;
    await tx.insert(positions).values([
      {
        companyId,
        rateConfirmationId: rc.id,
        positionType: "lead_car",
        pevoId: pevoIndex === null ? null : ids.pevoIds[pevoIndex],
        sortOrder: 0,
      },
      { companyId, rateConfirmationId: rc.id, positionType: "chase_car", sortOrder: 1 },
    ]);
    if (!("dispatch" in job)) continue;
    const d = job.dispatch;
    const [dispatch = missingRow("dispatch")] = await tx
      .insert(dispatches)
      .values({
        companyId,
        createdBy: adminId,
        rateConfirmationId: rc.id,
        pevoId: d.pevo === null ? null : ids.pevoIds[d.pevo],
        driverName: d.driver,
        driverPhone: d.phone,
        driverCompany: ids.clientNames[job.client],
        pickupDate: day(d.offset),
        pickupTime: d.time,
        status: d.status,
        // The dispatch fills the job's lead car (its PEVO is the one the position plans); one that
        // covers it takes the position's first slot, as the app's saves do.
        positionType: "lead_car",
        positionSlot: d.pevo === null ? null : 1,
        notes: "Meet the driver at the yard gate; radio channel 19.",
      })
      .returning({ id: dispatches.id });
    if (d.pevo !== null) {
      await tx.insert(activityEvents).values({
        companyId,
        actorId: adminId,
        type: "pevo_dispatched",
        pevo: ids.pevoNames[d.pevo],
        pevoId: ids.pevoIds[d.pevo],
        job: jobNumber,
        client: ids.clientNames[job.client],
        message: `${ids.pevoNames[d.pevo]} dispatched on ${jobNumber}`,
      });
    }
    if (d.status === "completed" && d.pevo !== null) {
      const miles = "invoice" in job ? job.invoice.mileage : "0";
      const [trip = missingRow("trip")] = await tx
        .insert(tripLogs)
        .values({
          companyId,
          pevoId: ids.pevoIds[d.pevo] ?? missingRow("pevo"),
          dispatchId: dispatch.id,
          tripDate: day(d.offset),
          startLocation: job.origin,
          endLocation: job.destination,
          miles,
          hours: "9.50",
          notes: "No delays; one fuel stop.",
        })
        .returning({ id: tripLogs.id });
      await tx
        .insert(tripLogExpenses)
        .values({ companyId, tripLogId: trip.id, type: "fuel", amount: "96.40" });
    }
    if ("invoice" in job) {
      const charge = lineCharge(job.invoice.mileage, { minimumDailyRate, mileageRate });
      const totals = invoiceTotals([charge]);
      const issueDate = day(d.offset + 1);
      const year = issueDate.slice(0, 4);
      const sequence = (invoicesPerYear.get(year) ?? 0) + 1;
      invoicesPerYear.set(year, sequence);
      const invoiceNumber = `INV-${year}-${String(sequence).padStart(4, "0")}`;
      const [invoice = missingRow("invoice")] = await tx
        .insert(invoices)
        .values({
          companyId,
          createdBy: adminId,
          dispatchId: dispatch.id,
          clientId: ids.clientIds[job.client] ?? missingRow("client"),
          invoiceNumber,
          issueDate,
          dueDate: day(d.offset + 31),
          status: job.invoice.status,
          // A paid demo invoice has its payment (below).
          amountPaid: job.invoice.status === "paid" ? totals.total : "0",
          customerName: ids.clientNames[job.client],
          pevoName: d.pevo === null ? null : ids.pevoNames[d.pevo],
          pevoPosition: "Lead Car",
          ...totals,
        })
        .returning({ id: invoices.id });
      await tx.insert(invoiceLineItems).values({
        companyId,
        invoiceId: invoice.id,
        // The day's charge is its miles when they pay more than the minimum daily rate.
        kind: charge === lineCharge("0", { minimumDailyRate, mileageRate }) ? "day" : "mileage",
        date: day(d.offset),
        location: job.origin,
        mileage: job.invoice.mileage,
        charge,
      });
      if (job.invoice.status === "paid") {
        await tx.insert(payments).values({
          companyId,
          invoiceId: invoice.id,
          date: day(d.offset + 20),
          amountCents: toCents(totals.total),
          method: "ach",
          reference: `ACH-${invoiceNumber}`,
          createdBy: adminId,
        });
      }
      await tx.insert(activityEvents).values({
        companyId,
        actorId: adminId,
        type: job.invoice.status === "paid" ? "payment_received" : "invoice_generated",
        job: jobNumber,
        client: ids.clientNames[job.client],
        amount: totals.total,
        message:
          job.invoice.status === "paid"
            ? `Payment received for invoice ${invoiceNumber}`
            : `Invoice ${invoiceNumber} generated for ${jobNumber}`,
      });
    }
  }
}
