import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AppLoading } from "./app-loading";

const html = readFileSync(new URL("../../index.html", import.meta.url), "utf8");

describe("the loading screen", () => {
  it("is drawn by index.html exactly as React draws it, so nothing moves when React takes over", () => {
    const root = /<div id="root">(.*)<\/div>\s*<script type="module"/s.exec(html)?.[1];
    expect(root).toBe(renderToStaticMarkup(createElement(AppLoading)));
  });
});
