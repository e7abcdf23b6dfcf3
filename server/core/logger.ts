/**
 * Where the lead pipeline reports what it does; tests pass one that records.
 * Messages never carry a visitor's text or e-mail address. `fields` are ids
 * and numbers (lead id, attempt, SMTP reply code) written beside the message.
 */
export type LogFields = Readonly<Record<string, string | number | undefined>>;

type LogMethod = (message: string, fields?: LogFields) => void;
export type Logger = { info: LogMethod; warn: LogMethod; error: LogMethod };

/** The current time; tests pass a clock they move by hand. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** A URL for a log line: its password, if it has one, shown as `***`. */
export function withoutPassword(address: string): string {
  const url = new URL(address);
  if (url.password) url.password = "***";
  return url.toString();
}
