// Load details as people read them: the display helpers apart from the schema
// (schemas/load-details.ts), so a screen that only shows them (the signing page, the PEVO's phone)
// does not build the schema's validators as its code loads (docs/performance.md).
import type { PositionType, UsState } from "./constants";
import { formatNumber } from "./format-number";
import type { TLoadDetails } from "./schemas/load-details";

/** No load details at all (a new object each time: callers may fill it in). */
export const emptyLoadDetails = (): TLoadDetails => ({
  description: null,
  widthInches: null,
  heightInches: null,
  lengthInches: null,
  weightPounds: null,
  frontOverhangInches: null,
  rearOverhangInches: null,
  truckNumber: null,
  trailerNumber: null,
  cbChannel: null,
  permits: [],
  routeDescription: null,
  routeStates: [],
});

/** Whether anything is filled in (an empty set is left out of the signed document, see signed-content.ts). */
export function hasLoadDetails(details: TLoadDetails): boolean {
  return Object.values(details).some((v) => (Array.isArray(v) ? v.length > 0 : v !== null));
}

/** 150 → `12' 6"`, 144 → `12' 0"`; null → null. */
export function formatFeetInches(totalInches: number | null | undefined): string | null {
  if (totalInches === null || totalInches === undefined) return null;
  return `${Math.floor(totalInches / 12)}' ${totalInches % 12}"`;
}

/** 120000 → "120,000 lb"; null → null. */
export function formatPounds(pounds: number | null | undefined): string | null {
  return pounds === null || pounds === undefined ? null : `${formatNumber(pounds, 3)} lb`;
}

export const HEIGHT_POLE_WARNING =
  "A High Pole Car is on this job but the load height is not given: the pole cannot be set.";

/** The height pole is set from the load's height: a High Pole Car position needs it (a warning, not an error). */
export function heightPoleWithoutHeight(
  positions: readonly { positionType: PositionType }[],
  details: Pick<TLoadDetails, "heightInches"> | null | undefined,
): boolean {
  return (
    positions.some((p) => p.positionType === "high_pole_car") &&
    (details?.heightInches === null || details?.heightInches === undefined)
  );
}

/** "TX → OK → KS" for a route's states; null when none. */
export function formatRouteStates(states: readonly UsState[]): string | null {
  return states.length ? states.join(" → ") : null;
}

/**
 * The filled-in load details as label / text pairs, in reading order: one wording for the PDF, the
 * signing page, the office's pages and the PEVO's phone. Empty fields are left out.
 */
export function loadDetailRows(details: TLoadDetails): { label: string; value: string }[] {
  const rows: [string, string | null][] = [
    ["Load", details.description],
    ["Width", formatFeetInches(details.widthInches)],
    ["Height", formatFeetInches(details.heightInches)],
    ["Length", formatFeetInches(details.lengthInches)],
    ["Weight", formatPounds(details.weightPounds)],
    ["Front overhang", formatFeetInches(details.frontOverhangInches)],
    ["Rear overhang", formatFeetInches(details.rearOverhangInches)],
    ["Truck number", details.truckNumber],
    ["Trailer number", details.trailerNumber],
    ["CB channel", details.cbChannel === null ? null : String(details.cbChannel)],
    ["States on route", formatRouteStates(details.routeStates)],
    [
      "Permits",
      details.permits.length ? details.permits.map((p) => `${p.state} ${p.number}`).join(", ") : null,
    ],
    ["Route", details.routeDescription],
  ];
  return rows.filter((r): r is [string, string] => r[1] !== null).map(([label, value]) => ({ label, value }));
}
