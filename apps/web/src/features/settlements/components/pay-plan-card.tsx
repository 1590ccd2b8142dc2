import { zodResolver } from "@hookform/resolvers/zod";
import {
  EXPENSE_TYPE_LABELS,
  EXPENSE_TYPES,
  type ExpenseType,
  PAY_PLAN_KIND_LABELS,
  type TPayPlan,
  type TPayPlanInput,
  type TPayPlanSave,
  ZPayPlanInput,
} from "@pevo/shared";
import { History } from "lucide-react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { LimitedForm } from "@/components/field-limits";
import { DateField, InputField, optionsFrom, SelectField } from "@/components/form-fields";
import { EmptyState, ListSkeleton, QueryErrorState } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { applyFieldErrors } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { formatDate, formatMoney, todayIso } from "@/lib/format";
import { toast } from "@/lib/toast";
import { usePayPlans, useSavePayPlan } from "../api";

/** The per-job rates of a plan, in the rate confirmation's order (DECISIONS 'PEVO pay'). */
const RATE_FIELDS = [
  { name: "dayRate", label: "Day rate ($)" },
  { name: "mileRate", label: "Per mile ($)" },
  { name: "mileageMinimum", label: "Mileage minimum (miles per day)", quantity: true },
  { name: "overnightRate", label: "Overnight ($)" },
  { name: "noGoRate", label: "No-go ($)" },
  { name: "waitRate", label: "Wait / standby per hour ($)" },
  { name: "waitThreshold", label: "Wait paid after (hours)", quantity: true },
  { name: "deadheadRate", label: "Deadhead per mile ($)" },
  { name: "perDiem", label: "Per diem ($)" },
  { name: "highPoleRate", label: "High-pole premium ($ per day)" },
] as const satisfies readonly { name: keyof TPayPlan; label: string; quantity?: boolean }[];

/** "70% of the job's invoice" or "Day rate $300.00 · Per mile $0.60 ...": a version in one line. */
function planSummary(plan: TPayPlan): string {
  if (plan.kind === "percentage") return `${Number(plan.percent)}% of the job's invoice`;
  const parts = RATE_FIELDS.flatMap((f) => {
    const value = plan[f.name];
    if (value === null) return [];
    const label = f.label.replace(/ \(.*\)$/, "");
    return [
      "quantity" in f
        ? `${label} ${f.name === "waitThreshold" ? `${value} h` : `${value} mi`}`
        : `${label} ${formatMoney(value)}`,
    ];
  });
  return parts.join(" · ");
}

const reimbursedText = (plan: TPayPlan) =>
  plan.reimbursedExpenses.length === 0
    ? "No expense reimbursed"
    : `Reimbursed: ${plan.reimbursedExpenses.map((e) => EXPENSE_TYPE_LABELS[e].toLowerCase()).join(", ")}`;

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

function formValues(plan: TPayPlan | null): TPayPlanInput {
  return {
    effectiveFrom: todayIso(),
    kind: plan?.kind ?? "percentage",
    percent: text(plan?.percent),
    dayRate: text(plan?.dayRate),
    mileRate: text(plan?.mileRate),
    mileageMinimum: text(plan?.mileageMinimum),
    overnightRate: text(plan?.overnightRate),
    noGoRate: text(plan?.noGoRate),
    waitRate: text(plan?.waitRate),
    waitThreshold: text(plan?.waitThreshold),
    deadheadRate: text(plan?.deadheadRate),
    perDiem: text(plan?.perDiem),
    highPoleRate: text(plan?.highPoleRate),
    reimbursedExpenses: plan?.reimbursedExpenses ?? [],
  };
}

/**
 * A pay plan (DECISIONS 'PEVO pay'): the company default (`pevoId` null) or a PEVO's own. Saving adds
 * a version in force for jobs from its effective date; a job keeps the plan it was paid under, so
 * versions are never edited, only listed.
 */
