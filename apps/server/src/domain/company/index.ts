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
export { withInvitationMail } from "./invitation-mails";
export { createUserWithAccount, hashPassword, loginEmailTaken } from "./logins";
export { getMySettings, updateMySettings } from "./my-settings";
export { getMe, signUp } from "./signup";
