import { describe, expect, test } from "vitest";
import {
  type CertificationCredential,
  type CheckStatus,
  type Credentials,
  checkQualification,
  type QualificationInput,
} from "./qualification";
import {
  acceptedCertificates,
  CERTIFICATION_STATES,
  RECIPROCITY,
  RECIPROCITY_SOURCES,
  STATE_RULES,
} from "./reciprocity";

const cert = (
  state: string,
  expiresOn: string | null = "2027-12-31",
  more: Partial<CertificationCredential> = {},
) => ({
  state,
  issuedOn: "2024-01-15",
  expiresOn,
  approved: true,
  ...more,
});

/** Insurance and licence valid well past the job: only the certifications decide. */
const creds = (...certifications: CertificationCredential[]): Credentials => ({
  certifications,
  insurance: [{ type: "auto_liability", expiresOn: "2027-06-30" }],
  licenceExpiresOn: "2029-03-01",
});

const JOB = { jobStart: "2026-06-10", jobEnd: "2026-06-14" };

type Case = {
  name: string;
  input: Omit<QualificationInput, "jobStart" | "jobEnd"> &
    Partial<Pick<QualificationInput, "jobStart" | "jobEnd">>;
  qualified: boolean;
  /** state → [status, certificate state or null, a piece of the reason]. */
  states: Record<string, [CheckStatus, string | null, string]>;
};

const CASES: Case[] = [
  {
    name: "WA certificate on a route through NY: NY is missing, the rest valid",
    input: { routeStates: ["PA", "NY"], credentials: creds(cert("WA")) },
    qualified: false,
    states: {
      PA: ["valid", "WA", "WA certificate (accepted in PA), valid through Dec 31, 2027"],
      NY: ["missing", null, "No certificate accepted in NY: it accepts only its own; held: WA"],
    },
  },
  {
    name: "WA and NY certificates together cover a NY route",
    input: { routeStates: ["PA", "NY"], credentials: creds(cert("WA"), cert("NY", "2026-09-30")) },
    qualified: true,
    states: {
      PA: ["valid", "WA", "accepted in PA"],
      NY: ["valid", "NY", "NY certificate, valid through Sep 30, 2026"],
    },
  },
  {
    name: "CO certificate on a VA route: Virginia does not accept Colorado's",
    input: { routeStates: ["NC", "VA"], credentials: creds(cert("CO")) },
    qualified: false,
    states: {
      NC: ["valid", "CO", "CO certificate (accepted in NC)"],
      VA: ["missing", null, "No certificate accepted in VA: it accepts VA, WA; held: CO"],
    },
  },
  {
    name: "Arizona accepts a Virginia certificate (AZ's own list)",
    input: { routeStates: ["AZ"], credentials: creds(cert("VA")) },
    qualified: true,
    states: { AZ: ["valid", "VA", "VA certificate (accepted in AZ)"] },
  },
  {
    name: "Arizona does not accept a Texas certificate",
    input: { routeStates: ["AZ"], credentials: creds(cert("TX")) },
    qualified: false,
    states: { AZ: ["missing", null, "it accepts AZ, CO, FL, NC, UT, VA, WA; held: TX"] },
  },
  {
    name: "a certificate that expires mid-job",
    input: { routeStates: ["WA"], credentials: creds(cert("WA", "2026-06-12")) },
    qualified: false,
    states: {
      WA: ["expired", "WA", "WA certificate expires Jun 12, 2026, before the job ends on Jun 14, 2026"],
    },
  },
  {
    name: "a certificate that expires on the job's last day is valid (the expiry day counts)",
    input: { routeStates: ["WA"], credentials: creds(cert("WA", "2026-06-14")) },
    qualified: true,
    states: { WA: ["valid", "WA", "valid through Jun 14, 2026"] },
  },
  {
    name: "a certificate expired before the job",
    input: { routeStates: ["UT"], credentials: creds(cert("UT", "2026-01-31")) },
    qualified: false,
    states: { UT: ["expired", "UT", "UT certificate expired Jan 31, 2026"] },
  },
  {
    name: "a certificate issued after the job starts",
    input: { routeStates: ["UT"], credentials: creds(cert("UT", "2029-01-31", { issuedOn: "2026-06-11" })) },
    qualified: false,
    states: {
      UT: ["expired", "UT", "is valid only from Jun 11, 2026, after the job starts on Jun 10, 2026"],
    },
  },
  {
    name: "an expired own certificate, but a valid accepted one from another state",
    input: { routeStates: ["CO"], credentials: creds(cert("CO", "2025-12-31"), cert("WA")) },
    qualified: true,
    states: { CO: ["valid", "WA", "WA certificate (accepted in CO)"] },
  },
  {
    name: "no certification states on the route",
    input: { routeStates: ["NM", "CA", "NV"], credentials: creds() },
    qualified: true,
    states: {
      NM: ["valid", null, "No certification required in NM"],
      CA: ["valid", null, "No certification required in CA"],
      NV: ["valid", null, "No certification required in NV"],
    },
  },
  {
    name: "an empty route",
    input: { routeStates: [], credentials: creds() },
    qualified: true,
    states: {},
  },
  {
    name: "an unapproved certificate does not count",
    input: { routeStates: ["WA"], credentials: creds(cert("WA", "2027-12-31", { approved: false })) },
    qualified: false,
    states: { WA: ["missing", null, "WA certificate is waiting for the office's approval"] },
  },
  {
    name: "a one-day job (no end date) inside the certificate's dates",
    input: { routeStates: ["OK"], jobEnd: null, credentials: creds(cert("GA", "2026-06-10")) },
    qualified: true,
    states: { OK: ["valid", "GA", "GA certificate (accepted in OK)"] },
  },
  {
    name: "no expiry on file is taken as not expiring",
    input: { routeStates: ["TX"], credentials: creds(cert("TX", null)) },
    qualified: true,
    states: { TX: ["valid", "TX", "TX certificate, no expiry on file"] },
  },
  {
    name: "a state listed twice on the route is checked once",
    input: { routeStates: ["KS", "KS"], credentials: creds(cert("KS")) },
    qualified: true,
    states: { KS: ["valid", "KS", "KS certificate"] },
  },
];

