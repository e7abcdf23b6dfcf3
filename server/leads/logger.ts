/**
 * Where the lead pipeline reports what it does. Messages never carry a
 * visitor's message or e-mail address; tests pass a logger that records them.
 */
export type Logger = {
  info: (message: string) => void;
  warn: (message: string) => void;
  error: (message: string) => void;
};

/** The current time; tests pass a clock they move by hand. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
