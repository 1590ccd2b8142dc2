import { z } from "zod";

/** A database id. */
export const ZId = z.string().describe("A UUID");
/** A calendar date, YYYY-MM-DD (never shifted by a time zone). */
export const ZDay = z.string().describe("A calendar date, YYYY-MM-DD");
/** A moment, as an ISO 8601 timestamp. */
export const ZTimestamp = z.string().describe("An ISO 8601 timestamp");
/** An exact decimal amount with two places, as a string (e.g. "1250.00"). */
export const ZDecimal = z.string().describe('An exact decimal, e.g. "1250.00"');
