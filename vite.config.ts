import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: {
    // The year the HTML was rendered in, for the footer's copyright line; see
    // app/lib/use-current-year.ts.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
    // The public origin for canonical URLs, social cards, sitemap and feeds;
    // see app/config/site-url.ts.
    __SITE_URL__: JSON.stringify(process.env.SITE_URL ?? ""),
  },
});
