import { z } from "zod";
import { optionalEmail, optionalText } from "./fields";

export const ZClient = z.object({
  name: z
    .string({ error: "Company name is required" })
    .trim()
    .min(2, { message: "Company name is required" }),
  contactPerson: optionalText,
  mcNumber: optionalText,
  dotNumber: optionalText,
  email: optionalEmail(),
  phone: optionalText,
  cellPhone: optionalText,
  fax: optionalText,
  address: optionalText,
});
export type TClientInput = z.input<typeof ZClient>;
export type TClientData = z.output<typeof ZClient>;

export type TClient = TClientData & { id: string; createdAt: string; updatedAt: string };
