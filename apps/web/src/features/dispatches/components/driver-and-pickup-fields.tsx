import { DISPATCH_STATUS_LABELS, type TDispatchInput } from "@pevo/shared";
import type * as React from "react";
import type { UseFormReturn } from "react-hook-form";
import { InputField, optionsFrom, SelectField, TextareaField } from "@/components/form-fields";

const STATUS_OPTIONS = optionsFrom(DISPATCH_STATUS_LABELS);

/** The fields of a dispatch both forms hold: the driver, the pickup time, the notes and the status. */
type DriverAndPickupValues = Pick<
  TDispatchInput,
  "driverName" | "driverPhone" | "driverCompany" | "pickupTime" | "notes" | "status"
>;

/**
 * The driver and pickup fields of a dispatch (SPEC §2, §5), the same in the one-dispatch form and in
 * the form that makes one dispatch per position. `pickupDate` (the one dispatch's date) stands
 * between the company and the time; with it the company takes a row of its own so the date and
 * the time sit side by side.
 */
export function DriverAndPickupFields<T extends DriverAndPickupValues, R extends DriverAndPickupValues>({
  form,
  pickupDate,
  notesRows,
  notesPlaceholder,
}: {
  form: UseFormReturn<T, unknown, R>;
  pickupDate?: React.ReactNode;
  notesRows: number;
  notesPlaceholder: string;
}) {
  // The names below are fields of every T; react-hook-form's paths cannot say so of a generic T.
  const { control, register, formState } = form as unknown as UseFormReturn<DriverAndPickupValues>;
  const { errors } = formState;
  return (
    <>
      <InputField
        id="dispatch-driverName"
        label="Driver Name"
        error={errors.driverName?.message}
        className="content-start"
        autoComplete="off"
        {...register("driverName")}
      />
      <InputField
        id="dispatch-driverPhone"
        label="Driver Phone"
        error={errors.driverPhone?.message}
        className="content-start"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="(555) 123-4567"
        {...register("driverPhone")}
      />
      <InputField
        id="dispatch-driverCompany"
        label="Driver Company (optional)"
        error={errors.driverCompany?.message}
        className={pickupDate ? "content-start md:col-span-2" : "content-start"}
        autoComplete="off"
        {...register("driverCompany")}
      />
      {pickupDate}
      <InputField
        id="dispatch-pickupTime"
        label="Pickup Time"
        error={errors.pickupTime?.message}
        className="content-start"
        type="time"
        inputClassName="dark:scheme-dark"
        {...register("pickupTime")}
      />
      <TextareaField
        id="dispatch-notes"
        label="Notes (optional)"
        error={errors.notes?.message}
        className="content-start md:col-span-2"
        rows={notesRows}
        placeholder={notesPlaceholder}
        {...register("notes")}
      />
      <SelectField
        control={control}
        name="status"
        id="dispatch-status"
        label="Status"
        className="content-start"
        options={STATUS_OPTIONS}
      />
    </>
  );
}
