/*
 * What the editing UI knows of a content file's fields: a plain, JSON-safe
 * description derived from the collection's zod schema on the server
 * (describe-schema.server.ts) and turned into Keystatic fields in the browser
 * and the API route (keystatic-config.ts). The zod schemas stay the one source
 * (docs/decisions/081); nothing here is written by hand per collection.
 */

export type TextPattern = { source: string; flags: string; message?: string };

export type FieldDescription =
  | {
      kind: "text";
      label: string;
      optional: boolean;
      min?: number;
      max?: number;
      patterns: TextPattern[];
      multiline: boolean;
    }
  /** A calendar date, YYYY-MM-DD (YAML reads one unquoted as a date, so a text field would not do). */
  | { kind: "date"; label: string; optional: boolean }
  /** A local date and time, YYYY-MM-DDTHH:mm (an event's start). */
  | { kind: "datetime"; label: string; optional: boolean }
  /** A local time, HH:mm (an agenda item's). */
  | { kind: "time"; label: string; optional: boolean }
  | {
      kind: "select";
      label: string;
      options: string[];
      /** What each value reads as in the list; the value itself without one. */
      optionLabels?: Record<string, string>;
      /** The field may be left out: the list offers "None" first. */
      optional?: boolean;
      /** No two files may share a value (filled in from the collection, see `taken`). */
      unique?: boolean;
      /** Values other files use, with the name of the file's entry (disabled in the list). */
      taken?: Record<string, string>;
      references?: "team" | "products";
    }
  /**
   * A person named by several fields (name, role, organisation), picked from
   * content/team; with `open`, someone else may be typed in.
   */
  | {
      kind: "person";
      label: string;
      fields: Record<string, FieldDescription>;
      open: boolean;
      options: { label: string; value: Record<string, string> }[];
    }
  | { kind: "checkbox"; label: string }
  | { kind: "integer"; label: string; optional: boolean; min?: number; max?: number }
  | { kind: "array"; label: string; element: FieldDescription; min?: number; max?: number }
  | { kind: "object"; label: string; fields: Record<string, FieldDescription> }
  /** An image uploaded into content/images/<folder>/ (docs/decisions/093). */
  | { kind: "image"; label: string; optional: boolean; folder: string };

/**
 * A folder of files (posts, events, ...) or one file (a page's copy). A
 * collection's file is named after `slugField`: "slug" and "id" must equal
 * the file's name (the loaders check it), "name" gives it (team, testimonials).
 */
export type EntryDescription = {
  label: string;
  /** Without the extension: "content/posts/*", "content/pages/home". */
  path: string;
  fields: Record<string, FieldDescription>;
  /** Markdown files: the fields are the front matter and the body follows. */
  markdownBody?: boolean;
  slugField?: string;
  /** The slug must be written as the field's value (it equals the file name). */
  slugIsValue?: boolean;
};

export type EditingDescription = {
  collections: Record<string, EntryDescription & { slugField: string }>;
  singletons: Record<string, EntryDescription>;
};

/** Where saves go: the working tree (`npm run dev`) or a GitHub repository (production). */
export type EditingStorage = { kind: "local" } | { kind: "github"; owner: string; name: string };

/** "registrationClosesAt" reads "Registration closes at"; "metaDescription", "Meta description". */
export function labelOf(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
