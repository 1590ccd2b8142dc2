import { z } from "zod";
import { LINE_KINDS } from "../constants";
import type { SuggestedLine } from "../suggested-lines";
import type { Assert, Same } from "./check";
import { ZDay, ZDecimal } from "./common";

/** GET /api/invoices/suggested-lines: the dispatch whose job is billed. */
export const ZSuggestedLinesQuery = z.object({
  dispatchId: z.uuid({ error: "Dispatch ID is required" }).describe("The dispatch the invoice bills"),
});

export const ZSuggestedLine = z.object({
  kind: z.enum(LINE_KINDS),
  date: ZDay,
  location: z.string().describe("What the line bills, in words (route, quantity × rate)"),
  mileage: ZDecimal,
  charge: ZDecimal,
});
type _Line = Assert<Same<z.output<typeof ZSuggestedLine>, SuggestedLine>>;

export const ZSuggestedLinesResponse = z.object({
  items: z.array(ZSuggestedLine),
  /** False when the dispatch has no rate confirmation: days are suggested at 0. */
  hasRates: z.boolean(),
  tripCount: z.number().int(),
});
export type TSuggestedLinesResponse = z.output<typeof ZSuggestedLinesResponse>;
