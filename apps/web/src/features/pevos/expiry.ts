/** The expiry hint lives in lib/ (the credentials card shows it too). */
export { EXPIRY_WARNING_DAYS, type ExpiryHint, expiryHint } from "@/lib/expiry";
