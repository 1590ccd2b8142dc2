/**
 * While printing, only the element with id "invoice-print" is on the page: everything that neither
 * is it, contains it nor sits inside it (sidebar, top bar, buttons, toasts) is hidden, and the
 * layout boxes around it lose their scroll areas, fixed heights and padding so long invoices flow
 * onto further pages. The printout always uses the light theme's colours, also in dark mode.
 */
const PRINT_CSS = `
@media print {
  @page { margin: 14mm; }
  html, body { background: #fff !important; }
  body *:not(:has(#invoice-print)):not(#invoice-print):not(#invoice-print *) { display: none !important; }
  body *:has(#invoice-print) {
    display: block !important;
    position: static !important;
    overflow: visible !important;
    height: auto !important;
    min-height: 0 !important;
    max-width: none !important;
    width: auto !important;
    margin: 0 !important;
    padding: 0 !important;
    border: 0 !important;
    box-shadow: none !important;
    background: transparent !important;
  }
  #invoice-print {
    --background: oklch(1 0 0);
    --foreground: oklch(0.145 0 0);
    --card: oklch(1 0 0);
    --card-foreground: oklch(0.145 0 0);
    --muted: oklch(0.97 0 0);
    --muted-foreground: oklch(0.45 0 0);
    --border: oklch(0.85 0 0);
    color-scheme: light;
    color: var(--foreground);
    background: #fff !important;
    border: 0 !important;
    box-shadow: none !important;
    margin: 0 !important;
    padding: 0 !important;
    max-width: none !important;
  }
  #invoice-print [data-slot="badge"] {
    background: transparent !important;
    color: var(--foreground) !important;
    border: 1px solid var(--border) !important;
  }
  #invoice-print tr { break-inside: avoid; }
}
`;

export function InvoicePrintStyles() {
  return <style>{PRINT_CSS}</style>;
}
