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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The small modules nearly every page uses, in one chunk instead of a dozen: each chunk costs its
            // own request and import boilerplate on a slow mobile connection. (What they import, React
            // Router's runtime included, comes along: rolldown groups dependencies recursively.)
            {
              name: "shell",
              test: /app[\\/](lib[\\/](route-meta|use-site|contact-links|format|toast)|components[\\/](icons|prose|faq-list|whatsapp-icon|contact-actions|breadcrumbs|hydrate-when-visible|prerendered))\./,
            },
          ],
        },
      },
    },
  },
});
