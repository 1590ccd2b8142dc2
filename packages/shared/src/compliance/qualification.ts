import { messageDate } from "../schemas/fields";
import { acceptedCertificates, type CertificationState, requiresCertification } from "./reciprocity";

/**
 * Whether a PEVO may work a job (DECISIONS 'Every assignment is checked'): for every state on the route that requires
 * certification, a certificate valid on every day of the job from that state or from one it
 * accepts; and insurance and a driver's licence valid on those days. Pure: the caller reads the
 * credentials; nothing here knows about the database.
 *
 * Every date is a calendar date (YYYY-MM-DD) and compares as text: no time zone can shift it. A
 * credential is valid from its issue day through its expiry day, both included.
 */

export type CertificationCredential = {
  /** The issuing state (any text: a state outside the table is never accepted anywhere). */
  state: string;
  issuedOn: string | null;
  /** null: no expiry on file, taken as not expiring. */
  expiresOn: string | null;
  /** Approved by the office; a PEVO's own upload is not counted until then. */
  approved: boolean;
};

export type InsuranceCredential = {
  type: string;
  expiresOn: string | null;
  /** Absent means approved (records the office enters itself). */
  approved?: boolean;
};

export type Credentials = {
  certifications: readonly CertificationCredential[];
  insurance: readonly InsuranceCredential[];
  licenceExpiresOn: string | null;
  /** The office's review of the licence; absent means approved. A PEVO's own change waits for it. */
  licenceStatus?: "approved" | "pending" | "rejected";
};

export type QualificationInput = {
  routeStates: readonly string[];
  jobStart: string;
  /** The last day of the job; null: a one-day job. */
  jobEnd: string | null;
  credentials: Credentials;
  /** The insurance types that must be valid (default: auto liability). */
  requiredInsurance?: readonly string[];
};

export type CheckStatus = "valid" | "missing" | "expired";

export type StateResult = {
  state: string;
  /** false for a state that requires no certification (its status is then "valid"). */
  requiresCertification: boolean;
  status: CheckStatus;
  /** The certificate that covers the state (valid), or the one that fell short (expired). */
  certificate: { state: CertificationState; expiresOn: string | null } | null;
  reason: string;
};

export type InsuranceResult = { type: string; status: CheckStatus; expiresOn: string | null; reason: string };
export type LicenceResult = { status: CheckStatus; expiresOn: string | null; reason: string };

export type QualificationResult = {
  qualified: boolean;
  states: StateResult[];
  insurance: InsuranceResult[];
  licence: LicenceResult;
};

export const DEFAULT_REQUIRED_INSURANCE = ["auto_liability"] as const;

const INSURANCE_LABELS: Record<string, string> = {
  auto_liability: "Auto liability insurance",
  general_liability: "General liability insurance",
};
const insuranceLabel = (type: string) => INSURANCE_LABELS[type] ?? `${type} insurance`;

type Window = { start: string; end: string };

/** Whether a credential from `issuedOn` through `expiresOn` covers every day of the job. */
const covers = (c: { issuedOn?: string | null; expiresOn: string | null }, job: Window) =>
  (!c.issuedOn || c.issuedOn <= job.start) && (c.expiresOn === null || c.expiresOn >= job.end);

/** "expired Jun 01, 2025" or "expires Jun 12, 2025, before the job ends on Jun 14, 2025". */
function shortfall(c: { issuedOn?: string | null; expiresOn: string | null }, job: Window): string {
  if (c.issuedOn && c.issuedOn > job.start)
    return `is valid only from ${messageDate(c.issuedOn)}, after the job starts on ${messageDate(job.start)}`;
  const expiresOn = c.expiresOn as string;
  return expiresOn < job.start
    ? `expired ${messageDate(expiresOn)}`
    : `expires ${messageDate(expiresOn)}, before the job ends on ${messageDate(job.end)}`;
}

const validThrough = (expiresOn: string | null) =>
  expiresOn ? `valid through ${messageDate(expiresOn)}` : "no expiry on file";

