import {
  DEFAULT_DETENTION_THRESHOLD,
  type TAdditionalRates,
  type TAdditionalRatesInput,
  type TLoadDetails,
  type TLoadDetailsInput,
  type TRateConfirmation,
  type TRateConfirmationData,
  type TRateConfirmationInput,
} from "@pevo/shared";
import type { UseFormReturn } from "react-hook-form";

/**
 * What the form holds: the shared schema's input. Rates stay the user's text (strings) until the
 * schema turns them into exact decimal strings on submit.
 */
export type RcFormValues = TRateConfirmationInput;
export type RcForm = UseFormReturn<RcFormValues, unknown, TRateConfirmationData>;

export type RcPositionValues = RcFormValues["positions"][number];
export type RcCustomRateValues = NonNullable<RcFormValues["customRates"]>[number];

export const newPosition = (): RcPositionValues => ({
  positionType: "lead_car",
  customName: "",
  pevoId: null,
});
export const newCustomRate = (): RcCustomRateValues => ({ name: "", amount: "", unit: "hourly" });

/** A blank form: one Lead Car position, detention threshold 2 hours (SPEC §9). */
export function emptyFormValues(clientId = ""): RcFormValues {
  return {
    clientId,
    jobNumber: "",
    originAddress: "",
    destinationAddress: "",
    startDate: "",
    endDate: null,
    description: "",
    additionalTerms: "",
    standardRates: {
      minimumDailyRate: "",
      mileageRate: "",
      overnightRate: "",
      noGoRate: "",
      detentionRate: "",
      detentionThreshold: String(DEFAULT_DETENTION_THRESHOLD),
    },
    additionalRates: additionalRatesFormValues(null),
    customRates: [],
    positions: [newPosition()],
    loadDetails: loadDetailsFormValues(null),
  };
}

/** Additional rates as the form holds them: "" for a rate not charged. */
function additionalRatesFormValues(rates: TAdditionalRates | null): TAdditionalRatesInput {
  return {
    deadheadRate: rates?.deadheadRate ?? "",
    deadheadMiles: rates?.deadheadMiles ? String(Number(rates.deadheadMiles)) : "",
    perDiemRate: rates?.perDiemRate ?? "",
    standbyRate: rates?.standbyRate ?? "",
    standbyThreshold:
      rates?.standbyThreshold === null || rates === null ? "" : String(rates.standbyThreshold),
    highPoleRate: rates?.highPoleRate ?? "",
    mileageMinimum: rates?.mileageMinimum ? String(Number(rates.mileageMinimum)) : "",
    tollsAtCost: rates?.tollsAtCost ?? false,
  };
}

/** Load details as the form holds them: text boxes get "" for none, numbers stay numbers. */
function loadDetailsFormValues(details: TLoadDetails | null): TLoadDetailsInput {
  return {
    description: details?.description ?? "",
    widthInches: details?.widthInches ?? null,
    heightInches: details?.heightInches ?? null,
    lengthInches: details?.lengthInches ?? null,
    weightPounds: details?.weightPounds ?? "",
    frontOverhangInches: details?.frontOverhangInches ?? null,
    rearOverhangInches: details?.rearOverhangInches ?? null,
    truckNumber: details?.truckNumber ?? "",
    trailerNumber: details?.trailerNumber ?? "",
    cbChannel: details?.cbChannel ?? "",
    permits: details?.permits.map(({ state, number }) => ({ state, number })) ?? [],
    routeDescription: details?.routeDescription ?? "",
    routeStates: [...(details?.routeStates ?? [])],
  };
}

/** A stored record as form values (row ids dropped: saving replaces the rows). */
export function toFormValues(rc: TRateConfirmation): RcFormValues {
  const rates = rc.standardRates;
  return {
    clientId: rc.clientId,
    jobNumber: rc.jobNumber,
    originAddress: rc.originAddress,
    destinationAddress: rc.destinationAddress,
    startDate: rc.startDate,
    endDate: rc.endDate,
    description: rc.description,
    additionalTerms: rc.additionalTerms ?? "",
    standardRates: {
      minimumDailyRate: rates.minimumDailyRate,
      mileageRate: rates.mileageRate,
      overnightRate: rates.overnightRate,
      noGoRate: rates.noGoRate,
      detentionRate: rates.detentionRate,
      detentionThreshold: String(rates.detentionThreshold),
    },
    additionalRates: additionalRatesFormValues(rc.additionalRates),
    customRates: rc.customRates.map(({ name, amount, unit }) => ({ name, amount, unit })),
    positions: rc.positions.map(({ positionType, customName, pevoId }) => ({
      positionType,
      customName: customName ?? "",
      pevoId,
    })),
    loadDetails: loadDetailsFormValues(rc.loadDetails),
  };
}
