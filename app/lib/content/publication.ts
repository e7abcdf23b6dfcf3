import { wallClockToInstant } from "~/lib/zoned-time";

/*
 * Which entries a build shows (docs/decisions/096). A draft, or an entry whose
 * `publishAt` is later than the instant the build is made for, is left out of
 * a production build as if it were not there; `npm run dev` and a preview
 * build (VITE_CONTENT_PREVIEW=1, deploy/publish's branch previews) show them
 * all. The instant is fixed once per build (VITE_CONTENT_AS_OF, set by
 * vite.config.ts or deploy/publish), so prerendered pages and the server's own
 * pages agree however long after the build the server starts. Under Vite the
 * values are compiled into the bundle; outside it (scripts, the page list
 * through tsx) they are read from the environment.
 */
const viteEnv = import.meta.env as Record<string, unknown> | undefined;
const setting = (name: string): string | undefined => {
  const value = viteEnv ? viteEnv[name] : globalThis.process?.env[name];
  return typeof value === "string" && value !== "" ? value : undefined;
};

/** Dev and preview builds show drafts and scheduled entries. */
export const showsUnpublished: boolean =
  viteEnv?.DEV === true || setting("VITE_CONTENT_PREVIEW") === "1";

/** The instant this build shows the content as of: a `publishAt` after it waits for a later build. */
export const contentAsOf: Date = new Date(setting("VITE_CONTENT_AS_OF") ?? Date.now());

/** Where an author's `publishAt` without an offset is read: the company's first office (London). */
export const publishTimeZone = "Europe/London";

/** The instant a `publishAt` names: with its offset, or in publishTimeZone. */
export function publishInstant(publishAt: string): Date {
  const zoned = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(Z|[+-]\d{2}:\d{2})?$/.exec(publishAt);
  if (!zoned) throw new RangeError(`"${publishAt}" is not written YYYY-MM-DDTHH:mm`);
  const [, wallClock = "", offset] = zoned;
  return offset
    ? new Date(`${wallClock}:00${offset}`)
    : wallClockToInstant(wallClock, publishTimeZone);
}

/**
 * Entries left out of this build because their time has not come, by file,
 * with that time: `npm run check:content -- --json` lists them, and
 * deploy/publish rebuilds when the earliest has passed.
 */
export const waitingEntries = new Map<string, Date>();

/** Whether an entry is on the site as of `asOf`; one that is not yet due is noted in waitingEntries. */
export function isPublished(
  entry: { draft?: boolean; publishAt?: string; sourcePath: string },
  asOf: Date = contentAsOf,
): boolean {
  if (entry.draft) return false;
  if (!entry.publishAt) return true;
  const at = publishInstant(entry.publishAt);
  if (at <= asOf) return true;
  waitingEntries.set(entry.sourcePath, at);
  return false;
}
