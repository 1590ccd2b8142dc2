import { type Executor, invoices } from "@pevo/db";
import { eq } from "drizzle-orm";
import { NotFoundError } from "../../lib/domain-errors";
import { type CompanyId, scoped } from "../../lib/tenant";
import { INVOICE_NOT_FOUND } from "./get-invoice";

/** The invoice row, locked for the rest of the transaction (a send, a payment and a void serialize). */
export async function lockInvoice(tx: Executor, scope: { companyId: CompanyId }, id: string) {
  const [inv] = await tx
    .select()
    .from(invoices)
    .where(scoped(invoices, scope, eq(invoices.id, id)))
    .for("update");
  if (!inv) throw new NotFoundError(INVOICE_NOT_FOUND);
  return inv;
}
