/**
 * A CSV download streamed from the database (csv-stringify): the header row, then each row as it is
 * read, so an export of 100,000 dispatches never sits in memory. Values go out as given: services
 * pass money as the exact decimal strings and dates as YYYY-MM-DD (the QuickBooks export: MM/DD/YYYY).
 * Every CSV starts with a UTF-8 byte order mark (DECISIONS 'Invoices', Exports): without it Excel on
 * Windows reads the file as the ANSI code page and shows '→', '×' or 'é' as garbage; LibreOffice,
 * Google Sheets and QuickBooks Online's import read the mark as UTF-8 and drop it.
 */
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { Context } from "hono";
import { attachmentHeaders } from "./download";

export type CsvValue = string | number | boolean | null | undefined;

/**
 * Formulas are not run when the file is opened in a spreadsheet: a cell that starts with = + - @
 * (or tab / CR) gets a leading apostrophe (OWASP "CSV injection"). Numbers pass untouched.
 */
const neutralizeFormula = (value: CsvValue): CsvValue =>
  typeof value === "string" && /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value)
    ? `'${value}`
    : value;

export function csvResponse(
  c: Context,
  fileName: string,
  header: string[],
  rows: AsyncIterable<CsvValue[]>,
): Response {
  const csv = stringify({ header: true, columns: header, bom: true });
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) yield row.map(neutralizeFormula);
    })(),
  );
  source.on("error", (error) => csv.destroy(error));
  source.pipe(csv);
  for (const [name, value] of Object.entries(attachmentHeaders(fileName, "text/csv; charset=utf-8"))) {
    c.header(name, value);
  }
  return c.body(Readable.toWeb(csv) as ReadableStream);
}
