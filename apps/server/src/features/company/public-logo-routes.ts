import { z } from "zod";
import { LOGO_NOT_FOUND, publicLogo } from "../../domain/company";
import { createRoute, errors } from "../../http/openapi";
import { publicLinkRouter } from "../../http/public-link-routes";

/**
 * The company logo at a public address (client emails show it; DECISIONS 'Company set-up and
 * logo'): the random key is the only way in, and the answer is the image alone, never run as a page.
 */
export const publicLogoRoutes = publicLinkRouter().openapi(
  createRoute({
    method: "get",
    path: "/{key}",
    tags: ["Public logo"],
    security: [],
    summary: "A company's logo image (the key comes from its client emails)",
    request: { params: z.object({ key: z.string().max(64, { message: LOGO_NOT_FOUND }) }) },
    responses: {
      200: {
        description: "The logo (PNG or JPEG)",
        content: {
          "image/png": { schema: z.string().meta({ format: "binary" }) },
          "image/jpeg": { schema: z.string().meta({ format: "binary" }) },
        },
      },
      ...errors(404, 429),
    },
  }),
  async (c) => {
    const logo = await publicLogo(c.get("deps").db, c.req.valid("param").key);
    return c.body(new Uint8Array(logo.bytes), 200, {
      "Content-Type": logo.type,
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
  },
);
