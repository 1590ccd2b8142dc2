import { type TJobPaperwork, ZSafetyMeeting } from "@pevo/shared";
import { ClipboardCheck } from "lucide-react";
import { useId, useState } from "react";
import { SignaturePad } from "@/components/signature-pad";
import { QueryErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { controlProps, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { currentPosition } from "@/lib/current-position";
import { failureMessage } from "@/lib/errors";
import { useMySettings } from "@/lib/my-settings";
import { SAVED_ON_PHONE } from "@/lib/offline/send";
import { toast } from "@/lib/toast";
import { usePortalPaperwork, useSignSafetyMeeting } from "../api";
import { SignedMeeting } from "./signed-meeting";

type Errors = Record<string, string>;

/** The checklist, both names and both drawn signatures; signed at once (DECISIONS 'Job paperwork'). */
function MeetingForm({ dispatchId, paperwork }: { dispatchId: string; paperwork: TJobPaperwork }) {
  const ids = useId();
  const sign = useSignSafetyMeeting(dispatchId);
  const settings = useMySettings();
  // One id per meeting, made here: a retry of the same meeting is never a second one.
  const [meetingId] = useState(() => crypto.randomUUID());
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [pevoName, setPevoName] = useState("");
  const [driverName, setDriverName] = useState("");
  const [pevoSignature, setPevoSignature] = useState<string | null>(null);
  const [driverSignature, setDriverSignature] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [locating, setLocating] = useState(false);

  const allChecked = paperwork.checklist.every((i) => checked.has(i));
  /** A field's message goes as soon as it is changed (the next Sign checks everything again). */
  const fixed = (name: string) =>
    setErrors((prev) => {
      const next = { ...prev };
      delete next[name];
      return next;
    });
  const toggle = (item: string, on: boolean) => {
    fixed("checked");
    setChecked((prev) => {
      const next = new Set(prev);
      if (on) next.add(item);
      else next.delete(item);
      return next;
    });
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      id: meetingId,
      checked: [...checked],
      pevoName,
      pevoSignature: pevoSignature ?? "",
      driverName,
      driverSignature: driverSignature ?? "",
    };
    const parsed = ZSafetyMeeting.safeParse(body);
    const found: Errors = {};
    if (!allChecked) found.checked = "Check every item before signing";
    for (const issue of parsed.error?.issues ?? []) {
      const key = String(issue.path[0]);
      found[key] ??= issue.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setLocating(true);
    const position = await currentPosition(settings.data?.settings.locationServices ?? false);
    setLocating(false);
    try {
      const { queued } = await sign.mutateAsync({ ...body, ...(position ?? {}) });
      if (queued) toast.info(SAVED_ON_PHONE);
      else toast.success("Safety meeting signed");
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      toast.error(failureMessage(error, "Could not sign the safety meeting"));
    }
  };

  const busy = sign.isPending || locating;
  const field = (name: string) => controlProps(`${ids}-${name}`, errors[name]);
  return (
    <form className="grid gap-5" onSubmit={submit} noValidate aria-label="Pre-trip safety meeting">
      <fieldset className="grid gap-2" aria-describedby={errors.checked ? `${ids}-checked-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Reviewed together</legend>
        {paperwork.checklist.map((item, i) => (
          <div key={item} className="flex min-h-11 items-center gap-3 rounded-md border px-3 py-2">
            <Checkbox
              id={`${ids}-item-${i}`}
              checked={checked.has(item)}
              onCheckedChange={(v) => toggle(item, v === true)}
              disabled={busy}
            />
            <Label htmlFor={`${ids}-item-${i}`} className="font-normal leading-snug">
              {item}
            </Label>
          </div>
        ))}
        {errors.checked ? (
          <p id={`${ids}-checked-error`} role="alert" className="text-sm text-destructive">
            {errors.checked}
          </p>
        ) : null}
      </fieldset>

      <div className="grid gap-3">
        <Field label="Your full name (PEVO)" htmlFor={`${ids}-pevoName`} error={errors.pevoName}>
          <Input
            {...field("pevoName")}
            autoComplete="name"
            value={pevoName}
            onChange={(e) => {
              setPevoName(e.target.value);
              fixed("pevoName");
            }}
            disabled={busy}
          />
        </Field>
        <SignaturePad
          label="PEVO's signature"
          testId="pevo-signature"
          onChange={(png) => {
            setPevoSignature(png);
            fixed("pevoSignature");
          }}
          disabled={busy}
        />
        {errors.pevoSignature ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.pevoSignature}
          </p>
        ) : null}
      </div>

      <div className="grid gap-3">
        <Field label="Truck driver's full name" htmlFor={`${ids}-driverName`} error={errors.driverName}>
          <Input
            {...field("driverName")}
            value={driverName}
            onChange={(e) => {
              setDriverName(e.target.value);
              fixed("driverName");
            }}
            disabled={busy}
          />
        </Field>
        <SignaturePad
          label="Truck driver's signature"
          testId="driver-signature"
          onChange={(png) => {
            setDriverSignature(png);
            fixed("driverSignature");
          }}
          disabled={busy}
        />
        {errors.driverSignature ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.driverSignature}
          </p>
        ) : null}
      </div>

      <p className="text-xs text-muted-foreground">
        Signing records the time{settings.data?.settings.locationServices ? " and this phone's location" : ""}
        . A signed meeting cannot be changed.
      </p>
      <Button type="submit" className="h-12 text-base" disabled={busy}>
        {busy ? <Spinner /> : <ClipboardCheck />}
        Sign safety meeting
      </Button>
    </form>
  );
}

/** The pre-trip safety meeting on the PEVO's job: the form until it is signed, then the record. */
export function SafetyMeetingCard({ dispatchId }: { dispatchId: string }) {
  const query = usePortalPaperwork(dispatchId);
  const [open, setOpen] = useState(false);
  const paperwork = query.data;
  return (
    <Card className="min-w-0 gap-3">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <ClipboardCheck className="size-4 text-muted-foreground" aria-hidden />
          Pre-trip safety meeting
        </CardTitle>
        <CardDescription>
          Reviewed with the truck driver and signed by both of you before the move.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isError ? (
          <QueryErrorState message="Error loading the safety meeting" query={query} />
        ) : !paperwork ? (
          <Skeleton className="h-24 w-full" />
        ) : paperwork.meeting ? (
          <SignedMeeting meeting={paperwork.meeting} timeZone={paperwork.timeZone} />
        ) : open ? (
          <MeetingForm dispatchId={dispatchId} paperwork={paperwork} />
        ) : (
          <Button className="h-12 w-full text-base sm:w-auto" onClick={() => setOpen(true)}>
            <ClipboardCheck />
            Hold the safety meeting
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
