/**
 * A small RFC 4180 CSV reader for tests that parse an export back: quoted fields, doubled quotes,
 * commas and line breaks inside quotes. (csv-parse is not a dependency; csv-stringify writes.)
 */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** The rows as objects keyed by the header row. */
export function csvRecords(text: string): { header: string[]; records: Record<string, string>[] } {
  const [header = [], ...rows] = parseCsv(text);
  return {
    header,
    records: rows.map((r) => Object.fromEntries(header.map((name, i) => [name, r[i] ?? ""]))),
  };
}

const BOM = "\ufeff";

/**
 * A CSV download as the file's bytes say it (`t.request` decodes the body as a browser's text()
 * does, which drops a byte order mark): whether it starts with the UTF-8 byte order mark
 * (EF BB BF), and its text after the mark.
 */
export async function downloadCsv(
  app: { request: (url: string, init: RequestInit) => Response | Promise<Response> },
  url: string,
  cookie: string,
) {
  const res = await app.request(url, { headers: { cookie, Origin: new URL(url).origin } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const raw = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  return {
    status: res.status,
    bom: [...bytes.slice(0, 3)].join(",") === "239,187,191" && raw.startsWith(BOM),
    text: raw.startsWith(BOM) ? raw.slice(1) : raw,
  };
}
