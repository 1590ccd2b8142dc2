import { CLIENT_CREDIT_KIND_LABELS, PAYMENT_METHOD_LABELS, toCents } from "@pevo/shared";
import { FileCheck2, Undo2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { failureMessage } from "@/lib/errors";
import { formatDate, formatMoney } from "@/lib/format";
import { useClientCredit } from "../api";
import { ApplyCreditDialog } from "./apply-credit-dialog";
import { RefundCreditDialog } from "./refund-credit-dialog";

/**
 * The client's Credit (DECISIONS 'Client credit'): the unapplied amount, its history (overpayments,
 * credit notes, applications, refunds) and the two ways to use it.
 */
export function ClientCreditCard({ clientId, clientName }: { clientId: string; clientName: string }) {
  const credit = useClientCredit(clientId);
  const [dialog, setDialog] = useState<"apply" | "refund" | null>(null);
  const data = credit.data;
  const hasCredit = data ? toCents(data.credit) > 0 : false;
  const titleId = `credit-${clientId}`;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id={titleId}>Credit</CardTitle>
        {hasCredit ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => setDialog("apply")}>
              <FileCheck2 />
              Apply to an invoice
            </Button>
            <Button size="sm" variant="outline" onClick={() => setDialog("refund")}>
              <Undo2 />
              Record refund
            </Button>
          </div>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {credit.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : !data ? (
          <ErrorState
            message={failureMessage(credit.error, "Error loading the client's credit")}
            onRetry={() => void credit.refetch()}
          />
        ) : (
          <>
            <div className="rounded-md border p-3">
              <p className="text-sm text-muted-foreground">Unapplied credit</p>
              <p className="text-2xl font-semibold tabular-nums">{formatMoney(data.credit)}</p>
              <p className="text-xs text-muted-foreground">
                The client's balance is its open invoices minus this credit.
              </p>
            </div>
            {data.entries.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No credit yet. A payment above an invoice's balance keeps the rest here.
              </p>
            ) : (
              <ul className="grid gap-2" aria-label="Credit history">
                {data.entries.map((e) => (
                  <li
                    key={e.id}
                    className="flex items-start justify-between gap-3 rounded-md border p-2 text-sm"
                  >
                    <div className="min-w-0 [overflow-wrap:anywhere]">
                      <p className="font-medium">
                        {CLIENT_CREDIT_KIND_LABELS[e.kind]}
                        {e.invoiceId && e.invoiceNumber ? (
                          <>
                            {" · "}
                            <Link className="underline underline-offset-2" to={`/invoices/${e.invoiceId}`}>
                              {e.invoiceNumber}
                            </Link>
                          </>
                        ) : null}
                      </p>
                      <p className="text-muted-foreground">
                        {formatDate(e.date)}
                        {e.method ? ` · ${PAYMENT_METHOD_LABELS[e.method]}` : ""}
                        {e.reference ? ` · Ref. ${e.reference}` : ""}
                        {e.createdByName ? ` · by ${e.createdByName}` : ""}
                      </p>
                      {e.note ? <p className="text-muted-foreground">{e.note}</p> : null}
                    </div>
                    <p
                      className={`shrink-0 font-semibold tabular-nums ${toCents(e.amount) > 0 ? "text-emerald-700 dark:text-emerald-400" : ""}`}
                    >
                      {toCents(e.amount) > 0 ? "+" : "−"}
                      {formatMoney(e.amount.replace(/^-/, ""))}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
      {dialog === "apply" && data ? (
        <ApplyCreditDialog
          clientId={clientId}
          clientName={clientName}
          credit={data.credit}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === "refund" && data ? (
        <RefundCreditDialog
          clientId={clientId}
          clientName={clientName}
          credit={data.credit}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Card>
  );
}
