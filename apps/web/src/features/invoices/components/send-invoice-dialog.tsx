import { type TInvoice, ZSendInvoice } from "@pevo/shared";
import { useId, useState } from "react";
import { MailStatus, SendDialogFooter } from "@/components/mail-status";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { failureMessage } from "@/lib/errors";
import { firstErrorPerField } from "@/lib/field-errors";
import { useMailNotSent } from "@/lib/mail";
import { useClientById } from "@/lib/shared-queries";
import { toast } from "@/lib/toast";
import { useSendInvoice } from "../payments-api";

type Fields = { to: string; cc: string; message: string };

/**
 * Send invoice: To (the address it was last sent to, else the billed client's accounts-payable
 * email, else its email: the bill-to party when the invoice has one), cc, a message. A draft of a
 * client who requires a PO number is not sent without one: the dialog says so before the server
 * would refuse. The server saves the invoice as sent, then emails the PDF and a link; when the email
 * fails the dialog says so and offers Retry.
 */
export function SendInvoiceDialog({ invoice, onClose }: { invoice: TInvoice; onClose: () => void }) {
  const ordering = useClientById(invoice.clientId).data;
  const billed = useClientById(invoice.billTo?.clientId ?? invoice.clientId).data;
  const clientRecord = invoice.billTo ? billed : ordering;
  const poMissing = invoice.status === "draft" && ordering?.poRequired === true && !invoice.poNumber;
  const send = useSendInvoice(invoice.id);
  const [edited, setEdited] = useState<Partial<Fields>>({});
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const mail = useMailNotSent();
  const id = useId();
  const values: Fields = {
    to: edited.to ?? invoice.sentTo ?? clientRecord?.billingEmail ?? clientRecord?.email ?? "",
    cc: edited.cc ?? "",
    message: edited.message ?? "",
  };

  const submit = () => {
    const parsed = ZSendInvoice.safeParse(values);
    if (!parsed.success) {
      const next = firstErrorPerField<keyof Fields>(parsed.error.issues);
      setErrors(next);
      document.getElementById(`${id}-${Object.keys(next)[0]}`)?.focus();
      return;
    }
    setErrors({});
    send.mutate(values, {
      onSuccess: (answer) =>
        mail.settle(answer, answer.mail, () => {
          toast.success(`Invoice ${invoice.invoiceNumber} sent to ${answer.sentTo}`);
          onClose();
        }),
      onError: (error) => toast.error(failureMessage(error, "Failed to send the invoice")),
    });
  };

  const field = (key: keyof Fields, label: string, control: "input" | "textarea", hint?: string) => {
    const common = {
      id: `${id}-${key}`,
      value: values[key],
      "aria-invalid": errors[key] ? true : undefined,
      "aria-describedby": errors[key] ? `${id}-${key}-error` : hint ? `${id}-${key}-hint` : undefined,
      onChange: (e: { target: { value: string } }) => {
        setEdited((prev) => ({ ...prev, [key]: e.target.value }));
        mail.clear();
      },
    };
    return (
      <div className="grid gap-1.5">
        <Label htmlFor={common.id}>{label}</Label>
        {control === "input" ? (
          <Input type={key === "to" ? "email" : "text"} {...common} />
        ) : (
          <Textarea rows={4} {...common} />
        )}
        {hint && !errors[key] ? (
          <p id={`${id}-${key}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
        {errors[key] ? (
          <p id={`${id}-${key}-error`} className="text-sm text-destructive">
            {errors[key]}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Send invoice {invoice.invoiceNumber}</DialogTitle>
          <DialogDescription>
            The client gets the PDF attached and a link to view the invoice online (valid 30 days).
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {poMissing ? (
            <p
              role="alert"
              className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
            >
              {ordering?.name ?? "This client"} requires a PO number on its invoices. Edit the invoice and
              enter the PO number before sending it.
            </p>
          ) : null}
          {field("to", "To", "input")}
          {field("cc", "Cc", "input", "Optional: email addresses separated by commas")}
          {field("message", "Message", "textarea")}
          {mail.notSent ? (
            <MailStatus
              mail={mail.notSent.mail}
              notSent="The invoice was marked sent but the email was not sent. Retry to send it again."
            />
          ) : null}
          <SendDialogFooter
            notSent={Boolean(mail.notSent)}
            pending={send.isPending}
            blocked={poMissing}
            onClose={onClose}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
