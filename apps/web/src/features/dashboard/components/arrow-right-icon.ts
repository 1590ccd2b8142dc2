import { createLucideIcon } from "lucide-react";

/**
 * lucide's ArrowRight, drawn from the same two paths. lucide's own module is in the signing page's
 * first-load group (first-load-groups.ts), which imports the sign-in form's group with zod: taking
 * it from there cost the dashboard ~38 KB of gzip for one arrow (docs/performance.md).
 */
export const ArrowRight = createLucideIcon("arrow-right", [
  ["path", { d: "M5 12h14", key: "1ays0h" }],
  ["path", { d: "m12 5 7 7-7 7", key: "xquz4c" }],
]);
