/**
 * Where the lead pipeline reports what it does. Messages never carry a
 * visitor's message or e-mail address; tests pass a logger that records them.
 * `fields` are ids and numbers for the structured log (lead id, attempt, SMTP
 * response code), written beside the message as JSON properties.
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
