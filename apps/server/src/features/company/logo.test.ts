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
    expect(page.body.fields.file).toBe(
      "The logo must be a PNG or JPEG image (checked from the content, not the name)",
    );
    const pdf = await upload(adminB, fixture("sample.pdf"), "logo.png");
    expect(pdf.status).toBe(400);
    const webp = await upload(adminB, fixture("photo.webp"), "logo.webp", "image/webp");
    expect(webp.status).toBe(400);
  });

  test("SVG is refused with its own message (pdfkit cannot print it safely)", async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const res = await upload(adminB, svg, "logo.svg", "image/svg+xml");
    expect(res.status).toBe(400);
    expect(res.body.fields.file).toMatch(
      /^SVG logos cannot be printed into PDFs safely: export your logo as a PNG or JPEG/,
    );
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
