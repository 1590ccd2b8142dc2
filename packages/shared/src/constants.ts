export const ROLES = ["admin", "pevo"] as const;
export type Role = (typeof ROLES)[number];

export const US_STATES = [
  "AL",
  "AK",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "MT",
  "NE",
  "NV",
  "NH",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
] as const;
export type UsState = (typeof US_STATES)[number];

export const POSITION_TYPES = {
  lead_car: "Lead Car",
  chase_car: "Chase Car",
  high_pole_car: "High Pole Car",
  steerman: "Steerman",
  route_survey: "Route Survey",
  "3rd_car": "3rd Car",
  custom: "Custom Position",
} as const;
export type PositionType = keyof typeof POSITION_TYPES;
/** The keys of POSITION_TYPES as `z.enum` takes them. */
export const POSITION_TYPE_KEYS = Object.keys(POSITION_TYPES) as [PositionType, ...PositionType[]];

export const RATE_UNITS = {
  hourly: "Per Hour",
  daily: "Per Day",
  weekly: "Per Week",
  per_job: "Per Job",
  per_mile: "Per Mile",
} as const;
export type RateUnit = keyof typeof RATE_UNITS;
/** The keys of RATE_UNITS as `z.enum` takes them. */
export const RATE_UNIT_KEYS = Object.keys(RATE_UNITS) as [RateUnit, ...RateUnit[]];

export const PEVO_STATUSES = ["active", "inactive"] as const;
export type PevoStatus = (typeof PEVO_STATUSES)[number];

export const DISPATCH_STATUSES = ["pending", "dispatched", "completed", "canceled"] as const;
export type DispatchStatus = (typeof DISPATCH_STATUSES)[number];
export const DISPATCH_STATUS_LABELS: Record<DispatchStatus, string> = {
  pending: "Pending",
  dispatched: "Dispatched",
  completed: "Completed",
  canceled: "Canceled",
};

/**
 * The stored invoice statuses (DECISIONS "Invoice status"). They follow actions, not the form: draft
 * until sent; sent, then viewed when the client opens the public link; partially paid / paid follow
 * the payments; void ends it. Overdue is never stored: see INVOICE_FILTER_STATUSES.
 */
