import { z } from "zod";
import { editorHints, type EditorHint } from "~/lib/content/fields";
import { labelOf, type FieldDescription, type TextPattern } from "./field-description";

/*
 * Reads a content schema's zod definition and describes its fields for the
 * editing UI: lengths, patterns, allowed values, list sizes and which fields
 * may be left out come from the schema itself, so the UI cannot drift from
 * the loaders (docs/decisions/081). Rules zod keeps as code (refinements:
 * an event's end after its start, an author who is a leader) stay the
 * loaders' to check; the dev error page shows what they find.
 */

type Check = { check?: string; format?: string; minimum?: number; maximum?: number } & {
  value?: number;
  inclusive?: boolean;
  pattern?: RegExp;
  error?: (issue?: unknown) => unknown;
};
type Definition = {
  type: string;
  checks?: { _zod: { def: Check } }[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  entries?: Record<string, string>;
  format?: string;
};

const definitionOf = (schema: z.ZodType | undefined) => {
  if (!schema) throw new UndescribedSchemaError("a zod wrapper without its inner schema");
  return schema._zod.def as unknown as Definition;
};
const checksOf = (definition: Definition) =>
  (definition.checks ?? []).map((check) => check._zod.def);

/** Text longer than a line gets a box of several lines. */
const multilineFrom = 200;

export class UndescribedSchemaError extends Error {
  override name = "UndescribedSchemaError";
}

/** The fields of an object schema (a collection's file, or its front matter). */
export function describeFields(schema: z.ZodType): Record<string, FieldDescription> {
  const described = describe(schema, "", false);
  if (described.kind !== "object") {
    throw new UndescribedSchemaError(
      `a content file's schema must be an object, got ${described.kind}`,
    );
  }
  return described.fields;
}

function describe(
  schema: z.ZodType | undefined,
  key: string,
  optional: boolean,
  inheritedHint: EditorHint = {},
): FieldDescription {
  const definition = definitionOf(schema);
  const label = labelOf(key);
  // An image's path (app/lib/images/image-fields.ts) is an upload into its folder.
  const meta = schema && z.globalRegistry.get(schema);
  if (typeof meta?.contentImage === "string") {
    const title = typeof meta.title === "string" ? meta.title : label;
    return { kind: "image", label: title, optional, folder: meta.contentImage };
  }
  // A hint (app/lib/content/fields.ts) may sit on a wrapper or the schema it wraps.
  const hint = { ...inheritedHint, ...(schema ? editorHints.get(schema) : undefined) };
  switch (definition.type) {
    case "optional":
      return describe(definition.innerType, key, true, hint);
    // A default fills what the file leaves out; the UI always writes the field.
    case "default":
    case "prefault":
      return describe(definition.innerType, key, optional, hint);
    // z.preprocess (a date YAML may hand over as a Date) checks its output;
    // a transform after a check (a service id's type) checks its input.
    case "pipe": {
      const inner =
        definitionOf(definition.in).type === "transform" ? definition.out : definition.in;
      return describe(inner, key, optional, hint);
    }
    case "object":
      if (hint.references === "team") {
        return {
          kind: "person",
          label,
          open: hint.open === true,
          // Filled in from content/team (editing-collections.server.ts).
          options: [],
          fields: Object.fromEntries(
            Object.entries(definition.shape ?? {}).map(([name, field]) => [
              name,
              describe(field, name, false),
            ]),
          ),
        };
      }
      return {
        kind: "object",
        label,
        fields: Object.fromEntries(
          // A group that may be left out is saved empty by leaving all its fields empty.
          Object.entries(definition.shape ?? {}).map(([name, field]) => [
            name,
            describe(field, name, optional),
          ]),
        ),
      };
    case "array": {
      const { min, max } = lengthOf(checksOf(definition));
      return {
        kind: "array",
        label,
        element: describe(definition.element, key, false),
        // An optional list may be empty (the loader reads an empty list as left out).
        ...(min !== undefined && !optional ? { min } : {}),
        ...(max !== undefined ? { max } : {}),
      };
    }
    case "string": {
      const checks = checksOf(definition);
      if (definition.format === "date" || checks.some(isCalendarDate)) {
        return { kind: "date", label, optional };
      }
      if (checks.some((check) => check.pattern?.source === wallClockPattern)) {
        return { kind: "datetime", label, optional };
      }
      if (checks.some((check) => check.pattern?.source === timePattern)) {
        return { kind: "time", label, optional };
      }
      const { min, max } = lengthOf(checks);
      const patterns: TextPattern[] = checks.flatMap((check) =>
        check.check === "string_format" && check.pattern
          ? [
              {
                source: check.pattern.source,
                flags: check.pattern.flags,
                message: messageOf(check) ?? `must be ${check.format}`,
              },
            ]
          : [],
      );
      return {
        kind: "text",
        label,
        optional,
        ...(min !== undefined && !optional ? { min } : {}),
        ...(max !== undefined ? { max } : {}),
        patterns,
        multiline: max !== undefined && max > multilineFrom,
      };
    }
    case "enum":
      return {
        kind: "select",
        label,
        options: Object.values(definition.entries ?? {}),
        ...(optional ? { optional } : {}),
        ...(hint.optionLabels ? { optionLabels: { ...hint.optionLabels } } : {}),
        ...(hint.unique ? { unique: true } : {}),
        ...(hint.references ? { references: hint.references } : {}),
      };
    case "boolean":
      return { kind: "checkbox", label };
    case "number": {
      const checks = checksOf(definition);
      const integer =
        definition.format?.includes("int") ||
        checks.some((check) => check.check === "number_format" && check.format?.includes("int"));
      if (!integer) throw new UndescribedSchemaError(`${key}: only whole numbers are described`);
      const bound = (name: "greater_than" | "less_than") =>
        checks.flatMap(({ check, value, inclusive }) =>
          check !== name || value === undefined
            ? []
            : [inclusive ? value : value + (name === "greater_than" ? 1 : -1)],
        )[0];
      const min = bound("greater_than");
      const max = bound("less_than");
      return {
        kind: "integer",
        label,
        optional,
        ...(min !== undefined ? { min } : {}),
        ...(max !== undefined ? { max } : {}),
      };
    }
    default:
      throw new UndescribedSchemaError(
        `${key || "(file)"}: the editing UI has no field for a zod ${definition.type}; describe it in app/features/editing/describe-schema.server.ts`,
      );
  }
}

/** An event's local date-time (events.server.ts) and an agenda item's time, as their patterns read. */
const wallClockPattern = String.raw`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$`;
const timePattern = String.raw`^(?:[01]\d|2[0-3]):[0-5]\d$`;

/** z.iso.date(), or the content's own isoDateField (a pattern, then a calendar check). */
const isCalendarDate = (check: Check) =>
  check.check === "string_format" &&
  (check.format === "date" || check.pattern?.source === String.raw`^\d{4}-\d{2}-\d{2}$`);

function lengthOf(checks: Check[]): { min?: number; max?: number } {
  const min = checks.find((check) => check.check === "min_length")?.minimum;
  const max = checks.find((check) => check.check === "max_length")?.maximum;
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

/** The schema's own message for a pattern ("must be lower-case words joined by hyphens"). */
function messageOf(check: Check): string | undefined {
  const message = check.error?.();
  return typeof message === "string" ? message : undefined;
}
