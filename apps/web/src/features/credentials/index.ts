// What other features use of credentials: the PEVO's card (office and portal), the roster's hints
// and the dashboard's expiring list.
export { CredentialHints } from "./components/credential-hints";
export { CredentialsCard } from "./components/credentials-card";
export { ExpiringCredentialsCard } from "./components/expiring-credentials-card";
