import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./scripts/precompress.ts";

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: "web",
  plugins: [react(), precompress()],
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // Every browser we serve preloads modules natively; the polyfill would only add to the entry.
    // Lazy chunks list only their CSS to preload, not their JS imports: the list of hashed file
    // names sits in the entry, where it cost every first render about 2 kB (brotli). A page's
    // shared chunks are then asked for when its own chunk has arrived.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === "js" ? deps.filter((dep) => dep.endsWith(".css")) : deps,
    },
    rolldownOptions: {
      output: {
        // docs/decisions/first-load.md: fewer, larger files compress
        // better. Everything the entry needs is one chunk; the player's home page is one chunk
        // with the parts it draws (pages that share some of them load it too).
        codeSplitting: {
          groups: [
            { name: "app", tags: ["$initial"], priority: 2 },
            { name: "member-home", test: /[\\/]pages[\\/]member[\\/]MemberHomePage\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": apiTarget,
      "/auth": apiTarget,
      "/auth2": apiTarget,
      "/download": apiTarget,
      "/socket.io": { target: apiTarget, ws: true },
    },
  },
});
