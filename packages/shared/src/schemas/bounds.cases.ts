/**
 * ONE table of every form field's bounds, run twice: against the shared schemas
 * (bounds.test.ts beside this file) and through the API (apps/server/src/features/bounds.test.ts).
 * A new field needs one line in BOUND_CASES; a new form one entry in BOUNDS_FORMS (and, for the API
 * run, its endpoint there).
 */
import type { z } from "zod";
import { LOAD_LIMITS, NUMBER_LIMITS, TEXT_LIMITS } from "../limits";
import { MAX_MONEY_MESSAGE } from "../money";
import { phoneMessage } from "../phone";
import { TIME_ZONE_MAX_LENGTH, TIME_ZONE_MESSAGE } from "../time-zones";
import { MAX_PASSWORD_LENGTH, ZLogin, ZResetPassword, ZSignup, ZSignupForm } from "./auth";
import { ZClient } from "./client";
import { EARLIEST_PICKUP_DATE, ZDispatch } from "./dispatch";
import {
  addYearsIso,
  documentNumberMessage,
  todayIso,
  tooEarlyMessage,
  tooLateMessage,
  tooLongMessage,
} from "./fields";
import { LINE_ITEMS_REQUIRED_MESSAGE, ZCompanySettings, ZInviteAdmin, ZInvoice } from "./invoice";
import { ZPevo } from "./pevo";
import { ZRateConfirmation } from "./rate-confirmation";
import { ZPevoProfile } from "./settings";
import { ZTripLog } from "./trip-log";

/** Placeholder ids of the shared run; the API run puts real ones of its fixtures in their place. */
export const PLACEHOLDER_ID = "00000000-0000-4000-8000-000000000001";

type Body = Record<string, unknown>;

/** Each form's schema and a valid body to change one field of. */
export const BOUNDS_FORMS = {
  login: { schema: ZLogin, valid: (): Body => ({ email: "pat@example.test", password: "secret-pass" }) },
  signupForm: {
    schema: ZSignupForm,
    valid: (): Body => ({
      email: "pat@example.test",
      companyName: "Acme Escorts",
      contactPerson: "Pat Admin",
      password: "secret-pass",
      confirmPassword: "secret-pass",
    }),
  },
  resetPassword: {
    schema: ZResetPassword,
    valid: (): Body => ({ password: "secret-pass", confirmPassword: "secret-pass" }),
  },
  signup: {
    schema: ZSignup,
    valid: (): Body => ({
      email: "pat@example.test",
      password: "secret-pass",
      companyName: "Acme Escorts",
      contactPerson: "Pat Admin",
    }),
  },
  client: { schema: ZClient, valid: (): Body => ({ name: "Lone Star Heavy Haul" }) },
  pevo: { schema: ZPevo, valid: (): Body => ({ firstName: "Casey", lastName: "Pevo" }) },
  pevoProfile: { schema: ZPevoProfile, valid: (): Body => ({ firstName: "Casey", lastName: "Pevo" }) },
  rateConfirmation: {
    schema: ZRateConfirmation,
    valid: (): Body => ({
      clientId: PLACEHOLDER_ID,
      jobNumber: "RC-BOUNDS-1",
      originAddress: "Houston, TX 77001",
      destinationAddress: "Denver, CO 80202",
      startDate: "2025-06-10",
      description: "Oversize transformer, 16 ft wide",
      standardRates: {
        minimumDailyRate: "450",
        mileageRate: "1.85",
        overnightRate: "125",
        noGoRate: "250",
        detentionRate: "65",
        detentionThreshold: 2,
      },
      customRates: [{ name: "Permit handling", amount: "25", unit: "per_job" }],
      positions: [{ positionType: "custom", customName: "Bucket truck" }],
      loadDetails: { permits: [{ state: "TX", number: "TX-1" }], routeStates: ["TX", "OK"] },
    }),
  },
  dispatch: {
    schema: ZDispatch,
    valid: (): Body => ({
      driverName: "Dale Trucker",
      driverPhone: "(555) 123-4567",
      pickupDate: "2025-06-10",
      pickupTime: "09:00",
      // A custom position, so that its name is kept (DECISIONS 'One dispatch per position').
      positionType: "custom",
      positionName: "Bucket Truck",
    }),
  },
  invoice: {
    schema: ZInvoice,
    valid: (): Body => ({
      invoiceNumber: "INV-BOUNDS-1",
      issueDate: "2025-06-10",
      dueDate: "2025-07-10",
      dispatchId: PLACEHOLDER_ID,
      lineItems: [{ date: "2025-06-10", location: "Houston, TX", mileage: "120", charge: "450" }],
    }),
  },
  tripLog: {
    schema: ZTripLog,
    valid: (): Body => ({
      tripDate: "2025-06-10",
      startLocation: "Houston, TX",
      endLocation: "Dallas, TX",
      miles: "240",
      hours: "5.5",
      expenses: [{ type: "fuel", amount: "80" }],
    }),
  },
  companySettings: {
    schema: ZCompanySettings,
    valid: (): Body => ({ name: "Acme Escorts", paymentTermsDays: 30, taxRate: "0" }),
  },
  inviteAdmin: {
    schema: ZInviteAdmin,
    valid: (): Body => ({ name: "Robin Office", email: "robin@example.test" }),
  },
} satisfies Record<string, { schema: z.ZodType; valid: () => Body }>;

