import { toCents } from "@pevo/shared";
import { formatMoney } from "@/lib/format";

/**
 * THE one place the web shows a credit note's part credited to the client's account (`toCredit`,
 * the server's credit_notes.to_credit_cents; DECISIONS 'Credit notes'). The client-credit ledger
 * takes that amount; nothing here adds it up.
 */
export function CreditedToAccount({ toCredit }: { toCredit: string }) {
  if (toCents(toCredit) <= 0) return null;
  return <span>{formatMoney(toCredit)} credited to the client's account</span>;
}
