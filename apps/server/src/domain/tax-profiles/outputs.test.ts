/**
 * The 1099-NEC outputs on given rows (DECISIONS 'Year end: W-9 and 1099-NEC'): the CSV's cells in the
 * e-file column layout with the TIN whole, Copy B's boxes with the TIN's last 4 digits only; and the
 * TIN's seal: it opens only with its key and on its own row.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { readPdf } from "../../../test/pdf-text";
import { renderCopyB } from "./copy-b-pdf";
import { FORM_1099_CSV_HEADER, form1099CsvRows } from "./form-1099-csv";
import type { Form1099Row } from "./form-1099-rows";
import { openTin, sealTin } from "./tin-cipher";

const withProfile: Form1099Row = {
  pevo: { id: "5f0c8a52-6a55-4c43-9f4a-3c8f4f1f0a01", name: "Paula One", email: "paula@example.test" },
  taxProfile: {
    legalName: "Paula Q. One",
    businessName: "One Escorts LLC",
    classification: "individual",
    address: "12 Elm St, Apt 4",
    city: "Tulsa",
    state: "OK",
    zip: "74103-1234",
    tinType: "ssn",
    tinLast4: "7891",
    tin: "234567891",
  },
  compensationCents: 2_345_678,
};
const withoutProfile: Form1099Row = {
  pevo: { id: "9a1d2f31-0b7e-4a57-8c55-7d3f5e6a9b02", name: "Peter Two", email: null },
  taxProfile: null,
  compensationCents: 200_000,
};

describe("the 1099-NEC CSV", () => {
  test("one row per recipient, in the header's columns, the TIN whole and money as exact decimals", () => {
    const rows = form1099CsvRows([withProfile, withoutProfile]);
    expect(rows.every((r) => r.length === FORM_1099_CSV_HEADER.length)).toBe(true);
    const record = (row: string[]) => Object.fromEntries(FORM_1099_CSV_HEADER.map((h, i) => [h, row[i]]));
    expect(record(rows[0] ?? [])).toEqual({
      "Recipient Name": "Paula Q. One",
      "Recipient Business Name": "One Escorts LLC",
      "TIN Type": "SSN",
      "Recipient TIN": "234-56-7891",
      Address: "12 Elm St, Apt 4",
      City: "Tulsa",
      State: "OK",
      ZIP: "74103-1234",
      Country: "US",
      Email: "paula@example.test",
      "Account Number": withProfile.pevo.id,
      "Box 1 Nonemployee Compensation": "23456.78",
      "Box 2 Direct Sales $5000+": "",
      "Box 4 Federal Income Tax Withheld": "0.00",
      "2nd TIN Notice": "",
    });
    // No W-9 on file: the PEVO's name and no TIN, for the e-file service to flag.
    expect(record(rows[1] ?? [])).toMatchObject({
      "Recipient Name": "Peter Two",
      "TIN Type": "",
      "Recipient TIN": "",
      "Box 1 Nonemployee Compensation": "2000.00",
    });
  });

  test("an EIN is written 12-3456789; a row whose TIN was not opened has none", () => {
    const ein: Form1099Row = {
      ...withProfile,
      taxProfile: withProfile.taxProfile && { ...withProfile.taxProfile, tinType: "ein", tin: "271234567" },
    };
    const [row] = form1099CsvRows([ein]);
    expect(row?.[2]).toBe("EIN");
    expect(row?.[3]).toBe("27-1234567");
    const closed: Form1099Row = {
      ...withProfile,
      taxProfile: withProfile.taxProfile && { ...withProfile.taxProfile, tin: undefined },
    };
    expect(form1099CsvRows([closed])[0]?.[3]).toBe("");
  });
});

describe("Copy B", () => {
  test("prints the payer, the recipient with the TIN's last 4 digits, and box 1", async () => {
    const pdf = await renderCopyB(withProfile, {
      year: 2026,
      payer: {
        name: "Demo Escort Services",
        address: "500 Main St\nDallas, TX 75201",
        phone: "214-555-0100",
        tin: "987654321",
      },
    });
    const { text, pages, title } = await readPdf(pdf);
    expect(pages).toHaveLength(1);
    expect(title).toBe("Form 1099-NEC 2026 Copy B Paula One");
    for (const expected of [
      "Form 1099-NEC",
      "Copy B — For Recipient",
      "For calendar year 2026",
      "Demo Escort Services",
      "98-7654321",
      "•••-••-7891",
      "Paula Q. One",
      "One Escorts LLC",
      "12 Elm St, Apt 4",
      "Tulsa, OK 74103-1234",
      "1 Nonemployee compensation",
      "$23,456.78",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("234-56-7891");
    expect(text).not.toContain("234567891");
  });

  test("a recipient without a W-9 on file reads 'Not on file' under the TIN, and the payer's TIN may be blank", async () => {
    const pdf = await renderCopyB(withoutProfile, {
      year: 2025,
      payer: { name: "Demo Escort Services", address: null, phone: null, tin: null },
    });
    const { text } = await readPdf(pdf);
    expect(text).toContain("Not on file");
    expect(text).toContain("Peter Two");
    expect(text).toContain("$2,000.00");
  });
});

describe("the TIN's seal", () => {
  const key = randomBytes(32);
  const owner = { companyId: "c1", pevoId: "p1" };

  test("opens with its key on its own row; another key, another row or a changed byte refuses", () => {
    const sealed = sealTin(key, owner, "234567891");
    expect(sealed.last4).toBe("7891");
    expect(sealed.ciphertext).not.toContain("234567891");
    expect(openTin(key, owner, sealed)).toBe("234567891");
    expect(() => openTin(randomBytes(32), owner, sealed)).toThrow();
    expect(() => openTin(key, { ...owner, pevoId: "p2" }, sealed)).toThrow();
    const bytes = Buffer.from(sealed.ciphertext, "base64");
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    expect(() => openTin(key, owner, { ...sealed, ciphertext: bytes.toString("base64") })).toThrow();
  });

  test("the same TIN sealed twice gives two ciphertexts (a fresh IV each time)", () => {
    expect(sealTin(key, owner, "234567891").ciphertext).not.toBe(sealTin(key, owner, "234567891").ciphertext);
  });
});
