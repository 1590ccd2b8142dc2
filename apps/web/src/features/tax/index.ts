// What other features use of the tax info: the W-9 card (the portal's profile, the office's PEVO page).
export { TaxInfoCard } from "./components/tax-info-card";
