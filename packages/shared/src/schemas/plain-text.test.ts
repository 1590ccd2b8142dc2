import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ZClient } from "./client";
import { boundedText, controlCharacterMessage, hasControlCharacter, requiredText } from "./fields";
import { ZDeclineRateConfirmation, ZSignRateConfirmation } from "./signature";

/** Unicode's Cc category: what no single-line field may hold. */
const isControl = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f);
const LINE_BREAKS = new Set([0x09, 0x0a, 0x0d]);

const controlChar = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
  .map((code) => String.fromCharCode(code));
/** A control character a multi-line field refuses too (not tab, LF or CR). */
const refusedInMulti = controlChar.filter((ch) => !LINE_BREAKS.has(ch.charCodeAt(0)));
/** Any text without control characters, astral characters and lone surrogates included. */
const printable = fc
  .string({ unit: "binary", maxLength: 40 })
  .map((s) => [...s].filter((ch) => !isControl(ch.codePointAt(0) ?? 0)).join(""));
/** "a…b" with `inserted` somewhere strictly inside (the ends are trimmed away, as they should be). */
const withInside = (inserted: fc.Arbitrary<string>) =>
  fc.tuple(printable, inserted, fc.nat()).map(([t, ch, at]) => {
    const text = `a${t}b`;
    const i = 1 + (at % (text.length - 1));
    return `${text.slice(0, i)}${ch}${text.slice(i)}`;
  });
const PARAMS = { seed: 25, numRuns: 500 };

describe("text fields refuse control characters (fields.ts plainText)", () => {
  const single = boundedText("Name", 100);
  const multi = boundedText("Notes", 100, "multi");
  const required = requiredText("Name is required", "Name", 100);

  test("hasControlCharacter agrees with Unicode's Cc category, code point by code point", () => {
    for (let code = 0; code <= 0xffff; code++) {
      const ch = String.fromCharCode(code);
      expect(hasControlCharacter(ch, "single")).toBe(isControl(code));
      expect(hasControlCharacter(ch, "multi")).toBe(isControl(code) && !LINE_BREAKS.has(code));
    }
  });

  test("text without control characters is accepted as it was sent, trimmed", () => {
    fc.assert(
      fc.property(printable, (text) => {
        expect(single.parse(text)).toBe(text.trim() || null);
        expect(multi.parse(text)).toBe(text.trim() || null);
      }),
      PARAMS,
    );
  });

  test("a single-line field refuses any control character inside the text, with the field's message", () => {
    fc.assert(
      fc.property(withInside(controlChar), (text) => {
        for (const schema of [single, required]) {
          const result = schema.safeParse(text);
          expect(result.success).toBe(false);
          expect(result.error?.issues.map((i) => i.message)).toContain(
            controlCharacterMessage("Name", "single"),
          );
        }
      }),
      PARAMS,
    );
  });

  test("a multi-line field keeps tabs and line breaks, and refuses every other control character", () => {
    const breaks = fc.constantFrom("\t", "\n", "\r", "\r\n");
    fc.assert(
      fc.property(withInside(breaks), (text) => {
        expect(multi.parse(text)).toBe(text.trim());
      }),
      PARAMS,
    );
    fc.assert(
      fc.property(withInside(refusedInMulti), (text) => {
        const result = multi.safeParse(text);
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toBe(controlCharacterMessage("Notes", "multi"));
      }),
      PARAMS,
    );
  });

  test("the forms named in the report refuse a NUL with a field message", () => {
    expect(ZClient.safeParse({ name: "nul\u0000byte" }).error?.issues[0]).toMatchObject({
      path: ["name"],
      message: controlCharacterMessage("Company name", "single"),
    });
    expect(
      ZSignRateConfirmation.safeParse({ consent: true, signedName: "Pat\u0000Client" }).error?.issues[0],
    ).toMatchObject({ path: ["signedName"], message: controlCharacterMessage("Full name", "single") });
    expect(ZDeclineRateConfirmation.safeParse({ reason: "No\u0000" }).error?.issues[0]).toMatchObject({
      path: ["reason"],
      message: controlCharacterMessage("Reason", "multi"),
    });
    expect(ZDeclineRateConfirmation.parse({ reason: "Line one\r\n\tline two" }).reason).toBe(
      "Line one\r\n\tline two",
    );
  });
});
