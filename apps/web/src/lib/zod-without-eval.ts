/**
 * Zod compiles object schemas with `new Function` when it may, and probes for that on the first
 * parse; the Content-Security-Policy allows no eval (script-src 'self'), so the probe alone is a
 * reported violation. Imported first by main.tsx, before any schema module loads.
 * Zod keeps its configuration in `globalThis.__zod_globalConfig` (shared by every copy of zod) and
 * keeps an object it finds there: setting it here spares the entry chunk zod itself, which loads
 * with the screens that parse (docs/performance.md). zod-without-eval.test.ts checks zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

// A module (it has no export of its own), for the test that imports it.
export {};
