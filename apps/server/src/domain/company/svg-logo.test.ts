import { describe, expect, test } from "vitest";
import { checkSvg, SVG_MESSAGES, SvgRefused } from "./svg-logo";

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const noImage = () => {
  throw new Error("no embedded image expected");
};
const check = (svg: string) => checkSvg(Buffer.from(svg), noImage);
const refusal = (svg: string) => {
  try {
    check(svg);
  } catch (error) {
    if (error instanceof SvgRefused) return error.message;
    throw error;
  }
  return null;
};

describe("checkSvg (the decision taken before anything is drawn)", () => {
  test("outside files and addresses are refused by the check itself, so the renderer never sees them", () => {
    for (const href of ["file:///etc/passwd", "http://127.0.0.1/logo.png", "//127.0.0.1/x", " /etc/passwd"]) {
      expect(refusal(`<svg ${NS} width="10" height="10"><image href="${href}"/></svg>`), href).toBe(
        SVG_MESSAGES.external,
      );
      expect(
        refusal(
          `<svg ${NS} xmlns:l="http://www.w3.org/1999/xlink" width="10" height="10"><use l:href="${href}"/></svg>`,
        ),
        href,
      ).toBe(SVG_MESSAGES.external);
    }
    expect(refusal(`<svg ${NS} width="10" height="10" xml:base="http://127.0.0.1/"/>`)).toBe(
      SVG_MESSAGES.external,
    );
    expect(
      refusal(`<svg ${NS} width="10" height="10"><rect fill="url( 'http://127.0.0.1/a#b' )"/></svg>`),
    ).toBe(SVG_MESSAGES.external);
    expect(
      refusal(`<svg ${NS} width="10" height="10"><rect style="fill:url(&quot;file:///x&quot;)"/></svg>`),
    ).toBe(SVG_MESSAGES.external);
  });

  test("an <svg> in another namespace, or XML of another kind, is no SVG (null), not a refusal", () => {
    expect(check('<svg width="10" height="10"/>')).toBeNull();
    expect(check("<html><script>alert(1)</script></html>")).toBeNull();
  });

  test("what the renderer gets is the checked tree written out again, without comments or editor metadata", () => {
    const written = check(
      `<?xml version="1.0"?><!-- a comment --><svg ${NS} xmlns:ed="urn:editor" ed:tool="x" width="20" height="10"><ed:meta><ed:note>n</ed:note></ed:meta><metadata/><text x="1" y="8">A &amp; B &lt;</text><rect width="5" height="5" fill="url(#g)"/></svg>`,
    );
    expect(written).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="10"><metadata></metadata><text x="1" y="8">A &amp; B &lt;</text><rect width="5" height="5" fill="url(#g)"></rect></svg>',
    );
  });
});
