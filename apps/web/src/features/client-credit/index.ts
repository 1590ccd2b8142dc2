// What other features use of the client's credit: its card (clients) and the apply action (invoices).
export { useClientCredit } from "./api";
export { ApplyCreditDialog } from "./components/apply-credit-dialog";
export { ClientCreditCard } from "./components/client-credit-card";
