/**
 * The name of a file the product makes (a PDF, a CSV): ASCII letters, digits, dot, dash and
 * underscore only, safe in a Content-Disposition header and as an email attachment. Anything else
 * (a "/" of a document number, a space, an emoji of an older number) becomes one dash, and no dash
 * is left doubled or beside the extension's dot: "invoice-INV/2026-0001.pdf" is
 * "invoice-INV-2026-0001.pdf", never "invoice-INV_2026_0001.pdf" (DECISIONS 'Document numbers').
 */
export function safeFileName(name: string): string {
  const dot = name.lastIndexOf(".");
  const [base, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  const clean = (text: string) =>
    text
      .replace(/[^\w.-]+/g, "-")
      .replace(/-{2,}/g, "-")
      .replace(/^[-.]+|[-.]+$/g, "");
  return `${clean(base) || "file"}${extension.replace(/[^\w.]+/g, "")}`;
}
