import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: {
    // The year the HTML was rendered in, for the footer's copyright line; see
    // app/lib/use-current-year.ts.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
});
