import { describe, expect, it } from "vitest";
import type { LineKind } from "./constants";
import { groupLinesByKind } from "./line-groups";

const line = (kind: LineKind, charge: string, id = charge) => ({ id, kind, charge });

describe("groupLinesByKind", () => {
  it("orders the groups by kind, keeps the invoice order inside a group, and adds exact subtotals", () => {
    const groups = groupLinesByKind([
      line("expense", "0.10", "e1"),
      line("day", "450.00", "d1"),
      line("custom", "75.00", "c1"),
      line("expense", "0.20", "e2"),
      line("day", "450.01", "d2"),
    ]);
    expect(groups.map((g) => [g.kind, g.label, g.lines.map((l) => l.id), g.subtotal])).toEqual([
      ["day", "Day rate", ["d1", "d2"], "900.01"],
      ["custom", "Other charges", ["c1"], "75.00"],
      ["expense", "Expenses at cost", ["e1", "e2"], "0.30"],
    ]);
  });

  it("has no groups without lines", () => {
    expect(groupLinesByKind([])).toEqual([]);
  });
});
