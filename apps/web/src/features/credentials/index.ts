// What other features use of credentials: the PEVO's card (office and portal), the roster's hints
// and to-review badges, the dashboard's expiring list and "To review" card.
export { CredentialHints } from "./components/credential-hints";
export { CredentialsCard } from "./components/credentials-card";
export { ExpiringCredentialsCard } from "./components/expiring-credentials-card";
export { PendingReviewBadge, ToReviewCard } from "./components/to-review-card";