describe("checkQualification: certifications on the route", () => {
  test.each(CASES)("$name", ({ input, qualified, states }) => {
    const result = checkQualification({ ...JOB, ...input });
    expect(result.qualified).toBe(qualified);
    expect(result.states.map((s) => s.state)).toEqual(Object.keys(states));
    for (const [state, [status, certificate, reason]] of Object.entries(states)) {
      const got = result.states.find((s) => s.state === state);
      expect(got?.status, state).toBe(status);
      expect(got?.certificate?.state ?? null, state).toBe(certificate);
      expect(got?.reason, state).toContain(reason);
    }
  });
});

describe("checkQualification: insurance and licence", () => {
  const base = { routeStates: ["WA"], ...JOB };
  const withCerts = (over: Partial<Credentials>): Credentials => ({ ...creds(cert("WA")), ...over });

  test("valid insurance and licence qualify", () => {
    const result = checkQualification({ ...base, credentials: creds(cert("WA")) });
    expect(result.insurance).toEqual([
      {
        type: "auto_liability",
        status: "valid",
        expiresOn: "2027-06-30",
        reason: "Auto liability insurance valid through Jun 30, 2027",
      },
    ]);
    expect(result.licence).toEqual({
      status: "valid",
      expiresOn: "2029-03-01",
      reason: "Driver's licence valid through Mar 01, 2029",
    });
    expect(result.qualified).toBe(true);
  });

  test("insurance expiring mid-job, missing, or only of another type", () => {
    const expiring = checkQualification({
      ...base,
      credentials: withCerts({ insurance: [{ type: "auto_liability", expiresOn: "2026-06-11" }] }),
    });
    expect(expiring.qualified).toBe(false);
    expect(expiring.insurance[0]?.status).toBe("expired");
    expect(expiring.insurance[0]?.reason).toBe(
      "Auto liability insurance expires Jun 11, 2026, before the job ends on Jun 14, 2026",
    );
    const otherType = checkQualification({
      ...base,
      credentials: withCerts({ insurance: [{ type: "general_liability", expiresOn: "2030-01-01" }] }),
    });
    expect(otherType.insurance[0]).toMatchObject({
      status: "missing",
      reason: "No auto liability insurance on file",
    });
    const unapproved = checkQualification({
      ...base,
      credentials: withCerts({
        insurance: [{ type: "auto_liability", expiresOn: "2030-01-01", approved: false }],
      }),
    });
    expect(unapproved.insurance[0]?.status).toBe("missing");
    // A newer policy next to an expired one counts.
    const renewed = checkQualification({
      ...base,
      credentials: withCerts({
        insurance: [
          { type: "auto_liability", expiresOn: "2026-01-01" },
          { type: "auto_liability", expiresOn: "2027-01-01" },
        ],
      }),
    });
    expect(renewed.insurance[0]?.status).toBe("valid");
  });

  test("required insurance types can be chosen", () => {
    const result = checkQualification({
      ...base,
      requiredInsurance: ["auto_liability", "general_liability"],
      credentials: creds(cert("WA")),
    });
    expect(result.insurance.map((i) => [i.type, i.status])).toEqual([
      ["auto_liability", "valid"],
      ["general_liability", "missing"],
    ]);
    expect(result.qualified).toBe(false);
  });

  test("licence expired, expiring mid-job, or not on file", () => {
    const expired = checkQualification({
      ...base,
      credentials: withCerts({ licenceExpiresOn: "2026-05-01" }),
    });
    expect(expired.licence).toEqual({
      status: "expired",
      expiresOn: "2026-05-01",
      reason: "Driver's licence expired May 01, 2026",
    });
    expect(expired.qualified).toBe(false);
    const midJob = checkQualification({
      ...base,
      credentials: withCerts({ licenceExpiresOn: "2026-06-13" }),
    });
    expect(midJob.licence.status).toBe("expired");
    const none = checkQualification({ ...base, credentials: withCerts({ licenceExpiresOn: null }) });
    expect(none.licence.status).toBe("missing");
    expect(none.qualified).toBe(false);
  });

  test("a licence the PEVO changed counts only once the office approves it", () => {
    const pending = checkQualification({ ...base, credentials: withCerts({ licenceStatus: "pending" }) });
    expect(pending.licence).toEqual({
      status: "missing",
      expiresOn: "2029-03-01",
      reason: "Driver's licence is waiting for the office's approval",
    });
    expect(pending.qualified).toBe(false);
    const rejected = checkQualification({ ...base, credentials: withCerts({ licenceStatus: "rejected" }) });
    expect(rejected.licence.reason).toBe("Driver's licence was rejected by the office");
    expect(rejected.qualified).toBe(false);
    const approved = checkQualification({ ...base, credentials: withCerts({ licenceStatus: "approved" }) });
    expect(approved.licence.status).toBe("valid");
  });

  test("a route without certification states still checks insurance and licence", () => {
    const result = checkQualification({
      ...base,
      routeStates: ["NM", "NV"],
      credentials: { certifications: [], insurance: [], licenceExpiresOn: null },
    });
    expect(result.states.every((s) => s.status === "valid")).toBe(true);
    expect(result.insurance[0]?.reason).toBe("No auto liability insurance on file");
    expect(result.licence.reason).toBe("No driver's licence expiry on file");
    expect(result.qualified).toBe(false);
  });
});

