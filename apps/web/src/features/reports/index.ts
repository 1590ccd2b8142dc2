// Margin (DECISIONS 'Margin'): the dispatch page's card and the dashboard's 12 months; the jobs
// report is a lazy route (/reports/jobs). The chart's library loads only when the card shows it.
export { MarginCard } from "./components/margin-card";
export { MonthlyMarginCard } from "./components/monthly-margin-card";
