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
 * - Evergreen Safety Council, "Where can I use my Pilot Car Certification?": Pennsylvania requires a
 *   certification only for its Certified Escort Vehicle program (replacing state police on a
 *   superload); Texas only requires pilot car operators to be flagging certified (STATE_RULES).
 *
 * The assumptions where the sources say nothing are `RECIPROCITY.assumptions`. The office's
 * reciprocity page (/pevos/reciprocity) renders this module: the page and the check read one table.
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

/** Where the rules come from: each state's rule names the ones it rests on (the reciprocity page lists them). */
export const RECIPROCITY_SOURCES = {
  escWhere: {
    title: "Evergreen Safety Council: Where can I use my Pilot Car Certification?",
    url: "https://www.esc.org/about/related-article/pilot-car-reciprocity/",
  },
  escReciprocity: {
    title: "Evergreen Safety Council: Pilot car reciprocity",
    url: "https://esc.org/pilot-car/pilot-car-reciprocity",
  },
  escVirginia: {
    title: "Evergreen Safety Council: Virginia pilot car (accepts the Washington card)",
    url: "https://www.esc.org/program/pilot-car/virginia/",
  },
  fhwa: {
    title: "USDOT / FHWA: state Pilot/Escort Vehicle Operator certification list",
    // Linked from both Evergreen Safety Council pages ("the USDOT's page on this topic"); its own
    // address was not confirmed when the table was checked.
    url: null,
  },
  okDps: { title: "Oklahoma DPS: Escort Reciprocity", url: "http://www.dps.state.ok.us/swp/er.htm" },
} as const satisfies Record<string, { title: string; url: string | null }>;
export type ReciprocitySourceId = keyof typeof RECIPROCITY_SOURCES;

/** What a state's rule says besides the cards it accepts, where it comes from, and when it was checked. */
export type StateRule = {
  /** Whom the state certifies, as the sources put it. */
  certifies: string;
  /** What the qualification check makes of it, when that is not simply "its own card or one it accepts". */
  checkNote?: string;
  sources: readonly ReciprocitySourceId[];
  /** The day the rule was last compared with its sources (YYYY-MM-DD). */
  checkedOn: string;
};

const PEVO = "Pilot/escort vehicle operators";
const TABLE_CHECKED = "2026-11-25";
const ESC = ["escWhere", "escReciprocity"] as const;

/** Each certification state's rule (the page shows these; `accepts` below is the check's reading). */
export const STATE_RULES: Record<CertificationState, StateRule> = {
  AZ: { certifies: PEVO, sources: [...ESC, "fhwa"], checkedOn: TABLE_CHECKED },
  CO: { certifies: PEVO, sources: ESC, checkedOn: TABLE_CHECKED },
  FL: { certifies: PEVO, sources: ESC, checkedOn: TABLE_CHECKED },
  GA: { certifies: PEVO, sources: ESC, checkedOn: TABLE_CHECKED },
  KS: { certifies: PEVO, sources: ESC, checkedOn: TABLE_CHECKED },
  MN: { certifies: PEVO, sources: ESC, checkedOn: TABLE_CHECKED },
  NY: {
    certifies: PEVO,
    checkNote:
      "No source names a card New York accepts besides its own (the Washington card is not accepted there): the check asks for a New York card.",
    sources: ["escWhere"],
    checkedOn: TABLE_CHECKED,
  },
  NC: { certifies: PEVO, sources: ESC, checkedOn: TABLE_CHECKED },
  OK: { certifies: PEVO, sources: [...ESC, "okDps"], checkedOn: TABLE_CHECKED },
  PA: {
    certifies:
      "Only escorts of its Certified Escort Vehicle program, which replace the state police on a superload",
    checkNote:
      "The check asks for an accepted card on every job through Pennsylvania; for a move that is not a superload, assign with an override and say so.",
    sources: ["escWhere"],
    checkedOn: "2026-11-28",
  },
  TX: {
    certifies: "Flagging only: pilot car operators must hold a flagging certification",
    checkNote: "A TX certification recorded for a PEVO is their flagging certification.",
    sources: ["escWhere"],
    checkedOn: "2026-11-28",
  },
  UT: { certifies: PEVO, sources: ESC, checkedOn: TABLE_CHECKED },
  VA: { certifies: PEVO, sources: [...ESC, "escVirginia"], checkedOn: "2026-11-28" },
  WA: { certifies: PEVO, sources: ESC, checkedOn: TABLE_CHECKED },
};

export const RECIPROCITY = {
  /** The day the table was last compared with its sources: the latest of the states' dates. */
  checkedOn: Object.values(STATE_RULES)
    .map((r) => r.checkedOn)
    .sort()
    .at(-1) as string,
  /** For each certification state: the states whose certificates it accepts (its own first). */
  accepts: Object.fromEntries(CERTIFICATION_STATES.map((s) => [s, acceptedBy(s)])) as Record<
    CertificationState,
    readonly CertificationState[]
  >,
  /**
   * The assumptions where the sources say nothing, conservative: a false "missing" costs the office
   * an override with a reason, a false "valid" costs a PEVO stopped at a state line.
   */
  assumptions: [
    "Every state accepts its own card.",
    "New York accepts only its own card.",
    "A state not named by a source as accepting another state's card does not accept it.",
    "A state not in this table requires no certification.",
  ],
} as const;

export function requiresCertification(state: string): state is CertificationState {
  return (CERTIFICATION_STATES as readonly string[]).includes(state);
}

/** The certificate states `state` accepts; empty when it requires no certification. */
export function acceptedCertificates(state: string): readonly CertificationState[] {
  return requiresCertification(state) ? RECIPROCITY.accepts[state] : [];
}
