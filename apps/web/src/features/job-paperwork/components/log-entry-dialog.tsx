import { JOB_LOG_KIND_LABELS, type JobLogKind, ZJobLogEntry } from "@pevo/shared";
import { format } from "date-fns";
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
import { controlProps, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api";
import { currentPosition } from "@/lib/current-position";
import { failureMessage } from "@/lib/errors";
import { useMySettings } from "@/lib/my-settings";
import { SAVED_ON_PHONE } from "@/lib/offline/send";
import { toast } from "@/lib/toast";
import { useAddJobLogEntry } from "../api";

type Errors = Record<string, string>;
const POLE_KINDS: JobLogKind[] = ["pole_height", "strike", "near_miss"];

/** A whole number from a text box, or null when empty (the schema says what is wrong with the rest). */
const wholeNumber = (text: string) => (text.trim() === "" ? null : Number(text));

/**
 * Adds a stop (`log` = "stop") or a pole-height entry (`log` = "pole": the pole's measured height,
 * a clearance strike or a near-miss) with its time (now, on the phone's clock, changeable) and place.
 */
export function LogEntryDialog({
  dispatchId,
  log,
  open,
  onOpenChange,
}: {
  dispatchId: string;
  log: "stop" | "pole";
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const ids = useId();
  const add = useAddJobLogEntry(dispatchId);
  const settings = useMySettings();
  const [entryId, setEntryId] = useState(() => crypto.randomUUID());
  const [kind, setKind] = useState<JobLogKind>(log === "stop" ? "stop" : "pole_height");
  const [at, setAt] = useState(() => format(new Date(), "yyyy-MM-dd'T'HH:mm"));
  const [place, setPlace] = useState("");
  const [reason, setReason] = useState("");
  const [feet, setFeet] = useState("");
  const [inches, setInches] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [locating, setLocating] = useState(false);

  const reset = () => {
    setEntryId(crypto.randomUUID());
    setKind(log === "stop" ? "stop" : "pole_height");
    setAt(format(new Date(), "yyyy-MM-dd'T'HH:mm"));
    setPlace("");
    setReason("");
    setFeet("");
    setInches("");
    setErrors({});
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const ft = wholeNumber(feet);
    const heightInches = kind === "pole_height" && ft != null ? ft * 12 + (wholeNumber(inches) ?? 0) : null;
    const when = new Date(at);
    const body = {
      id: entryId,
      kind,
      at: Number.isNaN(when.getTime()) ? "" : when.toISOString(),
      place,
      reason: kind === "pole_height" ? null : reason,
      heightInches,
    };
    const parsed = ZJobLogEntry.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setLocating(true);
    const position = await currentPosition(settings.data?.settings.locationServices ?? false);
    setLocating(false);
    try {
      const { queued } = await add.mutateAsync({ ...body, ...(position ?? {}) });
      if (queued) toast.info(SAVED_ON_PHONE);
      else toast.success(kind === "stop" ? "Stop logged" : `${JOB_LOG_KIND_LABELS[kind]} logged`);
      reset();
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      toast.error(failureMessage(error, "Could not save the entry"));
    }
  };

  const busy = add.isPending || locating;
  const field = (name: string) => controlProps(`${ids}-${name}`, errors[name]);
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{log === "stop" ? "Log a stop" : "Pole-height log"}</DialogTitle>
          <DialogDescription>
            {log === "stop"
              ? "When and where the convoy stopped, and why."
              : "The pole's measured height, or a clearance strike or near-miss."}
          </DialogDescription>
        </DialogHeader>
        <form id={`${ids}-form`} className="grid gap-4" onSubmit={submit} noValidate>
          {log === "pole" ? (
            <Field label="Entry" htmlFor={`${ids}-kind`}>
              <Select value={kind} onValueChange={(v) => setKind(v as JobLogKind)}>
                <SelectTrigger id={`${ids}-kind`} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {POLE_KINDS.map((k) => (
                    <SelectItem key={k} value={k}>
                      {JOB_LOG_KIND_LABELS[k]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
          ) : null}
          {kind === "pole_height" ? (
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium">Measured height</legend>
              <div className="grid grid-cols-2 gap-3">
                <Field label="Feet" htmlFor={`${ids}-feet`} error={errors.heightInches}>
                  <Input
                    {...field("heightInches")}
                    id={`${ids}-feet`}
                    inputMode="numeric"
                    value={feet}
                    onChange={(e) => setFeet(e.target.value)}
                  />
                </Field>
                <Field label="Inches" htmlFor={`${ids}-inches`}>
                  <Input
                    id={`${ids}-inches`}
                    inputMode="numeric"
                    value={inches}
                    onChange={(e) => setInches(e.target.value)}
                  />
                </Field>
              </div>
            </fieldset>
          ) : (
            <Field
              label={kind === "stop" ? "Reason" : "What happened"}
              htmlFor={`${ids}-reason`}
              error={errors.reason}
            >
              <Textarea
                {...field("reason")}
                rows={2}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </Field>
          )}
          <Field label="Time" htmlFor={`${ids}-at`} error={errors.at}>
            <Input
              {...field("at")}
              type="datetime-local"
              value={at}
              onChange={(e) => setAt(e.target.value)}
            />
          </Field>
          <Field
            label="Place"
            htmlFor={`${ids}-place`}
            error={errors.place}
            hint={settings.data?.settings.locationServices ? "The phone's location is added too." : undefined}
          >
            <Input
              {...field("place")}
              placeholder="Mile marker, exit, town"
              value={place}
              onChange={(e) => setPlace(e.target.value)}
            />
          </Field>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={`${ids}-form`} disabled={busy}>
            {busy ? <Spinner /> : null}
            Save
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
