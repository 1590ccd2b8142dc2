/**
 * Zod compiles object schemas with `new Function` when it may, and probes for that on the first
 * parse; the Content-Security-Policy allows no eval (script-src 'self'), so the probe alone is a
 * reported violation. Imported first by main.tsx, before any schema parses. From zod's core, which
 * holds the one global configuration: the schemas themselves load with the screens that use them.
 */
import { config } from "zod/v4/core";

config({ jitless: true });
