import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Request counters of the rate limiter (fixed windows), shared by every app instance on the
 * database. A row is one key (e.g. an address and a path, or an account) in its current window;
 * expired windows are deleted as the limiter goes.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_at_idx").on(t.resetAt)],
);