export const INVOICE_STATUSES = ["draft", "sent", "viewed", "partially_paid", "paid", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** The list's status filter: the stored statuses and the computed "overdue". */
export const INVOICE_FILTER_STATUSES = [...INVOICE_STATUSES, "overdue"] as const;
export type InvoiceFilterStatus = (typeof INVOICE_FILTER_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceFilterStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  partially_paid: "Partially paid",
  paid: "Paid",
  void: "Void",
  overdue: "Overdue",
};
/** Statuses with money still expected: these can be overdue, take payments and get reminders. */
export const INVOICE_OPEN_STATUSES = ["sent", "viewed", "partially_paid"] as const;
/** An invoice link is valid this many days. */
export const INVOICE_LINK_DAYS = 30;
/** Overdue reminders go out this many days after the due date (company time zone). */
export const INVOICE_REMINDER_DAYS = [1, 7, 30] as const;

/**
 * The methods of money received: what the office records by hand on an invoice (the Record payment
 * form) or pays a refund with.
 */
export const CASH_PAYMENT_METHODS = ["check", "ach", "card", "cash", "factoring", "other"] as const;
export type CashPaymentMethod = (typeof CASH_PAYMENT_METHODS)[number];
/**
 * Every method a payments row may carry: money received, and two that lower a balance without money
 * coming in — `credit_note`, the part of a credit note applied to its invoice (written only by issuing
 * the credit note, DECISIONS 'Credit notes'), and `client_credit`, the client's credit applied to it
 * (DECISIONS 'Client credit'). The cash figures (payments CSV, collected) leave them out.
 */
export const PAYMENT_METHODS = [...CASH_PAYMENT_METHODS, "credit_note", "client_credit"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Payments rows that lower a balance without money coming in. */
export const NON_CASH_PAYMENT_METHODS = [
  "credit_note",
  "client_credit",
] as const satisfies readonly PaymentMethod[];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  check: "Check",
  ach: "ACH",
  card: "Card",
  cash: "Cash",
  factoring: "Factoring",
  other: "Other",
  credit_note: "Credit note",
  client_credit: "Client credit",
};

/** What moved a client's credit (DECISIONS 'Client credit'): two kinds add, two take away. */
export const CLIENT_CREDIT_KINDS = ["overpayment", "credit_note", "applied", "refund"] as const;
export type ClientCreditKind = (typeof CLIENT_CREDIT_KINDS)[number];
export const CLIENT_CREDIT_KIND_LABELS: Record<ClientCreditKind, string> = {
  overpayment: "Overpayment",
  credit_note: "Credit note",
  applied: "Applied to invoice",
  refund: "Refunded",
};

/**
 * A rate confirmation's signature state. "Expired" is not stored: an awaiting or viewed request whose
 * link passed its expiry (see `signatureState`).
 */
export const SIGNATURE_STATUSES = ["not_sent", "awaiting_signature", "viewed", "signed", "declined"] as const;
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[number];
/** What the screens show: the stored status, or "expired". */
export type SignatureState = SignatureStatus | "expired";
export const SIGNATURE_STATE_LABELS: Record<SignatureState, string> = {
  not_sent: "Not sent",
  awaiting_signature: "Awaiting signature",
  viewed: "Viewed",
  signed: "Signed",
  declined: "Declined",
  expired: "Expired",
};
/** A signature link is valid this many days. */
export const SIGNATURE_LINK_DAYS = 30;
/** The one reminder goes out this many days after sending, when nobody signed or declined. */
export const SIGNATURE_REMINDER_DAYS = 3;

/** A signature request's life: open (awaiting / viewed), then signed, declined, voided or canceled. */
export const SIGNATURE_REQUEST_STATUSES = [
  "awaiting_signature",
  "viewed",
  "signed",
  "declined",
  "voided",
  "canceled",
] as const;
export type SignatureRequestStatus = (typeof SIGNATURE_REQUEST_STATUSES)[number];

/** What a public link opens: one purpose, one document. */
export const PUBLIC_LINK_PURPOSES = [
  "rc_signature",
  "invoice_view",
  "dispatch_response",
  "credit_note_view",
] as const;
export type PublicLinkPurpose = (typeof PUBLIC_LINK_PURPOSES)[number];

export const EXPENSE_TYPES = ["fuel", "lodging", "tolls", "other"] as const;
export type ExpenseType = (typeof EXPENSE_TYPES)[number];

export const EXPENSE_TYPE_LABELS: Record<ExpenseType, string> = {
  fuel: "Fuel",
  lodging: "Lodging",
  tolls: "Tolls",
  other: "Other",
};

/**
 * What an invoice line bills, so that reports and the PDF can group lines. The order is
 * the PDF's order of groups.
 */
/**
 * A client's payment terms (DECISIONS 'Client billing settings'): days from the issue date to the
 * due date; a client without its own terms takes the company's (Settings).
 */
export const CLIENT_PAYMENT_TERMS = [0, 7, 15, 30, 45] as const;
export const paymentTermsLabel = (days: number) => (days === 0 ? "Due on receipt" : `Net ${days}`);

export const LINE_KINDS = [
  "day",
  "mileage",
  "overnight",
  "no_go",
  "detention",
  "standby",
  "deadhead",
  "per_diem",
  "high_pole",
  "custom",
  "expense",
  "discount",
] as const;
export type LineKind = (typeof LINE_KINDS)[number];
export const LINE_KIND_LABELS: Record<LineKind, string> = {
  day: "Day rate",
  mileage: "Mileage",
  overnight: "Overnight",
  no_go: "No-go",
  detention: "Detention",
  standby: "Standby / wait",
  deadhead: "Deadhead",
  per_diem: "Per diem",
  high_pole: "High-pole surcharge",
  custom: "Other charges",
  expense: "Expenses at cost",
  discount: "Discount",
};

export const ACTIVITY_TYPES = [
  "invoice_generated",
  "rate_signed",
  "pevo_dispatched",
  "dispatch_accepted",
  "dispatch_declined",
  "dispatch_step",
  "payment_received",
  "signature_requested",
  "signature_viewed",
  "signature_declined",
  "signature_voided",
  "signature_canceled",
  "signature_reminded",
  "signature_expired",
  "client_added",
  "rate_canceled",
  "rate_restored",
  "rate_deleted",
  "rate_duplicated",
  "document_uploaded",
  "document_deleted",
  "credential_changed",
  "credential_submitted",
  "credential_approved",
  "credential_rejected",
  "credential_expiry_reminded",
  "invoice_sent",
  "invoice_viewed",
  "invoice_voided",
  "invoice_reminded",
  "invoice_deleted",
  "invoice_notes_changed",
  "invoice_reissued",
  "payment_deleted",
  "qualification_override",
  "credit_note_issued",
  "credit_note_sent",
  "credit_note_viewed",
  "client_credit_added",
  "client_credit_applied",
  "client_credit_refunded",
  "tax_profile_saved",
  "tin_revealed",
  "tax_year_settings_saved",
  "form_1099_exported",
  "invoice_factored",
  "invoice_unfactored",
  "invoice_sent_to_factor",
  "factoring_changed",
  "pay_plan_changed",
  "settlement_created",
  "settlement_approved",
  "settlement_paid",
  "settlement_deleted",
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** What a document is attached to. */
export const DOCUMENT_OWNER_KINDS = ["pevo", "rate_confirmation", "dispatch"] as const;
export type DocumentOwnerKind = (typeof DOCUMENT_OWNER_KINDS)[number];

export const DOCUMENT_CATEGORIES = [
  "certificate",
  "insurance",
  "license",
  "permit",
  "route_survey",
  "photo",
  "proof_of_delivery",
  "signed_form",
  "w9",
  "other",
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];
export const DOCUMENT_CATEGORY_LABELS: Record<DocumentCategory, string> = {
  certificate: "Certificate",
  insurance: "Insurance",
  license: "Licence",
  permit: "Permit",
  route_survey: "Route survey",
  photo: "Photo",
  proof_of_delivery: "Proof of delivery",
  signed_form: "Signed form",
  w9: "Signed W-9",
  other: "Other",
};

/**
 * The file types a document may be, by the type sniffed from its content (never its name or the
 * browser's declared type), with the extension a download is given.
 */
export const DOCUMENT_TYPES = {
  "application/pdf": { label: "PDF", extension: "pdf" },
  "image/jpeg": { label: "JPEG", extension: "jpg" },
  "image/png": { label: "PNG", extension: "png" },
  "image/heic": { label: "HEIC", extension: "heic" },
  "image/heif": { label: "HEIC", extension: "heic" },
  "image/webp": { label: "WebP", extension: "webp" },
} as const;
export type DocumentContentType = keyof typeof DOCUMENT_TYPES;
/** What an upload may be, for messages and the file input's hint. */
export const DOCUMENT_TYPES_TEXT = "a PDF, JPEG, PNG, HEIC or WebP file";

export const ACTIVITY_STATUSES = ["success", "pending", "error"] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

/** A durable job's life (apps/server/src/lib/jobs.ts). */
export const JOB_STATUSES = ["pending", "running", "done", "failed", "canceled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** SPEC §9 limits. */
export const MIN_PASSWORD_LENGTH = 6;
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const MOBILE_BREAKPOINT = 768;
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;
export const DEFAULT_DETENTION_THRESHOLD = 2;

/**
 * The answer to inviting (a PEVO or a team admin) an email that already has an account, wherever
 * that account is: it must not tell this company's users from another company's.
 */
export const EMAIL_NOT_INVITABLE = "This email cannot be invited; ask the person to use another email";
