// The company and its people: the company profile, the team of admins, each login's own settings,
// signup, and the logins other aggregates create (a PEVO's invitation).

export {
  createTeamAdmin,
  getCompanySettings,
  listTeam,
  removeTeamMember,
  TEAM_MEMBER_NOT_FOUND,
  updateCompanySettings,
} from "./company";
export { companyName } from "./company-name";
export { demoCompanyIds } from "./demo-companies";
export { getFactoringSettings, updateFactoringSettings } from "./factoring-settings";
export { withInvitationMail } from "./invitation-mails";
export { createUserWithAccount, deleteLogin, hashPassword, loginEmailTaken, renameLogin } from "./logins";
export {
  checkLogo,
  companyLogo,
  companyLogoUrl,
  LOGO_NOT_FOUND,
  publicLogo,
  removeCompanyLogo,
  saveCompanyLogo,
} from "./logo";
export { getMySettings, updateMySettings } from "./my-settings";
export { dismissChecklist, finishSetup, getOnboarding } from "./onboarding";
export { sessionOfTokenQuery } from "./session-of-token";
export { getMe, signUp } from "./signup";
export { companyTimeZone, credentialExpiryEmailsOn } from "./time-zone";
