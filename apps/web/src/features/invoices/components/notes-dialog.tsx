import { type TInvoice, ZInvoiceNotes } from "@pevo/shared";
import { NotebookPen } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { failureMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { useUpdateInvoiceNotes } from "../payments-api";

type Fields = { notes: string; memo: string };

/**
 * Edit notes: the notes (printed on the invoice) and the internal memo (the office's own), what
 * stays editable once an invoice was sent (DECISIONS 'Invoices'); each change is in the activity log.
 */
export function NotesDialog({ invoice, onClose }: { invoice: TInvoice; onClose: () => void }) {
  const save = useUpdateInvoiceNotes(invoice.id);
  const [values, setValues] = useState<Fields>({ notes: invoice.notes ?? "", memo: invoice.memo ?? "" });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const id = useId();

  const submit = () => {
    const parsed = ZInvoiceNotes.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Fields] ??= issue.message;
      setErrors(next);
      document.getElementById(`${id}-${Object.keys(next)[0]}`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast.success("Notes saved");
        onClose();
      },
      onError: (error) => toast.error(failureMessage(error, "Failed to save the notes")),
    });
  };

  const field = (key: keyof Fields, label: string, hint: string) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Textarea
        id={`${id}-${key}`}
        rows={key === "notes" ? 4 : 3}
        value={values[key]}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={`${id}-${key}-${errors[key] ? "error" : "hint"}`}
        onChange={(e) => {
          const value = e.target.value;
          setValues((prev) => ({ ...prev, [key]: value }));
        }}
      />
      {errors[key] ? (
        <p id={`${id}-${key}-error`} className="text-sm text-destructive">
          {errors[key]}
        </p>
      ) : (
        <p id={`${id}-${key}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Notes of {invoice.invoiceNumber}</DialogTitle>
          <DialogDescription>
            The change is recorded in the activity log; the lines and amounts of a sent invoice stay as they
            are.
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
          {field("notes", "Notes", "Printed on the invoice and shown to the client.")}
          {field(
            "memo",
            "Internal memo",
            "Only the office sees it: never printed, emailed or shown to the client.",
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={save.isPending} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner /> : <NotebookPen />}
              Save notes
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
