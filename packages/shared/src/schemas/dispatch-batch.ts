import { z } from "zod";
import { ZDispatch } from "./dispatch";
import { allowConflictField, dispatchPositionFields, qualificationOverrideField } from "./dispatch-position";

/** At most this many dispatches in one 'Create Dispatch' from a rate confirmation (one per position). */
export const MAX_DISPATCH_BATCH = 20;

const pevoId = ZDispatch.shape.pevoId;

/** What the dispatches of one batch share: the driver, the pickup time, the notes and the status. */
export const ZDispatchBatchShared = ZDispatch.pick({
  driverName: true,
  driverPhone: true,
  driverCompany: true,
  pickupTime: true,
  notes: true,
  status: true,
});

/**
 * 'Create Dispatch' from a rate confirmation: one dispatch per ticked position, sharing the driver,
 * pickup time, notes and status; each with its position, PEVO and pickup date. One transaction.
 */
export const ZDispatchBatch = ZDispatchBatchShared.extend({
  rateConfirmationId: z.uuid({ error: "Choose a rate confirmation from the list" }),
  positions: z
    .array(
      z.object({
        ...dispatchPositionFields,
        pevoId,
        pickupDate: ZDispatch.shape.pickupDate,
      }),
    )
    .min(1, { message: "Choose at least one position" })
    .max(MAX_DISPATCH_BATCH, { message: `At most ${MAX_DISPATCH_BATCH} dispatches at once` }),
})
  .extend(allowConflictField)
  .extend(qualificationOverrideField);
export type TDispatchBatchInput = z.input<typeof ZDispatchBatch>;
export type TDispatchBatchData = z.output<typeof ZDispatchBatch>;
