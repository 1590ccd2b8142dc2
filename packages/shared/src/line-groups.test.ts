import { describe, expect, it } from "vitest";
import type { LineKind } from "./constants";
import { groupLinesByJob, groupLinesByKind } from "./line-groups";

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

describe("groupLinesByJob", () => {
  it("keeps the jobs' order, puts lines of no job last, and the subtotals add up to the lines", () => {
    const jobs = [{ dispatchId: "b" }, { dispatchId: "a" }, { dispatchId: "empty" }];
    const lines = [
      { id: "1", dispatchId: "a", charge: "100.10" },
      { id: "2", dispatchId: "b", charge: "0.20" },
      { id: "3", dispatchId: null, charge: "5.00" },
      { id: "4", dispatchId: "a", charge: "0.05" },
      { id: "5", dispatchId: "gone", charge: "1.00" },
    ];
    const groups = groupLinesByJob(jobs, lines);
    expect(groups.map((g) => [g.job?.dispatchId ?? null, g.lines.map((l) => l.id), g.subtotal])).toEqual([
      ["b", ["2"], "0.20"],
      ["a", ["1", "4"], "100.15"],
      [null, ["3", "5"], "6.00"],
    ]);
  });
});