export type BoundsForm = keyof typeof BOUNDS_FORMS;

/**
 * One check: `form`'s valid body with `value` at `field` (a dotted path, e.g. "lineItems.0.location")
 * and the `also` values. With `error` it is refused with that message on `field`; without, it is
 * accepted and stored as `saved` (default: `value`).
 */
export type BoundCase = {
  form: BoundsForm;
  field: string;
  value: unknown;
  error?: string;
  saved?: unknown;
  also?: Record<string, unknown>;
  /** What the row is about, for the test's title. */
  note: string;
};

const chars = (n: number, c = "a") => c.repeat(n);

/** A valid address of exactly `length` characters (dotted 63-character domain labels keep DNS rules). */
export function emailOfLength(length: number, tag = "b"): string {
  const domain = "example.test";
  const local = `${tag}${"x".repeat(Math.max(0, length - domain.length - 1 - tag.length))}`;
  const address = `${local}@${domain}`;
  if (local.length <= 64) return address;
  // Local parts are at most 64 characters: move the rest into sub-domain labels.
  let rest = local.length - 64;
  const labels: string[] = [];
  while (rest > 0) {
    const size = Math.min(63, rest - 1);
    labels.push(size > 0 ? "d".repeat(size) : "");
    rest -= size + 1;
  }
  const domainPart = [...labels.filter(Boolean), domain].join(".");
  const fixed = `${local.slice(0, 64)}@${domainPart}`;
  return fixed.length === length ? fixed : `${local.slice(0, 64 + (length - fixed.length))}@${domainPart}`;
}

/** Text of `max` characters passes; `max + 1` fails with "{label} must be at most {max} characters". */
function text(form: BoundsForm, field: string, label: string, max: number, fill = "a"): BoundCase[] {
  return [
    { form, field, value: chars(max, fill), note: `${max} characters` },
    {
      form,
      field,
      value: chars(max + 1, fill),
      error: tooLongMessage(label, max),
      note: `${max + 1} characters`,
    },
  ];
}

/** A phone field: a number of exactly `max` characters (with an extension) passes, one more fails. */
function phoneNumber(form: BoundsForm, field: string, label: string, max: number): BoundCase[] {
  const atMax = (n: number) => `+1-214-555-0100 ext. ${"1".repeat(n - 21)}`;
  return [
    {
      form,
      field,
      value: atMax(max),
      saved: `+12145550100;ext=${"1".repeat(max - 21)}`,
      note: `${max} characters`,
    },
    {
      form,
      field,
      value: `${atMax(max)}1`,
      error: tooLongMessage(label, max),
      note: `${max + 1} characters`,
    },
  ];
}

