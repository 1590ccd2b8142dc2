import type { UsState } from "../constants";

/**
 * Which states require Pilot/Escort Vehicle Operator (P/EVO) certification, and which states'
 * certificates each of them accepts. The rules change yearly: update `checkedOn` with the table.
 *
 * What the sources say, and what this table takes from them:
 * - Evergreen Safety Council, "Where can I use my Pilot Car Certification?" and "Pilot car
 *   reciprocity": the 14 states below require certification; the Washington certificate is
 *   accepted in all of them except New York; the Colorado certificate in CO, UT, WA, PA, NC, GA,
 *   OK, MN, AZ, TX and KS and FL (so not in NY or VA).
 * - USDOT / FHWA, the state P/EVO certification list (linked from the pages above): Arizona
 *   accepts CO, FL, NC, UT, VA and WA.
 * - Oklahoma Department of Public Safety, "Escort Reciprocity": Oklahoma recognizes CO, FL, GA,
 *   MN, NC, UT, VA and WA (with $1,000,000 combined single limit insurance).
 *
 * Assumptions where the sources above say nothing (conservative: a false "missing" costs the office
 * an override with a reason, a false "valid" costs a PEVO stopped at a state line):
 * - every state accepts its own certificate;
 * - New York accepts only its own (its certification differs from the others);
 * - a state not named above as accepting another state's certificate does not accept it.
 * Notes kept out of the data: Pennsylvania requires certification only for its Certified Escort
 * Vehicle program (replacing state police on superloads); Texas requires flagging certification.
 */
export const CERTIFICATION_STATES = [
  "AZ",
  "CO",
  "FL",
  "GA",
  "KS",
  "MN",
  "NY",
  "NC",
  "OK",
  "PA",
  "TX",
  "UT",
  "VA",
  "WA",
] as const satisfies readonly UsState[];
export type CertificationState = (typeof CERTIFICATION_STATES)[number];

/** Washington's certificate: accepted everywhere but New York. */
const WA_ACCEPTED_IN: readonly CertificationState[] = CERTIFICATION_STATES.filter((s) => s !== "NY");
/** Colorado's certificate (Evergreen Safety Council). */
const CO_ACCEPTED_IN: readonly CertificationState[] = [
  "CO",
  "UT",
  "WA",
  "PA",
  "NC",
  "GA",
  "OK",
  "MN",
  "AZ",
  "TX",
  "KS",
  "FL",
];
/** What a state's own rules say it accepts besides WA and CO (USDOT/FHWA list, Oklahoma DPS). */
const ALSO_ACCEPTS: Partial<Record<CertificationState, readonly CertificationState[]>> = {
  AZ: ["FL", "NC", "UT", "VA"],
  OK: ["FL", "GA", "MN", "NC", "UT", "VA"],
};

function acceptedBy(state: CertificationState): readonly CertificationState[] {
  if (state === "NY") return ["NY"];
  const accepted = new Set<CertificationState>([state, ...(ALSO_ACCEPTS[state] ?? [])]);
  if (WA_ACCEPTED_IN.includes(state)) accepted.add("WA");
  if (CO_ACCEPTED_IN.includes(state)) accepted.add("CO");
  // The state's own first (the one it prefers to see), then in the table's order.
  return [state, ...CERTIFICATION_STATES.filter((s) => s !== state && accepted.has(s))];
}

export const RECIPROCITY = {
  /** The day the table was last compared with its sources. */
  checkedOn: "2026-11-25",
  sources: [
    {
      title: "Evergreen Safety Council: Pilot car reciprocity",
      url: "https://esc.org/pilot-car/pilot-car-reciprocity",
    },
    {
      title: "Evergreen Safety Council: Where can I use my Pilot Car Certification?",
      url: "https://www.esc.org/about/related-article/pilot-car-reciprocity/",
    },
    {
      title: "USDOT / FHWA: state Pilot/Escort Vehicle Operator certification list",
      // Linked from both Evergreen Safety Council pages ("the USDOT's page on this topic"); its own
      // address was not confirmed when the table was checked.
      url: null,
    },
    { title: "Oklahoma DPS: Escort Reciprocity", url: "http://www.dps.state.ok.us/swp/er.htm" },
  ],
  /** For each certification state: the states whose certificates it accepts (its own first). */
  accepts: Object.fromEntries(CERTIFICATION_STATES.map((s) => [s, acceptedBy(s)])) as Record<
    CertificationState,
    readonly CertificationState[]
  >,
} as const;

export function requiresCertification(state: string): state is CertificationState {
  return (CERTIFICATION_STATES as readonly string[]).includes(state);
}

/** The certificate states `state` accepts; empty when it requires no certification. */
export function acceptedCertificates(state: string): readonly CertificationState[] {
  return requiresCertification(state) ? RECIPROCITY.accepts[state] : [];
}
