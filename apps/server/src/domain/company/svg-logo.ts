/**
 * SVG company logos (DECISIONS 'Company set-up and logo'): an SVG is read with a real XML parser
 * (saxes), refused with its own message when it could run code or reach anything outside itself,
 * and rasterised here to a bounded PNG, which is stored and served exactly like an uploaded PNG.
 * The SVG itself is never stored nor served back to a browser.
 *
 * What resvg renders is not the uploaded text but the tree the checks read, written out again: the
 * security decision and the renderer cannot read the same bytes two ways (a parser differential),
 * and what the checks did not look at (comments, processing instructions, editor namespaces) is gone.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { LOGO_LIMITS } from "@pevo/shared";
import { SaxesParser, type SaxesTagNS } from "saxes";

const SVG_NS = "http://www.w3.org/2000/svg";
const XLINK_NS = "http://www.w3.org/1999/xlink";
const XML_NS = "http://www.w3.org/XML/1998/namespace";

export const SVG_MESSAGES = {
  unreadable: "The SVG logo could not be read as XML: save it again as a plain SVG (UTF-8) and upload that",
  doctype:
    "The SVG logo contains a DOCTYPE or ENTITY declaration, which is not allowed: remove it (or export a plain SVG) and upload again",
  script: "The SVG logo contains a script, which is not allowed in a logo",
  eventHandler:
    "The SVG logo contains an event handler attribute (such as onload or onclick), which is not allowed in a logo",
  foreignObject: "The SVG logo contains a <foreignObject> (embedded HTML), which is not allowed in a logo",
  external:
    "The SVG logo refers to another file or address: only references inside it (#id) and embedded PNG or JPEG images (data:image/png or data:image/jpeg;base64) are allowed",
  size: `The SVG logo's width, height and viewBox must be positive and at most ${LOGO_LIMITS.maxSide} × ${LOGO_LIMITS.maxSide}`,
  noSize: "The SVG logo must declare its size: a viewBox, or a width and a height",
  complex: `The SVG logo is too complex to print (more than ${LOGO_LIMITS.svgElements.toLocaleString("en-US")} shapes once repeated): simplify it or export it as a PNG`,
  filter:
    "The SVG logo uses filters (shadows, blurs…), which are not drawn for logos: flatten them in your editor or export the logo as a PNG",
  slow: "The SVG logo took too long to draw: simplify it or export it as a PNG",
  tooLarge: `The SVG logo draws to a PNG over ${LOGO_LIMITS.maxBytes / (1024 * 1024)} MB (fine noise or photos): simplify it or export it as a PNG`,
  embeddedImage: `An image inside the SVG logo could not be read, or is larger than ${LOGO_LIMITS.maxSide} × ${LOGO_LIMITS.maxSide} pixels`,
} as const;

/** A refusal of an SVG, with the message the upload answers for its file field. */
export class SvgRefused extends Error {}
const refuse = (message: string): never => {
  throw new SvgRefused(message);
};

type SvgNode = {
  local: string;
  attributes: { name: string; value: string }[];
  children: (SvgNode | string)[];
};

/** Nesting deeper than this is no logo; it also keeps the writer's recursion short. */
const MAX_DEPTH = 128;
/** Units of a declared width or height, in CSS pixels (percentages and font units say nothing alone). */
const UNITS: Record<string, number> = {
  "": 1,
  px: 1,
  pt: 4 / 3,
  pc: 16,
  mm: 96 / 25.4,
  cm: 96 / 2.54,
  in: 96,
};

/** An href may only point inside the SVG or carry an embedded PNG or JPEG. */
const EMBEDDED_IMAGE = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/=\s]*)$/i;

/**
 * Every url(…) in a style or an attribute value must be url(#id); @import is refused outright, and so
 * is a backslash (a CSS escape could spell "url(" or "@import" in a way this scan does not see).
 */
