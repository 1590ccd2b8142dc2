import { describe, expect, test } from "vitest";
import { safeFileName } from "./file-name";

describe("safeFileName: a sane name for every download and attachment", () => {
  test.each([
    ["invoice-INV-2026-0001.pdf", "invoice-INV-2026-0001.pdf"],
    ["invoice-INV/2026.01-A.pdf", "invoice-INV-2026.01-A.pdf"],
    // An invoice number saved before document numbers were restricted.
    ["invoice-🚚INV-⭐.pdf", "invoice-INV.pdf"],
    ["credit-note-CN 2026 #1.pdf", "credit-note-CN-2026-1.pdf"],
    ["statement-Bolt Transport-2026-01-02.pdf", "statement-Bolt-Transport-2026-01-02.pdf"],
    ['a"b\\c.csv', "a-b-c.csv"],
    ["😀.pdf", "file.pdf"],
    ["report", "report"],
  ])("%s → %s", (name, expected) => {
    expect(safeFileName(name)).toBe(expected);
  });
});
