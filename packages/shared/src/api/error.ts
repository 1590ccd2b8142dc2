import { z } from "zod";
import type { TApiError } from "../types";
import type { Assert, Same } from "./check";

/** The API's one error shape (400, 401, 403, 404, 409, 429, 500). */
export const ZApiError = z.object({
  error: z.string().describe("A message for the user"),
  fields: z
    .record(z.string(), z.string())
    .optional()
    .describe('The first message per invalid field, e.g. { "lineItems.0.date": "Date is required" }'),
});
type _ApiError = Assert<Same<z.output<typeof ZApiError>, TApiError>>;
