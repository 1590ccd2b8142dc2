import { type TInvoice, ZSendToFactor } from "@pevo/shared";
import { Landmark, Send, Undo2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { failureMessage } from "@/lib/errors";
import { timeAgo } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useSendToFactor, useSetFactored } from "../payments-api";
import { TextDialog } from "./text-dialog";

/**
 * An invoice's factoring (DECISIONS 'Quick pay and factoring'): mark it factored (its PDF then tells
 * the client to pay the factor), send the factor its documents, or take it back. The factor's
 * advance and final payment are recorded in Payments with the method Factoring.
 */
export function FactoringCard({ invoice }: { invoice: TInvoice }) {
  const setFactored = useSetFactored(invoice.id);
  const send = useSendToFactor(invoice.id);
  const [confirm, setConfirm] = useState<"mark" | "unmark" | null>(null);
  const [sending, setSending] = useState(false);
  const factor = invoice.factoring;
  if (invoice.status === "void" || (!factor && invoice.status === "paid")) return null;

  const change = (factored: boolean) =>
    setFactored.mutate(factored, {
      onSuccess: () => {
        setConfirm(null);
        toast.success(
          factored ? `Invoice ${invoice.invoiceNumber} marked factored` : "Taken back from the factor",
        );
      },
      onError: (error) => {
        setConfirm(null);
        toast.error(failureMessage(error, "Failed to change the factoring"));
      },
    });

  return (
    <Card className="no-print mt-6">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Landmark className="size-4" aria-hidden />
          Factoring
        </CardTitle>
        <CardDescription>
          {factor
            ? `Assigned to ${factor.name}: the invoice tells the client to remit to the factor. Record the factor's advance and final payment below with the method Factoring.`
            : "Selling this invoice to your factoring company? Mark it factored: its PDF then shows the factor's remit-to address and your notice of assignment."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {factor ? (
          <>
            <div className="grid gap-1 sm:grid-cols-2">
              <p className="whitespace-pre-line">
                <span className="font-medium">Remit to</span>
                {`\n${factor.name}\n${factor.remitTo}`}
              </p>
              <p className="text-muted-foreground">
                {factor.sentToFactorAt
                  ? `Documents sent to ${factor.email ?? "the factor"} ${timeAgo(factor.sentToFactorAt)}`
                  : "Documents not sent to the factor yet"}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => setSending(true)}>
                <Send />
                {factor.sentToFactorAt ? "Send to factor again" : "Send to factor"}
              </Button>
              <Button variant="outline" onClick={() => setConfirm("unmark")}>
                <Undo2 />
                Take back from factor
              </Button>
            </div>
          </>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="outline" onClick={() => setConfirm("mark")}>
              <Landmark />
              Mark factored
            </Button>
            <Link to="/settings?tab=factoring" className="text-sm font-medium underline underline-offset-4">
              Factoring company settings
            </Link>
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => (open ? null : setConfirm(null))}
        title={confirm === "mark" ? "Mark invoice factored" : "Take back from factor"}
        description={
          confirm === "mark"
            ? `Invoice ${invoice.invoiceNumber} will tell the client to pay your factoring company (its remit-to address and notice of assignment print on the PDF and the client's page).`
            : `Invoice ${invoice.invoiceNumber} will no longer show the factor's remit-to address and notice.`
        }
        confirmLabel={confirm === "mark" ? "Mark factored" : "Take back"}
        confirmVariant={confirm === "mark" ? "default" : "destructive"}
        pending={setFactored.isPending}
        onConfirm={() => change(confirm === "mark")}
      />
      {sending && factor ? (
        <TextDialog
          title={`Send ${invoice.invoiceNumber} to ${factor.name}`}
          description={`One email to ${factor.email ?? "the factor's email (set it in Settings → Factoring)"} with the invoice PDF, the signed rate confirmation and the trip log. Add a note if you like (optional).`}
          label="Message (optional)"
          check={ZSendToFactor.shape.message}
          submitLabel="Send to factor"
          Icon={Send}
          pending={send.isPending}
          onClose={() => setSending(false)}
          onSubmit={(message) =>
            send.mutate(message, {
              onSuccess: (sent) => {
                setSending(false);
                if (!sent.mailSent) toast.error("The email could not be sent: try again");
                else
                  toast.success(
                    `Sent to ${sent.to}${sent.missing.length ? ` (not included: ${sent.missing.join("; ")})` : ""}`,
                  );
              },
              onError: (error) => toast.error(failureMessage(error, "Failed to send to the factor")),
            })
          }
        />
      ) : null}
    </Card>
  );
}