function checkState(
  state: string,
  certifications: readonly CertificationCredential[],
  job: Window,
): StateResult {
  if (!requiresCertification(state)) {
    return {
      state,
      requiresCertification: false,
      status: "valid",
      certificate: null,
      reason: `No certification required in ${state}`,
    };
  }
  const accepted = acceptedCertificates(state);
  // Candidates in the state's order of preference (its own first), then the latest expiry first.
  const candidates = accepted.flatMap((issuer) =>
    certifications
      .filter((c) => c.state === issuer)
      .sort((a, b) => (b.expiresOn ?? "9999-12-31").localeCompare(a.expiresOn ?? "9999-12-31"))
      .map((c) => ({ ...c, state: issuer })),
  );
  const approved = candidates.filter((c) => c.approved);
  const valid = approved.find((c) => covers(c, job));
  const result = (
    status: CheckStatus,
    c: (typeof candidates)[number] | null,
    reason: string,
  ): StateResult => ({
    state,
    requiresCertification: true,
    status,
    certificate: c ? { state: c.state, expiresOn: c.expiresOn } : null,
    reason,
  });
  if (valid) {
    const which =
      valid.state === state ? `${state} certificate` : `${valid.state} certificate (accepted in ${state})`;
    return result("valid", valid, `${which}, ${validThrough(valid.expiresOn)}`);
  }
  const fallsShort = approved[0];
  if (fallsShort) {
    return result("expired", fallsShort, `${fallsShort.state} certificate ${shortfall(fallsShort, job)}`);
  }
  const pending = candidates[0];
  if (pending) {
    return result("missing", null, `${pending.state} certificate is waiting for the office's approval`);
  }
  const held = [...new Set(certifications.filter((c) => c.approved).map((c) => c.state))];
  const accepts = accepted.length === 1 ? `only its own` : accepted.join(", ");
  return result(
    "missing",
    null,
    held.length
      ? `No certificate accepted in ${state}: it accepts ${accepts}; held: ${held.join(", ")}`
      : `No certificate accepted in ${state}: it accepts ${accepts}`,
  );
}

function checkInsurance(
  type: string,
  insurance: readonly InsuranceCredential[],
  job: Window,
): InsuranceResult {
  const label = insuranceLabel(type);
  const ofType = insurance
    .filter((i) => i.type === type && i.approved !== false)
    .sort((a, b) => (b.expiresOn ?? "9999-12-31").localeCompare(a.expiresOn ?? "9999-12-31"));
  const valid = ofType.find((i) => covers(i, job));
  if (valid)
    return {
      type,
      status: "valid",
      expiresOn: valid.expiresOn,
      reason: `${label} ${validThrough(valid.expiresOn)}`,
    };
  const latest = ofType[0];
  if (latest)
    return {
      type,
      status: "expired",
      expiresOn: latest.expiresOn,
      reason: `${label} ${shortfall(latest, job)}`,
    };
  return { type, status: "missing", expiresOn: null, reason: `No ${label.toLowerCase()} on file` };
}

function checkLicence(
  expiresOn: string | null,
  status: Credentials["licenceStatus"],
  job: Window,
): LicenceResult {
  if (status === "pending")
    return { status: "missing", expiresOn, reason: "Driver's licence is waiting for the office's approval" };
  if (status === "rejected")
    return { status: "missing", expiresOn, reason: "Driver's licence was rejected by the office" };
  if (!expiresOn) return { status: "missing", expiresOn: null, reason: "No driver's licence expiry on file" };
  if (expiresOn >= job.end)
    return { status: "valid", expiresOn, reason: `Driver's licence valid through ${messageDate(expiresOn)}` };
  return { status: "expired", expiresOn, reason: `Driver's licence ${shortfall({ expiresOn }, job)}` };
}

/** The whole check: per route state (in route order, each once), insurance, licence, and the verdict. */
export function checkQualification(input: QualificationInput): QualificationResult {
  const job: Window = { start: input.jobStart, end: input.jobEnd ?? input.jobStart };
  const { credentials } = input;
  const states = [...new Set(input.routeStates)].map((s) => checkState(s, credentials.certifications, job));
  const insurance = (input.requiredInsurance ?? DEFAULT_REQUIRED_INSURANCE).map((type) =>
    checkInsurance(type, credentials.insurance, job),
  );
  const licence = checkLicence(credentials.licenceExpiresOn, credentials.licenceStatus, job);
  const qualified =
    states.every((s) => s.status === "valid") &&
    insurance.every((i) => i.status === "valid") &&
    licence.status === "valid";
  return { qualified, states, insurance, licence };
}
