import { describe, expect, test } from "vitest";
import { MISSING_GLYPH, printable } from "./pdf";

describe("printable", () => {
  test.each([
    ["Dallas, TX → Amarillo, TX", "Dallas, TX → Amarillo, TX"],
    ["Café – 12 € — Straße Ωmega Жуков", "Café – 12 € — Straße Ωmega Жуков"],
    ["line one\nline two\ttab", "line one\nline two\ttab"],
    ["ok 😀 done", `ok ${MISSING_GLYPH} done`],
    // A family emoji is one grapheme of several code points joined by U+200D: one box, not five.
    ["👨‍👩‍👧‍👦!", `${MISSING_GLYPH}!`],
    ["👍🏽", MISSING_GLYPH],
    ["运输", `${MISSING_GLYPH}${MISSING_GLYPH}`],
  ])("%j prints as %j", (input, expected) => {
    expect(printable(input)).toBe(expected);
  });
});