export function PayPlanCard({ pevoId }: { pevoId: string | null }) {
  const plans = usePayPlans(pevoId);
  const title = pevoId === null ? "Default pay plan" : "Pay plan";
  return (
    <Card id="pay-plan" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>
          {/* A heading: its history below is an h3 (on the pay plan page the h1 comes before it). */}
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>
          {pevoId === null
            ? "How every PEVO without a plan of their own is paid. A change applies to jobs completed from its effective date."
            : "How this PEVO is paid instead of the company default. A change applies to jobs completed from its effective date."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {plans.isError ? (
          <QueryErrorState message="Error loading the pay plan" query={plans} />
        ) : plans.data ? (
          <>
            <InForce
              pevoId={pevoId}
              current={plans.data.current}
              companyDefault={plans.data.companyDefault}
            />
            <PlanForm
              key={plans.data.current?.id ?? "none"}
              pevoId={pevoId}
              current={plans.data.current ?? (pevoId === null ? null : plans.data.companyDefault)}
            />
            <Versions versions={plans.data.versions} currentId={plans.data.current?.id ?? null} />
          </>
        ) : (
          <ListSkeleton label="Loading the pay plan" rows={3} />
        )}
      </CardContent>
    </Card>
  );
}

function InForce({
  pevoId,
  current,
  companyDefault,
}: {
  pevoId: string | null;
  current: TPayPlan | null;
  companyDefault: TPayPlan | null;
}) {
  if (current)
    return (
      <div className="rounded-md border p-3 text-sm">
        <p className="font-medium">In force since {formatDate(current.effectiveFrom)}</p>
        <p className="[overflow-wrap:anywhere]">{planSummary(current)}</p>
        <p className="text-muted-foreground">{reimbursedText(current)}</p>
      </div>
    );
  if (pevoId !== null && companyDefault)
    return (
      <div className="rounded-md border p-3 text-sm">
        <p className="font-medium">Paid by the company default</p>
        <p className="[overflow-wrap:anywhere]">{planSummary(companyDefault)}</p>
        <p className="text-muted-foreground">{reimbursedText(companyDefault)}</p>
      </div>
    );
  return (
    <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
      {pevoId === null
        ? "No default pay plan yet: jobs are paid $0.00 until one is in force."
        : "No pay plan in force: neither this PEVO nor the company has one, so their jobs are paid $0.00."}
    </p>
  );
}

function PlanForm({ pevoId, current }: { pevoId: string | null; current: TPayPlan | null }) {
  const save = useSavePayPlan(pevoId);
  const form = useForm<TPayPlanInput, unknown, TPayPlanSave>({
    resolver: zodResolver(ZPayPlanInput),
    defaultValues: formValues(current),
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const kind = useWatch({ control, name: "kind" });
  const idOf = (name: string) => `${pevoId ?? "default"}-plan-${name}`;
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(`Pay plan saved: in force from ${formatDate(values.effectiveFrom)}`);
    } catch (error) {
      if (!applyFieldErrors(error, setError))
        toast.error(failureMessage(error, "Could not save the pay plan"));
    }
  });
  return (
    <LimitedForm schema={ZPayPlanInput} onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          control={control}
          name="kind"
          id={idOf("kind")}
          label="Paid as"
          options={optionsFrom(PAY_PLAN_KIND_LABELS)}
        />
        <DateField control={control} name="effectiveFrom" id={idOf("effective")} label="Effective date" />
      </div>
      {kind === "percentage" ? (
        <InputField
          id={idOf("percent")}
          label="Percentage of what the job invoiced for the PEVO (%)"
          inputMode="decimal"
          className="sm:max-w-xs"
          error={formState.errors.percent?.message}
          {...register("percent")}
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {RATE_FIELDS.map((f) => (
            <InputField
              key={f.name}
              id={idOf(f.name)}
              label={f.label}
              inputMode={"quantity" in f ? "numeric" : "decimal"}
              error={formState.errors[f.name]?.message}
              {...register(f.name)}
            />
          ))}
        </div>
      )}
      <Controller
        control={control}
        name="reimbursedExpenses"
        render={({ field, fieldState }) => {
          const value = (field.value ?? []) as ExpenseType[];
          return (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Reimbursed trip-log expenses</legend>
              <div className="flex flex-wrap gap-x-6 gap-y-2">
                {EXPENSE_TYPES.map((type) => (
                  <div key={type} className="flex items-center gap-2">
                    <Checkbox
                      id={idOf(`expense-${type}`)}
                      checked={value.includes(type)}
                      onCheckedChange={(checked) =>
                        field.onChange(checked ? [...value, type] : value.filter((v) => v !== type))
                      }
                    />
                    <Label htmlFor={idOf(`expense-${type}`)}>{EXPENSE_TYPE_LABELS[type]}</Label>
                  </div>
                ))}
              </div>
              {fieldState.error ? (
                <p className="text-sm text-destructive">{fieldState.error.message}</p>
              ) : null}
            </fieldset>
          );
        }}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          Save pay plan
        </Button>
      </div>
    </LimitedForm>
  );
}

function Versions({ versions, currentId }: { versions: TPayPlan[]; currentId: string | null }) {
  const today = todayIso();
  return (
    <section aria-labelledby="pay-plan-history" className="grid gap-2">
      <h3 id="pay-plan-history" className="text-sm font-medium">
        History
      </h3>
      {versions.length === 0 ? (
        <EmptyState icon={<History />} text="No version saved yet." />
      ) : (
        <ol className="divide-y rounded-md border">
          {versions.map((v) => (
            <li key={v.id} className="grid gap-1 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">From {formatDate(v.effectiveFrom)}</span>
                {v.id === currentId ? (
                  <Badge variant="green">In force</Badge>
                ) : v.effectiveFrom > today ? (
                  <Badge variant="blue">Scheduled</Badge>
                ) : null}
              </div>
              <p className="[overflow-wrap:anywhere]">{planSummary(v)}</p>
              <p className="text-muted-foreground">{reimbursedText(v)}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
