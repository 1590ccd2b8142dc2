import { fromCents, type SuggestedLine, toCents } from "@pevo/shared";
import { ListChecks } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { formatDate, formatMoney } from "@/lib/format";
import { useSuggestedLines } from "../api";
import { isOnInvoice, type LineItemValues } from "../form-values";
import { LineKindBadge } from "./line-kind-badge";

/**
 * "Suggest lines from the job": every billable item of the dispatch — days or mileage,
 * no-go, overnight, detention, custom rates, expenses at cost — each ticked unless the invoice already
 * has it; the office unticks what the client does not owe and adds the rest.
 */
export function SuggestedLinesDialog({
  dispatchId,
  current,
  disabled,
  onAdd,
}: {
  dispatchId: string;
  current: () => LineItemValues[];
  disabled: boolean;
  onAdd: (lines: LineItemValues[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const suggestions = useSuggestedLines(dispatchId, open);
  const [chosen, setChosen] = useState<boolean[]>([]);
  const [present, setPresent] = useState<boolean[]>([]);
  const items = suggestions.data?.items;

  // Each fresh answer starts from "everything not yet on the invoice".
  useEffect(() => {
    if (!open || !items) return;
    const onInvoice = items.map((line) => isOnInvoice(line, current()));
    setPresent(onInvoice);
    setChosen(onInvoice.map((p) => !p));
  }, [items, open, current]);

  const count = chosen.filter(Boolean).length;
  const total = (items ?? []).reduce((sum, line, i) => (chosen[i] ? sum + toCents(line.charge) : sum), 0);

  const add = () => {
    const picked = (items ?? []).filter((_, i) => chosen[i]);
    onAdd(picked.map((line: SuggestedLine) => ({ ...line })));
    setOpen(false);
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" disabled={disabled}>
          <ListChecks />
          Suggest lines from the job
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Suggested lines</DialogTitle>
          <DialogDescription>
            What the rate confirmation and the trip log say the client owes. Untick what you do not bill.
          </DialogDescription>
        </DialogHeader>
        {suggestions.isPending ? (
          <p className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
            <Spinner />
            Loading suggested lines...
          </p>
        ) : suggestions.isError ? (
          <div className="grid gap-3 py-4">
            <p role="alert" className="text-sm text-destructive">
              Could not load the suggested lines: {suggestions.error.message}
            </p>
            <Button variant="outline" className="w-fit" onClick={() => void suggestions.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <div className="grid gap-3">
            {!suggestions.data.hasRates ? (
              <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100">
                This dispatch has no rate confirmation: days are suggested at $0.00.
              </p>
            ) : null}
            {suggestions.data.tripCount === 0 ? (
              <p className="text-sm text-muted-foreground">
                No trips are logged for this dispatch yet: the pickup day is suggested as booked.
              </p>
            ) : null}
            <ul aria-label="Suggested lines" className="grid divide-y rounded-md border">
              {items?.map((line, i) => {
                const id = `suggested-${i}`;
                return (
                  <li key={i} className="flex items-start gap-3 p-3" data-testid="suggested-line">
                    <Checkbox
                      id={id}
                      className="mt-0.5"
                      checked={chosen[i] ?? false}
                      onCheckedChange={(value) =>
                        setChosen((old) => old.map((c, j) => (j === i ? value === true : c)))
                      }
                    />
                    <label htmlFor={id} className="grid min-w-0 flex-1 gap-1 text-sm">
                      <span className="flex flex-wrap items-center gap-2">
                        <LineKindBadge kind={line.kind} />
                        <span className="text-muted-foreground">{formatDate(line.date)}</span>
                        {present[i] ? (
                          <span className="text-xs text-muted-foreground">Already on the invoice</span>
                        ) : null}
                      </span>
                      <span className="break-words">{line.location}</span>
                    </label>
                    <span className="shrink-0 text-sm font-medium tabular-nums">
                      {formatMoney(line.charge)}
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
        <DialogFooter className="items-center gap-2 sm:justify-between">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {count} {count === 1 ? "line" : "lines"} selected · {formatMoney(fromCents(total))}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={add} disabled={count === 0}>
              Add {count} {count === 1 ? "line" : "lines"}
            </Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
