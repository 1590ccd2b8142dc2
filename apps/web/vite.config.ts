import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const api = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@": new URL("./src", import.meta.url).pathname } },
  // The dev proxy presents the API's own origin, so the server's Origin checks accept dev requests.
  server: {
    port: 5173,
    proxy: {
      "/api": { target: api, changeOrigin: true, headers: { origin: api } },
      "/dev": { target: api, changeOrigin: true },
    },
  },
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 600 },
});
