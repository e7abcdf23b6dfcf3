/** Set by vite.config.ts at build time. */
declare const __BUILD_YEAR__: number;
/** SITE_URL at build time (vite.config.ts); undefined outside Vite. */
declare const __SITE_URL__: string | undefined;
