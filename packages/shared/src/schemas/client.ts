import { z } from "zod";
import { TEXT_LIMITS } from "../limits";
import { boundedText, dotNumber, mcNumber, optionalEmail, requiredText } from "./fields";

export const ZClient = z.object({
  name: requiredText("Company name is required", "Company name", TEXT_LIMITS.name, 2),
  contactPerson: boundedText("Contact person", TEXT_LIMITS.name),
  /** Digits only: "MC-100200" is stored as "100200" (the app prints the "MC" itself). */
  mcNumber: mcNumber(),
  dotNumber: dotNumber(),
  email: optionalEmail(),
  /** Where invoices go (the Send invoice dialog's default); the contact email when empty. */
  billingEmail: optionalEmail("Please enter a valid email", "Billing email"),
  phone: boundedText("Phone", TEXT_LIMITS.phone),
  cellPhone: boundedText("Cell phone", TEXT_LIMITS.phone),
  fax: boundedText("Fax", TEXT_LIMITS.phone),
  address: boundedText("Address", TEXT_LIMITS.address, "multi"),
});
export type TClientInput = z.input<typeof ZClient>;
export type TClientData = z.output<typeof ZClient>;

export type TClient = TClientData & { id: string; createdAt: string; updatedAt: string };
