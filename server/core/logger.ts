/**
 * Where the lead pipeline reports what it does; tests pass one that records.
 * Messages never carry a visitor's text or e-mail address. `fields` are ids
 * and numbers (lead id, attempt, SMTP reply code) written beside the message.
 */
export type LogFields = Readonly<Record<string, string | number | undefined>>;

export type Logger = {
  info: (message: string, fields?: LogFields) => void;
  warn: (message: string, fields?: LogFields) => void;
  error: (message: string, fields?: LogFields) => void;
};

/** The current time; tests pass a clock they move by hand. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
