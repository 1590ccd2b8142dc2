import { z } from "zod";
import { EXPENSE_TYPES } from "../constants";
import type { TTripLog } from "../schemas/trip-log";
import type { Assert, Same } from "./check";
import { ZDay, ZDecimal, ZId, ZTimestamp } from "./common";

export const ZTripLogResponse = z.object({
  id: ZId,
  tripDate: ZDay,
  dispatchId: ZId.nullable(),
  startLocation: z.string(),
  endLocation: z.string(),
  miles: ZDecimal,
  hours: ZDecimal,
  notes: z.string().nullable(),
  pevoName: z.string().describe("Who logged it: a dispatch may be reassigned after a trip was recorded"),
  jobNumber: z.string().nullable(),
  expenses: z.array(z.object({ id: ZId, type: z.enum(EXPENSE_TYPES), amount: ZDecimal })),
  createdAt: ZTimestamp,
});
type _TripLog = Assert<Same<z.output<typeof ZTripLogResponse>, TTripLog>>;
