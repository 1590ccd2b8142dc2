import { readFileSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { LOGO_LIMITS } from "@pevo/shared";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { APP_URL, createTestApp, type SignedUpAdmin, type TestApp } from "../../../test/harness";

const SETUP_TIMEOUT = 180_000;
const fixture = (name: string) => readFileSync(join(import.meta.dirname, "../../../test/fixtures", name));
/** 48 × 48 PNG and 8 × 8 JPEG. */
const PNG = fixture("photo.png");
const SMALL_JPEG = fixture("photo.jpg");
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';
const WRONG_TYPE = "The logo must be a PNG, JPEG or SVG image (checked from the content, not the name)";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;

beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.signUpAdmin({ companyName: "Logo Co A" });
  adminB = await t.signUpAdmin({ companyName: "Logo Co B" });
}, SETUP_TIMEOUT);
afterAll(() => t.close());

/** A grey PNG of the given size (a real one: pdfkit reads it). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
function crc32(bytes: Buffer) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

const upload = (admin: SignedUpAdmin, bytes: Buffer, name: string, type = "image/png") => {
  const body = new FormData();
  body.set("file", new File([new Uint8Array(bytes)], name, { type }));
  return t.request("PUT", "/api/company/logo", { cookie: admin.cookie, body });
};
const raw = async (path: string, cookie?: string) => {
  const res = await t.app.request(`${APP_URL}${path}`, {
    headers: { Origin: APP_URL, ...(cookie ? { Cookie: cookie } : {}) },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
};

describe("PUT /api/company/logo", () => {
  test("a PNG is kept and served at a random public address, as it was uploaded", async () => {
    const res = await upload(adminA, PNG, "logo.png");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.logoUrl).toMatch(new RegExp(`^${APP_URL}/api/public/logos/[A-Za-z0-9_-]{32}$`));
    const served = await raw(new URL(res.body.logoUrl).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(served.bytes.equals(PNG)).toBe(true);
    const onboarding = await t.request("GET", "/api/company/onboarding", { cookie: adminA.cookie });
    expect(onboarding.body.logoUrl).toBe(res.body.logoUrl);
  });

  test("the type is sniffed from the content: a PNG named .jpg is a PNG, a page named .png is refused", async () => {
    const renamed = await upload(adminB, PNG, "logo.jpg", "image/jpeg");
    expect(renamed.status).toBe(200);
    expect((await raw(new URL(renamed.body.logoUrl).pathname)).headers.get("content-type")).toBe("image/png");
    const page = await upload(adminB, Buffer.from("<html><script>alert(1)</script></html>"), "logo.png");
    expect(page.status).toBe(400);
    expect(page.body.fields.file).toBe(WRONG_TYPE);
    const pdf = await upload(adminB, fixture("sample.pdf"), "logo.png");
    expect(pdf.status).toBe(400);
    const webp = await upload(adminB, fixture("photo.webp"), "logo.webp", "image/webp");
    expect(webp.status).toBe(400);
  });

  test("an SVG is checked, drawn to a PNG that fits the raster box, and that PNG is what is served", async () => {
    const svg = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<!-- exported -->\n<svg ${SVG_NS} xmlns:xlink="http://www.w3.org/1999/xlink" width="300" height="100" viewBox="0 0 300 100"><defs><linearGradient id="g"><stop offset="0" stop-color="#f59e0b"/><stop offset="1" stop-color="#111"/></linearGradient></defs><rect width="300" height="100" rx="12" style="fill:url(#g)"/><text x="20" y="65" font-size="44" fill="#fff">ACME</text><image xlink:href="data:image/png;base64,${PNG.toString("base64")}" x="250" y="25" width="48" height="48"/></svg>`,
    );
    const res = await upload(adminB, svg, "logo.svg", "image/svg+xml");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const served = await raw(new URL(res.body.logoUrl).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // IHDR: width and height fit LOGO_LIMITS.svgRaster, keeping the 3:1 proportions.
    expect([served.bytes.readUInt32BE(16), served.bytes.readUInt32BE(20)]).toEqual([1200, 400]);
    expect(served.bytes.byteLength).toBeLessThanOrEqual(LOGO_LIMITS.maxBytes);
    expect(served.bytes.toString("latin1")).not.toContain("<svg");
    // A small SVG named .png is still an SVG (sniffed from the content) and is scaled up to the box.
    const small = await upload(
      adminB,
      Buffer.from(`<svg ${SVG_NS} viewBox="0 0 20 20"><circle cx="10" cy="10" r="9"/></svg>`),
      "logo.png",
    );
    expect(small.status, JSON.stringify(small.body)).toBe(200);
    const drawn = (await raw(new URL(small.body.logoUrl).pathname)).bytes;
    expect([drawn.readUInt32BE(16), drawn.readUInt32BE(20)]).toEqual([400, 400]);
  });

  test("an unsafe SVG is refused with its reason, before drawing, and nothing is stored", async () => {
    const before = (await t.request("GET", "/api/company/onboarding", { cookie: adminA.cookie })).body
      .logoUrl;
    const external =
      "The SVG logo refers to another file or address: only references inside it (#id) and embedded PNG or JPEG images (data:image/png or data:image/jpeg;base64) are allowed";
    const svg = (body: string, attributes = "") =>
      `<svg ${SVG_NS} xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100"${attributes}>${body}</svg>`;
    const cases: [string, string][] = [
      [svg("<script>alert(1)</script>"), "The SVG logo contains a script, which is not allowed in a logo"],
      [
        svg("<rect width='10' height='10'/>", ' onload="alert(1)"'),
        "The SVG logo contains an event handler attribute (such as onload or onclick), which is not allowed in a logo",
      ],
      [
        svg("<a href='#x'><rect width='10' height='10' onClick='alert(1)'/></a>"),
        "The SVG logo contains an event handler attribute (such as onload or onclick), which is not allowed in a logo",
      ],
      [
        svg(
          '<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>',
        ),
        "The SVG logo contains a <foreignObject> (embedded HTML), which is not allowed in a logo",
      ],
      [svg('<image href="file:///etc/passwd" width="10" height="10"/>'), external],
      [svg('<image xlink:href="http://127.0.0.1:9/logo.png" width="10" height="10"/>'), external],
      [svg('<image href="logo.png" width="10" height="10"/>'), external],
      [svg('<image href="data:image/svg+xml;base64,PHN2Zy8+" width="10" height="10"/>'), external],
      [svg('<use href="http://127.0.0.1/sprite.svg#a"/>'), external],
      [svg('<rect width="10" height="10" fill="url(http://127.0.0.1/p.svg#g)"/>'), external],
      [svg('<rect width="10" height="10" style="fill: url(\'file:///etc/passwd\')"/>'), external],
      [svg("<style>rect { fill: url(http://127.0.0.1/a.svg#g) }</style>"), external],
      [svg('<style>@import "http://127.0.0.1/a.css";</style>'), external],
      [svg("<style><![CDATA[rect { fill: u\\72l(http://127.0.0.1/a) }]]></style>"), external],
      [`<?xml-stylesheet href="http://127.0.0.1/a.css"?>${svg("")}`, external],
      [
        `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${svg("<text>&xxe;</text>")}`,
        "The SVG logo contains a DOCTYPE or ENTITY declaration, which is not allowed: remove it (or export a plain SVG) and upload again",
      ],
      [
        `<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>${svg("<text>&b;</text>")}`,
        "The SVG logo contains a DOCTYPE or ENTITY declaration, which is not allowed: remove it (or export a plain SVG) and upload again",
      ],
      [
        svg(
          '<filter id="f"><feGaussianBlur stdDeviation="3"/></filter><rect width="10" height="10" filter="url(#f)"/>',
        ),
        "The SVG logo uses filters (shadows, blurs…), which are not drawn for logos: flatten them in your editor or export the logo as a PNG",
      ],
      [
        svg('<g id="a"><use href="#a"/></g>'),
        "The SVG logo is too complex to print (more than 2,000 shapes once repeated): simplify it or export it as a PNG",
      ],
      [
        // Seven levels of ten <use>s: 10⁷ rectangles from a few hundred bytes.
        svg(
          `<defs><g id="l0">${'<rect width="1" height="1"/>'.repeat(10)}</g>${[1, 2, 3, 4, 5, 6, 7].map((n) => `<g id="l${n}">${`<use href="#l${n - 1}"/>`.repeat(10)}</g>`).join("")}</defs><use href="#l7"/>`,
        ),
        "The SVG logo is too complex to print (more than 2,000 shapes once repeated): simplify it or export it as a PNG",
      ],
      [
        svg("<g>", ""),
        "The SVG logo could not be read as XML: save it again as a plain SVG (UTF-8) and upload that",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await upload(adminA, Buffer.from(body), "logo.svg", "image/svg+xml");
      expect(res.status, body).toBe(400);
      expect(res.body.fields.file, body).toBe(message);
    }
    const onboarding = await t.request("GET", "/api/company/onboarding", { cookie: adminA.cookie });
    expect(onboarding.body.logoUrl).toBe(before);
  });

  test("an SVG is bounded: declared size and viewBox, a size at all, its embedded images, its bytes", async () => {
    const size = "The SVG logo's width, height and viewBox must be positive and at most 4000 × 4000";
    const refused = async (body: string, message: string) => {
      const res = await upload(adminB, Buffer.from(body), "logo.svg", "image/svg+xml");
      expect(res.status, body).toBe(400);
      expect(res.body.fields.file, body).toBe(message);
    };
    await refused(`<svg ${SVG_NS} width="4001" height="10"/>`, size);
    await refused(`<svg ${SVG_NS} width="50in" height="10in"/>`, size);
    await refused(`<svg ${SVG_NS} viewBox="0 0 100000 100"/>`, size);
    await refused(`<svg ${SVG_NS} viewBox="0 0 0 100"/>`, size);
    await refused(`<svg ${SVG_NS} width="-5" height="10"/>`, size);
    await refused(
      `<svg ${SVG_NS}/>`,
      "The SVG logo must declare its size: a viewBox, or a width and a height",
    );
    // A tiny PNG declaring 5000 pixels a side, embedded: the renderer would decode it.
    await refused(
      `<svg ${SVG_NS} width="10" height="10"><image href="data:image/png;base64,${png(5000, 1).toString("base64")}" width="10" height="10"/></svg>`,
      "An image inside the SVG logo could not be read, or is larger than 4000 × 4000 pixels",
    );
    // Drawn too thin to print (4000 × 5 fits the box as 1200 × 1.5 pixels).
    await refused(`<svg ${SVG_NS} width="4000" height="5"/>`, "The logo must be at least 16 × 16 pixels");
    // Not an SVG: XML of another kind, and an <svg> outside the SVG namespace.
    await refused("<html><body/></html>", WRONG_TYPE);
    await refused('<svg width="10" height="10"/>', WRONG_TYPE);
    const big = Buffer.from(
      `<svg ${SVG_NS} width="10" height="10"><!--${"x".repeat(LOGO_LIMITS.maxBytes)}--></svg>`,
    );
    expect((await upload(adminB, big, "big.svg", "image/svg+xml")).status).toBe(413);
  });

  test("bounded: bytes, pixels a side (too large and too small), an empty file", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(LOGO_LIMITS.maxBytes)]);
    expect((await upload(adminB, big, "big.png")).status).toBe(413);
    const wide = await upload(adminB, png(LOGO_LIMITS.maxSide + 1, 16), "wide.png");
    expect(wide.status).toBe(400);
    expect(wide.body.fields.file).toBe("The logo must be at most 4000 × 4000 pixels");
    const tiny = await upload(adminB, SMALL_JPEG, "tiny.jpg", "image/jpeg");
    expect(tiny.status).toBe(400);
    expect(tiny.body.fields.file).toBe("The logo must be at least 16 × 16 pixels");
    expect((await upload(adminB, Buffer.alloc(0), "empty.png")).status).toBe(400);
    expect((await upload(adminB, png(LOGO_LIMITS.maxSide, 16), "edge.png")).status).toBe(200);
  });

  test("another company's upload and removal never touch this company's logo", async () => {
    const a = await upload(adminA, PNG, "logo.png");
    const b = await upload(adminB, PNG, "b.png");
    expect(b.body.logoUrl).not.toBe(a.body.logoUrl);
    expect((await t.request("DELETE", "/api/company/logo", { cookie: adminB.cookie })).status).toBe(204);
    expect((await raw(new URL(b.body.logoUrl).pathname)).status).toBe(404);
    expect((await raw(new URL(a.body.logoUrl).pathname)).status).toBe(200);
  });

  test("an unknown or malformed key is a 404 that names nothing", async () => {
    const unknown = await raw(`/api/public/logos/${"a".repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.bytes.toString()).error).toBe("Logo not found");
    expect((await raw("/api/public/logos/..%2F..%2Fetc")).status).toBe(404);
  });
});

describe("the logo on client PDFs", () => {
  test("the client statement PDF embeds the logo image; without a logo it has none", async () => {
    const client = await t.createClient(adminA, { email: "ap@statement.test" });
    await upload(adminA, PNG, "logo.png");
    const withLogo = await raw(`/api/receivables/clients/${client.id}/statement.pdf`, adminA.cookie);
    expect(withLogo.status).toBe(200);
    expect(withLogo.bytes.toString("latin1")).toContain("/Subtype /Image");
    await t.request("DELETE", "/api/company/logo", { cookie: adminA.cookie });
    const without = await raw(`/api/receivables/clients/${client.id}/statement.pdf`, adminA.cookie);
    expect(without.bytes.toString("latin1")).not.toContain("/Subtype /Image");
  });
});
