import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    // Small inline assets save a request on slow mobile networks.
    assetsInlineLimit: 2048,
    // Lazy chunks (search index, toasts) are small and rare: plain import() is enough, and it saves the
    // preload helper that Vite would otherwise add to the page.
    modulePreload: false,
  },
});
