// What other features use of PEVO pay: a PEVO's own pay plan (the office's PEVO page).
export { PayPlanCard } from "./components/pay-plan-card";
