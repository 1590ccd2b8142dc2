import { positionLabel } from "@pevo/shared";
import { useController } from "react-hook-form";
import { controlProps, Field } from "@/components/ui/field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useRateConfirmationRecord } from "../api";
import type { DispatchForm } from "../form-values";
import type { RateConfirmationSummaryData } from "./rate-confirmation-summary";

const NONE = "__none__";
/** One select value per position: its type and, for a custom one, its name. */
const keyOf = (type: string | null | undefined, name: string | null | undefined) =>
  type ? `${type}\u0000${type === "custom" ? (name ?? "") : ""}` : NONE;

/**
 * Which of the linked rate confirmation's positions this dispatch fills (DECISIONS "One dispatch per
 * position"): one select writing the dispatch's position type and custom name.
 */
export function PositionField({
  form,
  rcId,
  known,
  disabled,
}: {
  form: DispatchForm;
  rcId: string;
  known?: RateConfirmationSummaryData | null;
  disabled?: boolean;
}) {
  const type = useController({ control: form.control, name: "positionType" });
  const name = useController({ control: form.control, name: "positionName" });
  const useKnown = known?.id === rcId;
  const record = useRateConfirmationRecord(useKnown ? null : rcId);
  const positions = (useKnown ? known?.positions : record.data?.positions) ?? [];
  const options = [
    ...new Map(
      positions.map((p) => [
        keyOf(p.positionType, p.customName),
        positionLabel({ positionType: p.positionType, positionName: p.customName }) ?? "",
      ]),
    ),
  ];
  const value = keyOf(type.field.value, name.field.value);
  // The dispatch's own position stays choosable even when the rate confirmation no longer has it.
  if (value !== NONE && !options.some(([k]) => k === value)) {
    options.push([
      value,
      positionLabel({ positionType: type.field.value || null, positionName: name.field.value }) ?? "",
    ]);
  }
  return (
    <Field label="Position (optional)" htmlFor="dispatch-position" className="min-w-0 content-start">
      <Select
        value={value}
        disabled={disabled}
        onValueChange={(next) => {
          const [t = "", n = ""] = next === NONE ? [] : next.split("\u0000");
          type.field.onChange(t || null);
          name.field.onChange(t === "custom" ? n : null);
        }}
      >
        <SelectTrigger
          ref={type.field.ref}
          onBlur={type.field.onBlur}
          className="min-w-0 [&>span]:min-w-0 [&>span]:truncate"
          {...controlProps("dispatch-position", undefined)}
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent className="max-w-[calc(100vw-2rem)]">
          <SelectItem value={NONE}>None</SelectItem>
          {options.map(([k, label]) => (
            <SelectItem key={k} value={k}>
              {label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
  );
}
