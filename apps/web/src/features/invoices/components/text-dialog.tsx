import type { LucideIcon } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import type { z } from "zod";
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

/**
 * A dialog with one text area (the reason of a void and reissue): checked with the shared schema's
 * rule before it is sent, the message under the field, focus back on it.
 */
export function TextDialog({
  title,
  description,
  label,
  check,
  submitLabel,
  Icon,
  destructive = false,
  blocked,
  pending,
  onSubmit,
  onClose,
}: {
  title: string;
  description: ReactNode;
  label: string;
  /** The shared schema of the one field: its first message is shown under the field. */
  check: z.ZodType;
  submitLabel: string;
  Icon: LucideIcon;
  destructive?: boolean;
  /** Why the action cannot be done now (shown instead of the field); the submit button is off. */
  blocked?: string;
  pending: boolean;
  onSubmit: (text: string) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = () => {
    const parsed = check.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Check this field");
      document.getElementById(id)?.focus();
      return;
    }
    setError(null);
    onSubmit(text);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!blocked) submit();
          }}
        >
          {blocked ? (
            <p
              role="alert"
              className="rounded-md border border-destructive/40 bg-destructive/10 p-2 text-sm text-destructive"
            >
              {blocked}
            </p>
          ) : (
            <div className="grid gap-1.5">
              <Label htmlFor={id}>{label}</Label>
              <Textarea
                id={id}
                rows={4}
                value={text}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => {
                  setText(e.target.value);
                  setError(null);
                }}
              />
              {error ? (
                <p id={`${id}-error`} className="text-sm text-destructive">
                  {error}
                </p>
              ) : null}
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={pending} onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={destructive ? "destructive" : "default"}
              disabled={pending || !!blocked}
            >
              {pending ? <Spinner /> : <Icon />}
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
