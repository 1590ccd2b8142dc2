import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { ActivityList, RecentActivity } from "./recent-activity";
import { activityBadge } from "./status-badge";

/**
 * Activity rows stored before the bounds may quote texts of any length (the server clips new ones to
 * TEXT_LIMITS.activity). The feed shows at most three wrapped lines of such a text, with more on hover.
 */
describe("RecentActivity with an overlong stored text", () => {
  const message = `Client ${"W".repeat(100_000)} deleted`;
  const html = renderToStaticMarkup(
    createElement(RecentActivity, {
      description: "The latest events in your company",
      activity: [
        {
          id: "a1",
          type: "client_deleted",
          status: "success",
          message,
          createdAt: new Date().toISOString(),
        },
      ],
    }),
  );

  test("clamps the line, breaks the unbroken word anywhere and keeps the DOM small", () => {
    expect(html).toContain("line-clamp-3");
    expect(html).toContain("[overflow-wrap:anywhere]");
    expect(html).toMatch(/title="Client W{100,}/);
    expect(html.length).toBeLessThan(10_000);
  });
});

/** A badge only where it says something true: no "Completed" on every event, no "Failed" on a problem. */
describe("activity badges", () => {
  const item = (id: string, type: string, status: "success" | "pending" | "error", message: string) => ({
    id,
    type,
    status,
    message,
    createdAt: new Date().toISOString(),
  });
  const html = renderToStaticMarkup(
    createElement(ActivityList, {
      activity: [
        item("1", "invoice_viewed", "success", "Client opened invoice INV-1"),
        item("2", "signature_requested", "pending", "Rate confirmation RC-1 sent to Pat for signature"),
        item("3", "invoice_deleted", "error", "Invoice INV-2 deleted"),
        item("4", "dispatch_step", "error", "Casey Pevo reported a problem — RC-1: flat tyre"),
        item("5", "signature_declined", "error", "Pat declined rate confirmation RC-1: wrong rate"),
        item("6", "signature_expired", "error", "Signature request for RC-1 expired"),
      ],
    }),
  );
  const badges = [...html.matchAll(/data-slot="badge"[^>]*>([^<]*)</g)].map((m) => m[1]);

  test("only a problem, a declined and an expired event carry one", () => {
    expect(badges).toEqual(["Problem", "Declined", "Expired"]);
    expect(html).not.toContain("Completed");
    expect(html).not.toContain("Failed");
    expect(html).not.toContain(">Pending<");
  });

  test("activityBadge: nothing for a done event, whatever its type", () => {
    expect(activityBadge("invoice_generated", "success")).toBeNull();
    expect(activityBadge("dispatch_step", "success")).toBeNull();
    expect(activityBadge("invoice_voided", "error")).toBeNull();
    expect(activityBadge("dispatch_step", "error")).toEqual({ tone: "red", label: "Problem" });
  });
});
