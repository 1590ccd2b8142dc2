export { useRetryMail } from "./api";
export { MailStatus, mailStatusText } from "./components/mail-status";
