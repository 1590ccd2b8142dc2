import { describe, expect, test } from "vitest";
import { clientInvoiceBadges } from "./status-badge";

describe("the client's invoice badges", () => {
  const labels = (status: string, overdue: boolean) =>
    clientInvoiceBadges(status, overdue).map((b) => b.label);

  test("never the office's Sent or Viewed: an open invoice is due or overdue", () => {
    expect(labels("sent", false)).toEqual(["Due"]);
    expect(labels("viewed", false)).toEqual(["Due"]);
    expect(labels("viewed", true)).toEqual(["Overdue"]);
  });

  test("partially paid, paid and void as they are", () => {
    expect(labels("partially_paid", false)).toEqual(["Partially paid"]);
    expect(labels("partially_paid", true)).toEqual(["Partially paid", "Overdue"]);
    expect(labels("paid", false)).toEqual(["Paid"]);
    expect(labels("void", false)).toEqual(["Void"]);
  });
});
