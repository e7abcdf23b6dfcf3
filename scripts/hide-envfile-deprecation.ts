/**
 * React Router 7.18 starts Vite servers of its own (one reads
 * react-router.config.ts, another compiles route modules) with
 * `envFile: false`, which Vite 8.1 deprecated in favour of `envDir: false`:
 * every `react-router` command and every dev start printed "The `envFile`
 * option is deprecated…" three to eight times. React Router 8 passes `envDir`
 * (remix-run/react-router#15230); 7.x does not, and the first of those servers
 * builds its own logger, so no setting of ours reaches it. Until the upgrade,
 * the processes that run React Router (scripts/react-router.ts, server/dev.ts)
 * drop exactly that line and nothing else. See docs/decisions/008.
 */
const deprecation = "The `envFile` option is deprecated, please use `envDir: false` instead.";

export function hideEnvFileDeprecation(): void {
  const warn = console.warn.bind(console);
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes(deprecation)) return;
    warn(...args);
  };
}
