import { collection, config, fields, singleton, type Config } from "@keystatic/core";
import { siteConfig } from "~/config/site";
import { choiceField, dateField, dateTimeField, personField, timeField } from "./pick-fields";
import {
  labelOf,
  type EditingDescription,
  type EditingStorage,
  type EntryDescription,
  type FieldDescription,
} from "./field-description";

/*
 * Keystatic's config, built from the fields the server derived from the zod
 * schemas (describe-schema.server.ts): the UI (in the browser) and its API
 * route (on the server) build the same one.
 */

type Field = ReturnType<typeof keystaticField>;

/**
 * Images go into content/images/<folder>/<entry>/ and are written as
 * /images/<folder>/<entry>/<file>, which the loaders resolve and the build
 * turns into responsive variants (docs/decisions/093).
 */
const imageStorage = (folder: string) => ({
  directory: `content/images/${folder}`,
  publicPath: `/images/${folder}/`,
});
const postImages = imageStorage("posts");

function textValidation(field: Extract<FieldDescription, { kind: "text" }>) {
  // Keystatic checks one pattern, even on an empty field: a schema's few become
  // lookaheads, and a field that may be left out also matches nothing.
  const [only, ...more] = field.patterns;
  const joined =
    only && more.length === 0
      ? only.source
      : field.patterns.map((pattern) => `(?=[^]*?${pattern.source})`).join("");
  const pattern = only
    ? {
        regex: new RegExp(field.optional ? `^$|${joined}` : joined, only.flags),
        message: field.patterns.map((p) => p.message).join("; "),
      }
    : undefined;
  return {
    isRequired: !field.optional,
    length: { min: field.min, max: field.max },
    ...(pattern ? { pattern } : {}),
  };
}

function keystaticField(field: FieldDescription): object {
  switch (field.kind) {
    case "text":
      return fields.text({
        label: field.label,
        multiline: field.multiline,
        validation: textValidation(field),
      });
    case "date":
      return dateField(field);
    case "datetime":
      return dateTimeField(field);
    case "time":
      return timeField(field);
    case "select":
      return choiceField(field);
    case "person":
      return personField(field);
    case "checkbox":
      return fields.checkbox({ label: field.label });
    case "integer":
      return fields.integer({
        label: field.label,
        validation: { isRequired: !field.optional, min: field.min, max: field.max },
      });
    case "object":
      return fields.object(keystaticFields(field.fields) as never, { label: field.label });
    case "image":
      return fields.image({
        label: field.label,
        ...imageStorage(field.folder),
        validation: { isRequired: !field.optional },
      });
    case "array":
      return fields.array(keystaticField(field.element) as never, {
        label: field.label,
        itemLabel: (props: PreviewProps) => itemLabelOf(field.element, props),
        validation: { length: { min: field.min, max: field.max } },
      });
  }
}

/** What Keystatic hands a list's itemLabel: a field's value, or a group's fields. */
type PreviewProps = { value?: unknown; fields?: Record<string, PreviewProps> };

/**
 * A list item's label, from its content: its first two texts ("09:30 ·
 * Welcome", "Engineers · 5"), a person's name, a choice's label.
 */
function itemLabelOf(field: FieldDescription, props: PreviewProps): string {
  const texts = (described: FieldDescription, preview: PreviewProps): string[] => {
    if (described.kind === "object") {
      return Object.entries(described.fields).flatMap(([key, inner]) =>
        texts(inner, preview.fields?.[key] ?? {}),
      );
    }
    const { value } = preview;
    if (described.kind === "person" && value && typeof value === "object") {
      return [String((value as Record<string, unknown>).name ?? "")].filter(Boolean);
    }
    if (described.kind === "select" && typeof value === "string" && value) {
      return [described.optionLabels?.[value] ?? value];
    }
    if (typeof value === "string" || typeof value === "number")
      return [String(value)].filter(Boolean);
    return [];
  };
  const label = texts(field, props).slice(0, 2).join(" · ");
  return label || `New ${field.label.toLowerCase()}`;
}

function keystaticFields(described: Record<string, FieldDescription>): Record<string, Field> {
  return Object.fromEntries(
    Object.entries(described).map(([key, field]) => [key, keystaticField(field) as Field]),
  );
}

/**
 * A collection's slug field: the file's name. "slug" and "id" are written in
 * the file too and must equal its name, so the name is taken as it is typed
 * and held to the field's own rules; a person's name gives its file a slug.
 */
function slugField(entry: EntryDescription, key: string) {
  const field = entry.fields[key];
  const label = field?.label ?? labelOf(key);
  if (!entry.slugIsValue) return fields.slug({ name: { label } });
  const validation =
    field?.kind === "text"
      ? textValidation(field)
      : field?.kind === "select"
        ? {
            isRequired: true,
            pattern: {
              regex: new RegExp(`^(?:${field.options.join("|")})$`),
              message: `must be one of ${field.options.join(", ")}`,
            },
          }
        : undefined;
  return fields.slug({
    name: { label, ...(validation ? { validation } : {}) },
    slug: { label: "File name", generate: (name) => name },
  });
}

function entryOf(entry: EntryDescription) {
  const schema = keystaticFields(entry.fields);
  if (entry.slugField) schema[entry.slugField] = slugField(entry, entry.slugField) as Field;
  if (entry.markdownBody) {
    schema.body = fields.mdx({
      label: "Body",
      extension: "md",
      options: { image: postImages },
    }) as unknown as Field;
  }
  return {
    label: entry.label,
    path: entry.path as `${string}/*`,
    schema,
    format: entry.markdownBody ? { contentField: "body" } : { data: "yaml" as const },
    ...(entry.markdownBody ? { entryLayout: "content" as const } : {}),
  };
}

/** The fields a collection's list shows beside the file's name: its title or name (the search patch reads them too). */
function columnsOf(entry: EntryDescription): string[] {
  return ["title", "name", "date", "start"]
    .filter((key) => key in entry.fields && key !== entry.slugField)
    .slice(0, 2);
}

/** Keystatic's config for these collections and singletons, saving to `storage`. */
export function keystaticConfig(description: EditingDescription, storage: EditingStorage): Config {
  return config({
    storage:
      storage.kind === "github"
        ? { kind: "github", repo: { owner: storage.owner, name: storage.name } }
        : { kind: "local" },
    ui: { brand: { name: siteConfig.name } },
    collections: Object.fromEntries(
      Object.entries(description.collections).map(([key, entry]) => [
        key,
        collection({
          ...entryOf(entry),
          slugField: entry.slugField,
          columns: columnsOf(entry),
        } as never),
      ]),
    ),
    singletons: Object.fromEntries(
      Object.entries(description.singletons).map(([key, entry]) => [
        key,
        singleton(entryOf(entry) as never),
      ]),
    ),
  }) as Config;
}
