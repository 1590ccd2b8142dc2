import { z } from "zod";
import type { TClient } from "../schemas/client";
import type { Assert, Same } from "./check";
import { ZDecimal, ZId, ZTimestamp } from "./common";
import { searchParam, sortParams, ZPageParams } from "./paging";

/** A client as the API answers it (list, read, create, update). */
export const ZClientResponse = z.object({
  id: ZId,
  name: z.string(),
  contactPerson: z.string().nullable(),
  mcNumber: z.string().nullable(),
  dotNumber: z.string().nullable(),
  email: z.string().nullable(),
  billingEmail: z.string().nullable().describe("Where invoices are sent; the contact email when null"),
  phone: z.string().nullable(),
  cellPhone: z.string().nullable(),
  fax: z.string().nullable(),
  address: z.string().nullable(),
  paymentTermsDays: z.number().int().nullable().describe("Days to pay; null: the company's payment terms"),
  poRequired: z.boolean().describe("An invoice of this client is not sent without a PO number"),
  billToClientId: ZId.nullable().describe("Another client of the company billed for this client's jobs"),
  billToName: z.string().nullable().describe("That client's name"),
  quickPayPercent: ZDecimal.nullable().describe(
    "Quick pay: percent off the total when paid within quickPayDays",
  ),
  quickPayDays: z
    .number()
    .int()
    .nullable()
    .describe("Quick pay: days from the issue date the discount holds"),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
type _Client = Assert<Same<z.output<typeof ZClientResponse>, TClient>>;

/** The clients list's sortable columns (GET /api/clients?sort=). */
export const CLIENT_SORTS = ["name", "contactPerson", "email", "phone", "createdAt"] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

/** GET /api/clients: a page, sorted, searched by name, contact person, email or phone. */
export const ZClientListQuery = ZPageParams.extend(sortParams(CLIENT_SORTS, "name", "asc").shape).extend({
  q: searchParam("name, contact person, email and phone"),
});
export type TClientListQuery = z.output<typeof ZClientListQuery>;
