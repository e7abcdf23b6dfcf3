import { createServerLog } from "../../server/core/log";
/** A clock the test moves by hand, so time-based rules are tested without waiting. */
export function manualClock(start = new Date("2026-11-23T09:00:00.000Z")) {
  let current = start.getTime();
  const now = () => new Date(current);
  return Object.assign(now, {
    advance(ms: number) {
      current += ms;
    },
  });
}

export type ManualClock = ReturnType<typeof manualClock>;

/** A logger that keeps every line, so tests can read what the server reported. */
export function recordingLogger() {
  const lines: string[] = [];
  return {
    lines,
    info: (message: string) => void lines.push(message),
    warn: (message: string) => void lines.push(message),
    error: (message: string) => void lines.push(message),
  };
}

/**
 * The server's real structured log (server/core/log.ts), writing its JSON lines
 * into `lines` instead of stdout, for tests that read what was logged.
 */
export function recordingServerLog() {
  const lines: string[] = [];
  const log = createServerLog({ destination: { write: (line: string) => void lines.push(line) } });
  return { log, lines };
}
