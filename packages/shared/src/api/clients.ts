import { z } from "zod";
import type { TClient } from "../schemas/client";
import type { Assert, Same } from "./check";
import { ZId, ZTimestamp } from "./common";

/** A client as the API answers it (list, read, create, update). */
export const ZClientResponse = z.object({
  id: ZId,
  name: z.string(),
  contactPerson: z.string().nullable(),
  mcNumber: z.string().nullable(),
  dotNumber: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  cellPhone: z.string().nullable(),
  fax: z.string().nullable(),
  address: z.string().nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
type _Client = Assert<Same<z.output<typeof ZClientResponse>, TClient>>;
