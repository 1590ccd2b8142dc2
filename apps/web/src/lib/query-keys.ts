import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * Every query key of the web app, one per resource (ARCHITECTURE: "one query key per resource;
 * mutations invalidate it"). A record and its sub-resources sit under their resource's key, so
 * invalidating the resource refreshes them all.
 */
export const queryKeys = {
  /** The signed-in user; their settings sit under it. */
  me: ["me"] as const,
  mySettings: ["me", "settings"] as const,
  demoAccounts: ["demo-accounts"] as const,

  dashboard: ["dashboard"] as const,
  /** The company's activity log (the /activity page); the dashboard shows its first few events. */
  activity: ["activity"] as const,
  calendar: (from: string, to: string) => ["calendar", from, to] as const,
  company: ["company"] as const,
  /** The first-sign-in set-up, the Get started checklist and the logo's address. */
  onboarding: ["company", "onboarding"] as const,
  team: ["team"] as const,
  clients: ["clients"] as const,
  client: (id: string) => ["clients", id] as const,
  /** The client's credit and its history (a payment above the balance, an application, a refund). */
  clientCredit: (id: string) => ["clients", id, "credit"] as const,

  pevos: ["pevos"] as const,
  pevo: (id: string) => ["pevos", id] as const,
  pevoDocuments: (id: string) => ["pevos", id, "documents"] as const,
  /** A PEVO's W-9 (the TIN masked); the PEVO's own is portalTaxInfo. */
  pevoTaxInfo: (id: string) => ["pevos", id, "tax-info"] as const,
  /** The 1099-NEC year end: a tax year's settings, totals and missing W-9s. */
  taxYears: ["tax-years"] as const,
  taxYear: (year: number) => ["tax-years", year] as const,
  pevoCredentials: (id: string) => ["pevos", id, "credentials"] as const,
  /** Credentials expired or expiring within 30 days (the dashboard card and the PEVO list's hints). */
  expiringCredentials: ["dashboard", "credentials-expiring"] as const,
  /** The PEVOs' credential changes waiting for review (the dashboard's "To review", the PEVO list's badges). */
  credentialsToReview: ["dashboard", "credentials-to-review"] as const,

  rateConfirmations: ["rate-confirmations"] as const,
  rateConfirmation: (id: string) => ["rate-confirmations", id] as const,
  rateConfirmationSignature: (id: string) => ["rate-confirmations", id, "signature"] as const,
  nextJobNumber: (day: string) => ["rate-confirmations", "next-job-number", day] as const,
  rateConfirmationDocuments: (id: string) => ["rate-confirmations", id, "documents"] as const,

  dispatches: ["dispatches"] as const,
  dispatch: (id: string) => ["dispatches", id] as const,
  dispatchTripLogs: (id: string) => ["dispatches", id, "trip-logs"] as const,
  dispatchDocuments: (id: string) => ["dispatches", id, "documents"] as const,
  /** The job's safety meeting and stop / pole-height logs (a PEVO's write refetches it live). */
  dispatchPaperwork: (id: string) => ["dispatches", id, "paperwork"] as const,
  safetyChecklist: ["company", "safety-checklist"] as const,

  /** PEVO pay: the runs (a run under it) and the pay plans (the default's key is "default"). */
  settlements: ["settlements"] as const,
  settlement: (id: string) => ["settlements", id] as const,
  payPlansAll: ["pay-plans"] as const,
  payPlans: (pevoId: string | null) => ["pay-plans", pevoId ?? "default"] as const,

  invoices: ["invoices"] as const,
  invoice: (id: string) => ["invoices", id] as const,
  nextInvoiceNumber: (day: string) => ["invoices", "next-number", day] as const,

  /** The PEVO portal: every portal query sits under ['portal']. */
  portal: ["portal"] as const,
  portalDashboard: (today: string) => ["portal", "dashboard", today] as const,
  portalDispatches: ["portal", "dispatches"] as const,
  portalDispatch: (id: string) => ["portal", "dispatches", id] as const,
  portalProfile: ["portal", "profile"] as const,
  portalTripLogs: ["portal", "trip-logs"] as const,
  portalDocuments: ["portal", "profile", "documents"] as const,
  portalTaxInfo: ["portal", "profile", "tax-info"] as const,
  portalCredentials: ["portal", "profile", "credentials"] as const,
  portalDispatchDocuments: (id: string) => ["portal", "dispatches", id, "documents"] as const,
  portalDispatchPaperwork: (id: string) => ["portal", "dispatches", id, "paperwork"] as const,
};

/** Refreshes several resources at once, e.g. a resource and the dashboard that counts it. */
export const invalidateAll = (queryClient: QueryClient, keys: readonly QueryKey[]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
