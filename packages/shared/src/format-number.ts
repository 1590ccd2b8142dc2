/**
 * Numbers as toLocaleString("en-US") writes them, without Intl: the first Intl number or date format
 * of a page loads the browser's locale data, a long task on a phone's first screen (docs/performance.md,
 * "Intl on the first screen"), and the shared schemas build their messages as the page's code loads.
 */

/**
 * A number with US thousands separators and at most (or, with `fixed`, exactly) `decimals` decimals:
 * 1234.5 → '1,234.5' (or '1,234.50'), as toLocaleString("en-US") writes it, rounding half away from 0.
 * toLocaleString's own default is `decimals` 3.
 */
export function formatNumber(value: number, decimals = 0, fixed = false) {
  if (!Number.isFinite(value)) return String(value);
  // Rounded on the number's shortest decimal text, as toLocaleString does: 1.005 → 1.01 (as written),
  // not by its binary neighbour (1.00499…), and exact at any size.
  const text = String(Math.abs(value));
  // Exponent notation (1e21 and up, below 1e-6): far past any amount this product prints, left to Intl.
  if (text.includes("e")) {
    const digits = { minimumFractionDigits: fixed ? decimals : 0, maximumFractionDigits: decimals };
    return value.toLocaleString("en-US", digits);
  }
  const [int = "0", frac = ""] = text.split(".");
  const roundUp = frac.length > decimals && (frac[decimals] ?? "0") >= "5";
  const scaled = BigInt(int + frac.slice(0, decimals).padEnd(decimals, "0")) + (roundUp ? 1n : 0n);
  const digits = scaled.toString().padStart(decimals + 1, "0");
  let whole = digits.slice(0, digits.length - decimals);
  let fraction = digits.slice(digits.length - decimals);
  if (!fixed) fraction = fraction.replace(/0+$/, "");
  whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  // As toLocaleString: a negative amount keeps its sign even where it rounds to 0 ("-0").
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
}