function email(form: BoundsForm, field: string, tag: string, label = "Email"): BoundCase[] {
  const max = TEXT_LIMITS.email;
  return [
    { form, field, value: emailOfLength(max, tag), note: `${max} characters` },
    {
      form,
      field,
      value: emailOfLength(max + 1, tag),
      error: tooLongMessage(label, max),
      note: `${max + 1} characters`,
    },
  ];
}

function password(form: BoundsForm, fields: string[]): BoundCase[] {
  const [first, ...others] = fields;
  if (first === undefined) throw new Error("password(): name the form's password fields");
  const set = (value: string) => Object.fromEntries(others.map((f) => [f, value]));
  const inside = chars(MAX_PASSWORD_LENGTH, "p");
  const outside = chars(MAX_PASSWORD_LENGTH + 1, "p");
  return [
    { form, field: first, value: inside, also: set(inside), note: `${MAX_PASSWORD_LENGTH} characters` },
    {
      form,
      field: first,
      value: outside,
      also: set(outside),
      error: tooLongMessage("Password", MAX_PASSWORD_LENGTH),
      note: `${MAX_PASSWORD_LENGTH + 1} characters`,
    },
  ];
}

/** A document number: letters, digits and - / . pass; an emoji or a space does not. */
function documentNumber(form: BoundsForm, field: string, label: string, prefix: string): BoundCase[] {
  const error = documentNumberMessage(label);
  return [
    { form, field, value: `${prefix}/2026.01-a`, note: "letters, digits and - / ." },
    { form, field, value: `${prefix}-🚚-1`, error, note: "an emoji" },
    { form, field, value: `${prefix} 1`, error, note: "a space" },
    { form, field, value: `${prefix}#1`, error, note: "a #" },
  ];
}

/** Money: the maximum passes, one cent more fails, and so does an amount far over it, with the same message. */
function money(form: BoundsForm, field: string): BoundCase[] {
  return [
    { form, field, value: NUMBER_LIMITS.maxMoney, saved: NUMBER_LIMITS.maxMoney, note: "the maximum amount" },
    { form, field, value: "1000000.01", error: MAX_MONEY_MESSAGE, note: "one cent over the maximum" },
    { form, field, value: "99999999999", error: MAX_MONEY_MESSAGE, note: "eleven digits" },
  ];
}

function quantity(form: BoundsForm, field: string, label: string, max: number): BoundCase[] {
  return [
    { form, field, value: String(max), saved: max.toFixed(2), note: `${max}` },
    {
      form,
      field,
      value: `${max}.01`,
      error: `${label} must be at most ${max.toLocaleString("en-US")}`,
      note: `${max}.01`,
    },
  ];
}

/** A whole number (inches, pounds, a channel): the maximum passes, one more fails with `error`. */
function whole(form: BoundsForm, field: string, max: number, error: string): BoundCase[] {
  return [
    { form, field, value: String(max), saved: max, note: `${max}` },
    { form, field, value: max + 1, error, note: `${max + 1}` },
  ];
}

/** YYYY-MM-DD plus days, in UTC (no time zone can shift it). */
function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

type DateOptions = {
  yearsAhead?: number;
  earliest?: string;
  earliestMessage?: string;
  /** Other fields that must move along (e.g. the due date with the issue date). */
  alongEarliest?: string[];
  alongLatest?: string[];
};

/** The first and last accepted days pass; the day before and the day after fail. */
function date(form: BoundsForm, field: string, label: string, options: DateOptions = {}): BoundCase[] {
  const earliest = options.earliest ?? "2000-01-01";
  const yearsAhead = options.yearsAhead ?? 5;
  const latest = addYearsIso(todayIso(), yearsAhead);
  const along = (fields: string[] | undefined, value: string) =>
    Object.fromEntries((fields ?? []).map((f) => [f, value]));
  return [
    { form, field, value: earliest, also: along(options.alongEarliest, earliest), note: "the earliest day" },
    {
      form,
      field,
      value: addDays(earliest, -1),
      also: along(options.alongEarliest, earliest),
      error: options.earliestMessage ?? tooEarlyMessage(label, earliest),
      note: "the day before the earliest",
    },
    {
      form,
      field,
      value: latest,
      also: along(options.alongLatest, latest),
      note: `${yearsAhead} years from today`,
    },
    {
      form,
      field,
      value: addDays(latest, 1),
      also: along(options.alongLatest, addDays(latest, 1)),
      error: tooLateMessage(label, yearsAhead),
      note: `the day after ${yearsAhead} years from today`,
    },
  ];
}

