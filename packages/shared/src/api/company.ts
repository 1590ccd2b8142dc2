import { z } from "zod";
import type { TCompanySettings } from "../schemas/invoice";
import type { Assert, Same } from "./check";
import { ZDecimal, ZTimestamp } from "./common";
import { ZMailState } from "./mail";
import { searchParam, sortParams, ZPageParams } from "./paging";

/** GET / PUT /api/company: the company profile and invoice defaults. */
export const ZCompanySettingsResponse = z.object({
  name: z.string(),
  contactPerson: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  mcNumber: z.string().nullable(),
  dotNumber: z.string().nullable(),
  paymentTermsDays: z.number().int(),
  taxRate: ZDecimal.describe('Percent, e.g. "8.25"'),
  invoiceFooter: z.string().nullable(),
  timeZone: z.string().describe('IANA time zone, e.g. "America/Chicago"'),
  invoiceReminders: z
    .boolean()
    .describe("Overdue invoice reminder emails 1, 7 and 30 days after the due date"),
  credentialExpiryEmails: z
    .boolean()
    .describe(
      "Credential expiry emails to the PEVO and the office 30, 7 and 0 days before, and the office's daily digest",
    ),
});
type _CompanySettings = Assert<Same<z.output<typeof ZCompanySettingsResponse>, Required<TCompanySettings>>>;

/** The company's letterhead on what a client is sent: the rate confirmation to sign, the invoice. */
export const ZLetterhead = ZCompanySettingsResponse.pick({
  name: true,
  address: true,
  phone: true,
  email: true,
  mcNumber: true,
  dotNumber: true,
});
export type TLetterhead = z.output<typeof ZLetterhead>;

/** GET /api/company/team: the company's admins. */
export const ZTeamMemberResponse = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  invitationMail: ZMailState.nullable().describe(
    "Where the invitation email to set a password stands (null for an admin who was not invited)",
  ),
  createdAt: ZTimestamp,
});
export type TTeamMember = z.output<typeof ZTeamMemberResponse>;

/** The team list's sortable columns (GET /api/company/team?sort=). */
export const TEAM_SORTS = ["name", "email", "createdAt"] as const;
export type TeamSort = (typeof TEAM_SORTS)[number];

/** GET /api/company/team: a page of the company's admins, sorted, searched by name or email. */
export const ZTeamListQuery = ZPageParams.extend(sortParams(TEAM_SORTS, "createdAt", "asc").shape).extend({
  q: searchParam("name and email"),
});
export type TTeamListQuery = z.output<typeof ZTeamListQuery>;

/** POST /api/company/team: the new admin (an invitation to set a password is sent). */
export const ZTeamAdminCreatedResponse = z.object({ id: z.string(), email: z.string() });

/** GET /api/company/onboarding: the first-sign-in set-up and the "Get started" checklist. */
export const ZOnboarding = z.object({
  setupPending: z
    .boolean()
    .describe("The first-sign-in set-up is still to be shown (done or skipped clears it)"),
  checklistOpen: z
    .boolean()
    .describe(
      "The dashboard shows the Get started checklist (false once every step is done or it is dismissed)",
    ),
  steps: z
    .object({
      client: z.boolean(),
      pevo: z.boolean(),
      rateConfirmation: z.boolean(),
      dispatch: z.boolean(),
      invoice: z.boolean(),
    })
    .describe("Each step is done when the company has at least one such record"),
  logoUrl: z.string().nullable().describe("The logo's public address (client emails), null without a logo"),
});
export type TOnboarding = z.output<typeof ZOnboarding>;

/** PUT /api/company/logo: the logo's new public address. */
export const ZLogoResponse = z.object({ logoUrl: z.string().nullable() });