describe("the reciprocity table", () => {
  test("14 certification states, each accepting its own certificate first", () => {
    expect(CERTIFICATION_STATES).toHaveLength(14);
    for (const state of CERTIFICATION_STATES) expect(acceptedCertificates(state)[0]).toBe(state);
  });

  test("what the issue states: WA everywhere but NY; CO in its 12 states; Arizona's list; NY only NY", () => {
    const acceptedIn = (issuer: string) =>
      CERTIFICATION_STATES.filter((s) => (RECIPROCITY.accepts[s] as readonly string[]).includes(issuer));
    expect(acceptedIn("WA")).toEqual(CERTIFICATION_STATES.filter((s) => s !== "NY"));
    expect([...acceptedIn("CO")].sort()).toEqual(
      ["CO", "UT", "WA", "PA", "NC", "GA", "OK", "MN", "AZ", "TX", "KS", "FL"].sort(),
    );
    expect([...RECIPROCITY.accepts.AZ].sort()).toEqual(["AZ", "CO", "FL", "NC", "UT", "VA", "WA"]);
    expect(RECIPROCITY.accepts.NY).toEqual(["NY"]);
    expect(acceptedCertificates("NM")).toEqual([]);
  });

  test("every state's rule has its sources and the date checked; the table's date is the latest", () => {
    for (const state of CERTIFICATION_STATES) {
      const rule = STATE_RULES[state];
      expect(rule.sources.length, state).toBeGreaterThan(0);
      for (const id of rule.sources) expect(RECIPROCITY_SOURCES[id].title, state).toBeTruthy();
      expect(rule.checkedOn, state).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(rule.checkedOn <= RECIPROCITY.checkedOn).toBe(true);
    }
    expect(CERTIFICATION_STATES.map((s) => STATE_RULES[s].checkedOn)).toContain(RECIPROCITY.checkedOn);
    // The sources' exceptions: Texas certifies flagging only, Pennsylvania only superload escorts.
    expect(STATE_RULES.TX.certifies).toMatch(/^Flagging only/);
    expect(STATE_RULES.PA.certifies).toContain("superload");
    // A state whose cards another accepts beyond WA and CO names the source that says so.
    expect(STATE_RULES.AZ.sources).toContain("fhwa");
    expect(STATE_RULES.OK.sources).toContain("okDps");
  });
});