const { name, phone, address, longText, code, label, location } = TEXT_LIMITS;

export const BOUND_CASES: BoundCase[] = [
  // Sign-in and sign-up
  ...password("login", ["password"]),
  ...email("signupForm", "email", "signupform"),
  ...text("signupForm", "companyName", "Company name", name),
  ...text("signupForm", "contactPerson", "Contact name", name),
  ...password("signupForm", ["password", "confirmPassword"]),
  ...password("resetPassword", ["password", "confirmPassword"]),
  ...email("signup", "email", "signup"),
  ...text("signup", "companyName", "Company name", name),
  ...text("signup", "contactPerson", "Contact person name", name),
  ...password("signup", ["password"]),

  // Clients
  ...text("client", "name", "Company name", name),
  ...text("client", "contactPerson", "Contact person", name),
  ...text("client", "mcNumber", "MC number", code, "1"),
  ...text("client", "dotNumber", "DOT number", code, "2"),
  ...email("client", "email", "client"),
  ...email("client", "billingEmail", "billing", "Accounts payable email"),
  ...phoneNumber("client", "phone", "Phone", phone),
  ...phoneNumber("client", "cellPhone", "Cell phone", phone),
  ...phoneNumber("client", "fax", "Fax", phone),
  { form: "client", field: "phone", value: "call me maybe", error: phoneMessage("Phone"), note: "words" },
  ...text("client", "address", "Address", address),
  {
    form: "client",
    field: "mcNumber",
    value: "MC-100200",
    saved: "100200",
    note: "'MC-100200' is stored as digits",
  },
  {
    form: "client",
    field: "mcNumber",
    value: "MC 100200",
    saved: "100200",
    note: "'MC 100200' is stored as digits",
  },
  { form: "client", field: "mcNumber", value: "100200", saved: "100200", note: "digits" },
  {
    form: "client",
    field: "mcNumber",
    value: "MC-10O200",
    error: "MC number must be digits, e.g. 100200 or MC-100200",
    note: "a letter among the digits",
  },
  {
    form: "client",
    field: "dotNumber",
    value: "-999",
    error: "DOT number must be digits only",
    note: "'-999'",
  },
  { form: "client", field: "dotNumber", value: "3000100", note: "digits" },

  // PEVOs (admin) and the PEVO's own profile
  ...text("pevo", "firstName", "First name", name),
  ...text("pevo", "lastName", "Last name", name),
  ...email("pevo", "email", "pevo"),
  ...phoneNumber("pevo", "phone", "Phone", phone),
  ...text("pevo", "licenseNumber", "License number", code),
  ...date("pevo", "certificationExpiry", "Driver's licence expiry", { yearsAhead: 20 }),
  ...text("pevoProfile", "firstName", "First name", name),
  ...text("pevoProfile", "lastName", "Last name", name),
  ...phoneNumber("pevoProfile", "phone", "Phone", phone),
  ...text("pevoProfile", "licenseNumber", "License number", code),
  ...date("pevoProfile", "certificationExpiry", "Driver's licence expiry", { yearsAhead: 20 }),

  // Rate confirmations
  ...text("rateConfirmation", "jobNumber", "Job number", code),
  ...documentNumber("rateConfirmation", "jobNumber", "Job number", "RC"),
  ...text("rateConfirmation", "originAddress", "Origin address", address),
  ...text("rateConfirmation", "destinationAddress", "Destination address", address),
  ...text("rateConfirmation", "description", "Description", longText),
  ...text("rateConfirmation", "additionalTerms", "Additional terms", longText),
  ...date("rateConfirmation", "startDate", "Start date"),
  ...date("rateConfirmation", "endDate", "End date", { alongEarliest: ["startDate"] }),
  ...money("rateConfirmation", "standardRates.minimumDailyRate"),
  ...money("rateConfirmation", "standardRates.mileageRate"),
  ...money("rateConfirmation", "standardRates.overnightRate"),
  ...money("rateConfirmation", "standardRates.noGoRate"),
  ...money("rateConfirmation", "standardRates.detentionRate"),
  ...text("rateConfirmation", "customRates.0.name", "Rate name", label),
  ...money("rateConfirmation", "customRates.0.amount"),
  ...text("rateConfirmation", "positions.0.customName", "Custom position name", label),
  ...text("rateConfirmation", "loadDetails.description", "Load description", address),
  ...whole(
    "rateConfirmation",
    "loadDetails.widthInches",
    LOAD_LIMITS.maxWidthInches,
    "Width must be at most 40 ft",
  ),
  ...whole(
    "rateConfirmation",
    "loadDetails.heightInches",
    LOAD_LIMITS.maxHeightInches,
    "Height must be at most 40 ft",
  ),
  ...whole(
    "rateConfirmation",
    "loadDetails.lengthInches",
    LOAD_LIMITS.maxLengthInches,
    "Length must be at most 400 ft",
  ),
  ...whole(
    "rateConfirmation",
    "loadDetails.weightPounds",
    LOAD_LIMITS.maxWeightPounds,
    "Weight must be at most 2,000,000 lb",
  ),
  ...whole(
    "rateConfirmation",
    "loadDetails.frontOverhangInches",
    LOAD_LIMITS.maxOverhangInches,
    "Front overhang must be at most 100 ft",
  ),
  ...whole(
    "rateConfirmation",
    "loadDetails.rearOverhangInches",
    LOAD_LIMITS.maxOverhangInches,
    "Rear overhang must be at most 100 ft",
  ),
  ...whole("rateConfirmation", "loadDetails.cbChannel", LOAD_LIMITS.cbChannels, "CB channel must be 1 to 40"),
  ...text("rateConfirmation", "loadDetails.truckNumber", "Truck number", code),
  ...text("rateConfirmation", "loadDetails.trailerNumber", "Trailer number", code),
  ...text("rateConfirmation", "loadDetails.permits.0.number", "Permit number", code),
  ...text("rateConfirmation", "loadDetails.routeDescription", "Route description", longText),

  // Dispatches
  ...text("dispatch", "driverName", "Driver name", name),
  ...phoneNumber("dispatch", "driverPhone", "Driver phone", phone),
  ...text("dispatch", "driverCompany", "Driver company", name),
  ...text("dispatch", "notes", "Notes", longText),
  ...text("dispatch", "positionName", "Position name", label),
  ...date("dispatch", "pickupDate", "Pickup date", {
    earliest: EARLIEST_PICKUP_DATE,
    earliestMessage: "Pickup date is required",
  }),
  {
    form: "dispatch",
    field: "driverPhone",
    value: "abcdefghij",
    error: "Valid phone number is required",
    note: "ten letters",
  },
  {
    form: "dispatch",
    field: "driverPhone",
    value: "555-123-456",
    error: "Valid phone number is required",
    note: "nine digits",
  },
  {
    form: "dispatch",
    field: "driverPhone",
    value: "555-123-4567",
    saved: "+15551234567",
    note: "ten digits",
  },

  // Invoices
  ...text("invoice", "invoiceNumber", "Invoice number", code),
  ...documentNumber("invoice", "invoiceNumber", "Invoice number", "INV"),
  ...text("invoice", "customerName", "Customer name", name),
  ...text("invoice", "customerAddress", "Customer address", address),
  ...text("invoice", "pevoName", "PEVO name", name),
  ...text("invoice", "pevoPosition", "PEVO position", label),
  ...text("invoice", "notes", "Notes", longText),
  ...date("invoice", "issueDate", "Issue date", { alongLatest: ["dueDate"] }),
  ...date("invoice", "dueDate", "Due date", { alongEarliest: ["issueDate"] }),
  ...text("invoice", "lineItems.0.location", "Location", location),
  ...date("invoice", "lineItems.0.date", "Date"),
  ...quantity("invoice", "lineItems.0.mileage", "Mileage", NUMBER_LIMITS.maxLineMileage),
  ...money("invoice", "lineItems.0.charge"),
  {
    form: "invoice",
    field: "lineItems",
    value: [],
    error: LINE_ITEMS_REQUIRED_MESSAGE,
    note: "no line items",
  },

  // Trip log
  ...date("tripLog", "tripDate", "Trip date"),
  ...text("tripLog", "startLocation", "Start location", location),
  ...text("tripLog", "endLocation", "End location", location),
  ...text("tripLog", "notes", "Notes", longText),
  ...quantity("tripLog", "miles", "Miles", NUMBER_LIMITS.maxTripMiles),
  ...quantity("tripLog", "hours", "Hours", NUMBER_LIMITS.maxTripHours),
  ...money("tripLog", "expenses.0.amount"),

  // Settings: company profile and invoice defaults, team
  ...text("companySettings", "name", "Company name", name),
  ...text("companySettings", "contactPerson", "Contact person", name),
  ...text("companySettings", "address", "Address", address),
  ...phoneNumber("companySettings", "phone", "Phone", phone),
  {
    form: "companySettings",
    field: "phone",
    value: "call me maybe",
    error: phoneMessage("Phone"),
    note: "words",
  },
  ...email("companySettings", "email", "company"),
  ...text("companySettings", "mcNumber", "MC number", code, "1"),
  ...text("companySettings", "dotNumber", "DOT number", code, "2"),
  ...text("companySettings", "invoiceFooter", "Footer note", longText),
  {
    form: "companySettings",
    field: "mcNumber",
    value: "MC-100200",
    saved: "100200",
    note: "'MC-100200' is stored as digits",
  },
  {
    form: "companySettings",
    field: "dotNumber",
    value: "-999",
    error: "DOT number must be digits only",
    note: "'-999'",
  },
  // The time zone is a choice from the IANA list (Intl.supportedValuesOf), bounded like a text.
  { form: "companySettings", field: "timeZone", value: "America/Los_Angeles", note: "an IANA zone" },
  {
    form: "companySettings",
    field: "timeZone",
    value: "America/Atlantis",
    error: TIME_ZONE_MESSAGE,
    note: "a zone not in the list",
  },
  {
    form: "companySettings",
    field: "timeZone",
    value: "A".repeat(TIME_ZONE_MAX_LENGTH + 1),
    error: TIME_ZONE_MESSAGE,
    note: "longer than the bound",
  },
  ...text("inviteAdmin", "name", "Name", name),
  ...email("inviteAdmin", "email", "invite"),
];

/** A deep copy of `body` with `value` at the dotted `path` (array indexes as numbers). */
export function withValue(
  body: Record<string, unknown>,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split(".");
  const last = keys.pop() ?? path; // split() gives at least one key
  let node: Record<string, unknown> = copy;
  for (const key of keys) {
    node[key] ??= /^\d+$/.test(key) ? [] : {};
    node = node[key] as Record<string, unknown>;
  }
  node[last] = value;
  return copy;
}

/** The value at a dotted path, or undefined. */
export function valueAt(body: unknown, path: string): unknown {
  let node = body;
  for (const key of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** The body a case sends: the form's valid body (or `base`), its `also` values, then its value. */
export function caseBody(c: BoundCase, base: Record<string, unknown> = BOUNDS_FORMS[c.form].valid()) {
  let body = base;
  for (const [path, value] of Object.entries(c.also ?? {})) body = withValue(body, path, value);
  return withValue(body, c.field, c.value);
}

/** A row's test title, e.g. "client.name: 101 characters → 'Company name must be at most 100 characters'". */
export const caseTitle = (c: BoundCase) =>
  `${c.form}.${c.field}: ${c.note} → ${c.error ? `'${c.error}'` : "accepted"}`;
