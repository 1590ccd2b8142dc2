import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { RecentActivity } from "./recent-activity";

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
