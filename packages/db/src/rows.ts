/**
 * For a read whose row must be there: an insert's or update's `returning()`, or a select of a row the
 * caller knows exists (it was just written, or a foreign key points at it). Its absence is a bug, not
 * a 404, so it throws (a 500). Used as the destructuring default, which applies only when the result
 * is empty:
 *
 *   const [invoice = missingRow("invoices")] = await tx.insert(invoices).values(values).returning();
 *
 * Where a missing row is the client's mistake (an unknown id), check `if (!row)` and answer not-found.
 */
export function missingRow(what: string): never {
  throw new Error(`Internal error: expected a row of ${what}, found none`);
}