function checkCss(value: string, isStyle: boolean) {
  if (/@import/i.test(value) || (isStyle && value.includes("\\"))) refuse(SVG_MESSAGES.external);
  for (const match of value.matchAll(/url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    if (!match[2]?.trim().startsWith("#")) refuse(SVG_MESSAGES.external);
  }
  // A url( the pattern above did not close (quotes inside, no closing parenthesis) is refused too.
  const opened = value.match(/url\s*\(/gi)?.length ?? 0;
  const closed = [...value.matchAll(/url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi)].length;
  if (opened !== closed) refuse(SVG_MESSAGES.external);
}

function checkHref(value: string, checkImage: (bytes: Buffer) => void) {
  const trimmed = value.trim();
  if (/^#[^\s]*$/.test(trimmed)) return;
  const embedded = EMBEDDED_IMAGE.exec(trimmed);
  if (!embedded) return refuse(SVG_MESSAGES.external);
  checkImage(Buffer.from(embedded[2] ?? "", "base64"));
}

/** A declared width or height in pixels, or null when absent or relative (the viewBox then decides). */
function length(value: string | undefined): number | null {
  if (value === undefined) return null;
  const match = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(px|pt|pc|mm|cm|in|%|em|ex)?\s*$/i.exec(
    value,
  );
  if (!match) return refuse(SVG_MESSAGES.size);
  const unit = (match[2] ?? "").toLowerCase();
  const factor = UNITS[unit];
  if (factor === undefined) return null;
  const pixels = Number(match[1]) * factor;
  if (!(pixels > 0 && pixels <= LOGO_LIMITS.maxSide)) refuse(SVG_MESSAGES.size);
  return pixels;
}

function checkSize(root: SvgNode) {
  const attribute = (name: string) => root.attributes.find((a) => a.name === name)?.value;
  const width = length(attribute("width"));
  const height = length(attribute("height"));
  const viewBox = attribute("viewBox");
  if (viewBox !== undefined) {
    const numbers = viewBox
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    const [, , w, h] = numbers;
    if (
      numbers.length !== 4 ||
      numbers.some((n) => !Number.isFinite(n) || Math.abs(n) > 1e6) ||
      !(w !== undefined && w > 0 && w <= LOGO_LIMITS.maxSide) ||
      !(h !== undefined && h > 0 && h <= LOGO_LIMITS.maxSide)
    ) {
      refuse(SVG_MESSAGES.size);
    }
  } else if (width === null || height === null) {
    refuse(SVG_MESSAGES.noSize);
  }
}

const references = (value: string) =>
  [...value.matchAll(/url\s*\(\s*['"]?#([^'")\s]*)/gi)].map((match) => match[1] ?? "");

/**
 * How many elements the renderer would draw, counted high: an element referring to another (a <use>
 * or any href="#id", a fill, clip-path, mask, filter… url(#id)) draws it again, so nested references
 * multiply (the "billion laughs" of SVG); a url(#id) in a <style> may apply to every element; and when
 * the logo has markers, every vertex of every shape may carry each of them. A reference that reaches
 * itself is refused as too complex.
 */
function checkComplexity(root: SvgNode) {
  const byId = new Map<string, SvgNode>();
  const markers: SvgNode[] = [];
  const styled: string[] = [];
  let vertices = 0;
  let elements = 0;
  const index = (node: SvgNode) => {
    elements++;
    const id = node.attributes.find((a) => a.name === "id")?.value;
    if (id !== undefined && !byId.has(id)) byId.set(id, node);
    if (node.local === "marker") markers.push(node);
    for (const a of node.attributes) {
      if (a.name === "d" || a.name === "points") vertices += a.value.match(/[\d.]+/g)?.length ?? 0;
    }
    for (const child of node.children) {
      if (typeof child !== "string") index(child);
      else if (node.local === "style") styled.push(...references(child));
    }
  };
  index(root);

  const limit = LOGO_LIMITS.svgElements;
  const memo = new Map<SvgNode, number>();
  const visiting = new Set<SvgNode>();
  const drawn = (node: SvgNode): number => {
    const known = memo.get(node);
    if (known !== undefined) return known;
    if (visiting.has(node)) return refuse(SVG_MESSAGES.complex);
    visiting.add(node);
    let count = 1;
    for (const a of node.attributes) {
      const targets =
        a.name === "href" || a.name === "xlink:href" ? [a.value.trim().slice(1)] : references(a.value);
      for (const id of targets) {
        const target = byId.get(id);
        if (target) count += drawn(target);
      }
    }
    for (const child of node.children) {
      if (typeof child !== "string") count += drawn(child);
      if (count > limit) refuse(SVG_MESSAGES.complex);
    }
    visiting.delete(node);
    memo.set(node, count);
    return count;
  };
  const sum = (nodes: (SvgNode | undefined)[]) =>
    nodes.reduce((total, node) => total + (node ? drawn(node) : 0), 0);
  const total = drawn(root) + vertices * sum(markers) + elements * sum(styled.map((id) => byId.get(id)));
  if (total > limit) refuse(SVG_MESSAGES.complex);
}

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text: string) =>
  escapeText(text)
    .replace(/"/g, "&quot;")
    .replace(/\t/g, "&#9;")
    .replace(/\n/g, "&#10;")
    .replace(/\r/g, "&#13;");

function write(node: SvgNode, root: boolean): string {
  const namespaces = root ? ` xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}"` : "";
  const attributes = node.attributes.map((a) => ` ${a.name}="${escapeAttribute(a.value)}"`).join("");
  const children = node.children
    .map((child) => (typeof child === "string" ? escapeText(child) : write(child, false)))
    .join("");
  return `<${node.local}${namespaces}${attributes}>${children}</${node.local}>`;
}

/**
 * Reads and checks an SVG; answers null when the content is XML but not an SVG (it is then no logo
 * type at all), throws SvgRefused with the reason when it is an SVG that cannot be used, and answers
 * the checked SVG written out again otherwise.
 */
export function checkSvg(bytes: Uint8Array, checkImage: (bytes: Buffer) => void): string | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return refuse(SVG_MESSAGES.unreadable);
  }
  const parser = new SaxesParser({ xmlns: true });
  const stack: (SvgNode | null)[] = [];
  let root: SvgNode | null = null;
  let notSvg = false;
  let elements = 0;
  parser.on("error", () => refuse(SVG_MESSAGES.unreadable));
  parser.on("doctype", () => refuse(SVG_MESSAGES.doctype));
  parser.on("xmldecl", (decl) => {
    if (decl.encoding && !/^utf-?8$/i.test(decl.encoding)) refuse(SVG_MESSAGES.unreadable);
  });
  // <?xml-stylesheet href=…?> would load an outside style sheet; no other instruction belongs in a logo.
  parser.on("processinginstruction", () => refuse(SVG_MESSAGES.external));
  parser.on("opentag", (tag: SaxesTagNS) => {
    if (stack.length === 0 && root === null && (tag.local !== "svg" || tag.uri !== SVG_NS)) {
      notSvg = true;
      throw new NotSvg();
    }
    if (stack.length >= MAX_DEPTH || ++elements > LOGO_LIMITS.svgElements) refuse(SVG_MESSAGES.complex);
    const local = tag.local.toLowerCase();
    if (local === "script") refuse(SVG_MESSAGES.script);
    if (local === "foreignobject") refuse(SVG_MESSAGES.foreignObject);
    // A filter's region and primitives can ask the renderer for gigabytes and minutes of work.
    if (tag.uri === SVG_NS && (local === "filter" || local.startsWith("fe"))) refuse(SVG_MESSAGES.filter);
    const parent = stack.at(-1);
    // Elements of other namespaces (an editor's metadata) are not drawn: they are left out, and so is
    // everything inside them; their event handlers and hrefs are refused all the same.
    const kept = tag.uri === SVG_NS && parent !== null;
    const node: SvgNode = { local: tag.local, attributes: [], children: [] };
    for (const attribute of Object.values(tag.attributes)) {
      const { local: name, uri, value } = attribute;
      if (/^on/i.test(name)) refuse(SVG_MESSAGES.eventHandler);
      if (name.toLowerCase() === "href" || (uri === XML_NS && name === "base")) checkHref(value, checkImage);
      if (!kept || attribute.prefix === "xmlns" || attribute.name === "xmlns") continue;
      if (uri === "") {
        // Only attributes without a namespace reach the renderer's styles and paints.
        checkCss(value, name === "style");
        node.attributes.push({ name, value });
      } else if (uri === XLINK_NS && name === "href") node.attributes.push({ name: "xlink:href", value });
      else if (uri === XML_NS && name === "space") node.attributes.push({ name: "xml:space", value });
    }
    if (kept) {
      if (parent) parent.children.push(node);
      else root = node;
      stack.push(node);
    } else stack.push(null);
  });
  parser.on("closetag", () => {
    stack.pop();
  });
  const addText = (content: string) => {
    const parent = stack.at(-1);
    if (!parent) return;
    if (parent.local === "style") checkCss(content, true);
    parent.children.push(content);
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof NotSvg || notSvg) return null;
    throw error;
  }
  if (!root) return null;
  checkSize(root);
  checkComplexity(root);
  return write(root, true);
}
class NotSvg extends Error {}

const require = createRequire(import.meta.url);
/** The only fonts the renderer knows: Inter, as in every PDF (lib/pdf.ts); system fonts are not loaded. */
const FONT_FILES = ["400Regular/Inter_400Regular.ttf", "700Bold/Inter_700Bold.ttf"].map((path) =>
  require.resolve(`@expo-google-fonts/inter/${path}`),
);
const RESVG = require.resolve("@resvg/resvg-js");
/** A drawing that takes longer is stopped (its process killed): the logo is refused as too complex. */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * Run in a child process of its own: it reads the checked SVG on stdin and writes the PNG on stdout.
 * resvg's work is native code that no timer in this process could interrupt; a child can be killed.
 * resvg gets no resources folder and is never handed an outside image (it is told none).
 */
const RENDERER = `
const { Resvg } = require(process.argv[1]);
const [width, height] = JSON.parse(process.argv[2]);
const font = { loadSystemFonts: false, fontFiles: JSON.parse(process.argv[3]), defaultFontFamily: "Inter",
  sansSerifFamily: "Inter", serifFamily: "Inter", monospaceFamily: "Inter", cursiveFamily: "Inter", fantasyFamily: "Inter" };
const chunks = [];
process.stdin.on("data", (chunk) => chunks.push(chunk));
process.stdin.on("end", () => {
  const svg = Buffer.concat(chunks);
  const size = new Resvg(svg, { font, logLevel: "off" });
  if (!(size.width > 0 && size.height > 0)) process.exit(3);
  const zoom = Math.min(width / size.width, height / size.height);
  const resvg = new Resvg(svg, { font, logLevel: "off", fitTo: { mode: "zoom", value: zoom } });
  if (resvg.imagesToResolve().length > 0) process.exit(4);
  process.stdout.write(resvg.render().asPng());
});
`;

/**
 * Draws a checked SVG (checkSvg's answer) to a PNG that fits LOGO_LIMITS.svgRaster, scaled up or down
 * keeping its proportions, in a child process stopped after RENDER_TIMEOUT_MS.
 */
export function rasteriseSvg(svg: string): Promise<Buffer> {
  const { width, height } = LOGO_LIMITS.svgRaster;
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["-e", RENDERER, RESVG, JSON.stringify([width, height]), JSON.stringify(FONT_FILES)],
      { stdio: ["pipe", "pipe", "ignore"], timeout: RENDER_TIMEOUT_MS, killSignal: "SIGKILL" },
    );
    const chunks: Buffer[] = [];
    let bytes = 0;
    child.stdout.on("data", (chunk: Buffer) => {
      bytes += chunk.byteLength;
      // The PNG is bounded like any logo; more is no logo (and is not kept in memory).
      if (bytes > LOGO_LIMITS.maxBytes) child.kill("SIGKILL");
      else chunks.push(chunk);
    });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (bytes > LOGO_LIMITS.maxBytes) reject(new SvgRefused(SVG_MESSAGES.tooLarge));
      else if (signal) reject(new SvgRefused(SVG_MESSAGES.slow));
      else if (code === 3) reject(new SvgRefused(SVG_MESSAGES.size));
      else if (code === 4) reject(new SvgRefused(SVG_MESSAGES.external));
      else if (code !== 0) reject(new SvgRefused(SVG_MESSAGES.unreadable));
      else resolve(Buffer.concat(chunks));
    });
    child.stdin.on("error", () => {}); // a killed child closes its input; close() answers
    child.stdin.end(svg);
  });
}
