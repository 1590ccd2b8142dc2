import { displayPhone, type TDispatch, type TDispatchData, type TDispatchInput } from "@pevo/shared";
import type { UseFormReturn } from "react-hook-form";
import { todayIso } from "@/lib/format";

/** What the form holds: the shared schema's input; the schema turns '' into null on submit. */
export type DispatchFormValues = TDispatchInput;
export type DispatchForm = UseFormReturn<DispatchFormValues, unknown, TDispatchData>;

/** SPEC §9 defaults: pickup today at 09:00, status pending; `rcId` links a rate confirmation. */
export function newDispatchValues(rcId = ""): DispatchFormValues {
  return {
    rateConfirmationId: rcId,
    pevoId: "",
    driverName: "",
    driverPhone: "",
    driverCompany: "",
    pickupDate: todayIso(),
    pickupTime: "09:00",
    notes: "",
    status: "pending",
  };
}

export function toFormValues(dispatch: TDispatch): DispatchFormValues {
  return {
    rateConfirmationId: dispatch.rateConfirmationId ?? "",
    pevoId: dispatch.pevoId ?? "",
    driverName: dispatch.driverName,
    // Stored in E.164; the form shows it as typed in the US ("(806) 555-0199"): DECISIONS 'Phone numbers'.
    driverPhone: displayPhone(dispatch.driverPhone),
    driverCompany: dispatch.driverCompany ?? "",
    pickupDate: dispatch.pickupDate,
    pickupTime: dispatch.pickupTime,
    notes: dispatch.notes ?? "",
    status: dispatch.status,
    // Kept as they are: the form does not edit the position, and a save must not drop it.
    positionType: dispatch.positionType,
    positionName: dispatch.positionName,
  };
}
