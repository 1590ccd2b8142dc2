import { type TCreditNoteListItem, ZSendInvoice } from "@pevo/shared";
import { useId, useState } from "react";
import { MailStatus, SendDialogFooter } from "@/components/mail-status";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { failureMessage } from "@/lib/errors";
import { firstErrorPerField } from "@/lib/field-errors";
import { useMailNotSent } from "@/lib/mail";
import { toast } from "@/lib/toast";
import { useSendCreditNote } from "../api";

type Fields = { to: string; cc: string; message: string };

/** Send credit note: To (the invoice's last recipient by default), cc, a message; the PDF and a link go. */
export function SendCreditNoteDialog({
  note,
  defaultTo,
  onClose,
}: {
  note: TCreditNoteListItem;
  defaultTo: string;
  onClose: () => void;
}) {
  const send = useSendCreditNote(note.id);
  const [values, setValues] = useState<Fields>({ to: defaultTo, cc: "", message: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const mail = useMailNotSent();
  const id = useId();

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
          toast.success(`Credit note ${note.creditNoteNumber} sent to ${answer.sentTo}`);
          onClose();
        }),
      onError: (error) => toast.error(failureMessage(error, "Failed to send the credit note")),
    });
  };

  const field = (key: keyof Fields, label: string, multiline = false) => {
    const common = {
      id: `${id}-${key}`,
      value: values[key],
      "aria-invalid": errors[key] ? true : undefined,
      "aria-describedby": errors[key] ? `${id}-${key}-error` : undefined,
      onChange: (e: { target: { value: string } }) => {
        setValues((prev) => ({ ...prev, [key]: e.target.value }));
        mail.clear();
      },
    };
    return (
      <div className="grid gap-1.5">
        <Label htmlFor={common.id}>{label}</Label>
        {multiline ? (
          <Textarea rows={4} {...common} />
        ) : (
          <Input type={key === "to" ? "email" : "text"} {...common} />
        )}
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
          <DialogTitle>Send credit note {note.creditNoteNumber}</DialogTitle>
          <DialogDescription>
            The client gets the PDF attached and a link to view the credit note online (valid 30 days).
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
          {field("to", "To")}
          {field("cc", "Cc (comma-separated)")}
          {field("message", "Message", true)}
          {mail.notSent ? (
            <MailStatus
              mail={mail.notSent.mail}
              notSent="The credit note was marked sent but the email was not sent. Retry to send it again."
            />
          ) : null}
          <SendDialogFooter notSent={Boolean(mail.notSent)} pending={send.isPending} onClose={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
