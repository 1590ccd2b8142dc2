import { relative, resolve } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const api = `http://localhost:${process.env.API_PORT ?? 3000}`;
const repoRoot = resolve(import.meta.dirname, "../..");

/**
 * Writes dist/.vite/chunks.json: each JavaScript chunk's static and dynamic imports and the modules
 * inside it (paths from the repository root). scripts/check-bundle-budget.mjs reads it to hold the
 * PEVO portal's first load to its byte budget and keep office-only code out of it.
 */
function chunkReport(): Plugin {
  const path = (id: string) => relative(repoRoot, id.split("?")[0] ?? id);
  return {
    name: "pevo-chunk-report",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks: Record<string, unknown> = {};
      for (const item of Object.values(bundle)) {
        if (item.type !== "chunk") continue;
        chunks[item.fileName] = {
          isEntry: item.isEntry,
          facadeModule: item.facadeModuleId ? path(item.facadeModuleId) : null,
          imports: item.imports,
          dynamicImports: item.dynamicImports,
          modules: item.moduleIds.map(path),
        };
      }
      this.emitFile({ type: "asset", fileName: ".vite/chunks.json", source: JSON.stringify(chunks) });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), chunkReport()],
  resolve: { alias: { "@": new URL("./src", import.meta.url).pathname } },
  // The dev proxy presents the API's own origin, so the server's Origin checks accept dev requests.
  server: {
    port: 5173,
    proxy: {
      "/api": { target: api, changeOrigin: true, headers: { origin: api } },
      "/dev": { target: api, changeOrigin: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: "app", tags: ["$initial"] }],
        },
      },
    },
  },
});
