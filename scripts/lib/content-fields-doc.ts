import prettier from "prettier";
import { z } from "zod";
import { postFrontmatterSchema } from "~/features/blog/posts.server";
import { aboutPageSchema } from "~/features/company/about-page.server";
import { figuresSchema } from "~/features/company/figures.server";
import { homePageSchema } from "~/features/company/home-page.server";
import { teamMemberSchema } from "~/features/company/team.server";
import { contactPageSchema } from "~/features/contact/contact.server";
import { eventSchema } from "~/features/events/events.server";
import { eventsPageSchema } from "~/features/events/registration-copy.server";
import { portfolioPageSchema } from "~/features/portfolio/portfolio-page.server";
import { productSchema } from "~/features/portfolio/products.server";
import { testimonialSchema } from "~/features/portfolio/testimonials.server";
import { privacyPageSchema } from "~/features/privacy/privacy-page.server";
import { serviceContentSchema } from "~/features/services/services.server";
import { metaCopy } from "~/lib/content/page-copy";

/*
 * docs/content.md's list of content fields, written from the loaders' zod schemas
 * (through zod's own JSON Schema conversion), so the list cannot drift from
 * what the loaders accept. `npm run docs:content` writes it between the
 * markers in docs/content.md; scripts/content-docs.test.ts fails when the page's
 * copy differs. A schema's `.describe()` is the words shown for a field
 * whose rule is not a plain type (a slug, a date, a reference).
 */

export const readmeMarkers = {
  start: "<!-- content-fields:start (npm run docs:content writes this list) -->",
  end: "<!-- content-fields:end -->",
} as const;

type JsonSchema = {
  type?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

const collections: { title: string; files: string; schema: z.ZodType; note?: string }[] = [
  {
    title: "Blog posts",
    files: "content/posts/<slug>.md",
    schema: postFrontmatterSchema,
    note: "The fields are the frontmatter; the Markdown body follows it.",
  },
  { title: "Events", files: "content/events/<slug>.yaml", schema: eventSchema },
  {
    title: "Products and case studies",
    files: "content/products/<slug>.yaml",
    schema: productSchema,
  },
  { title: "Services", files: "content/services/<id>.yaml", schema: serviceContentSchema([]) },
  { title: "Team", files: "content/team/<name>.yaml", schema: teamMemberSchema },
  { title: "Testimonials", files: "content/testimonials/<name>.yaml", schema: testimonialSchema },
  { title: "Figures", files: "content/figures.yaml", schema: figuresSchema },
  { title: "Home page", files: "content/pages/home.yaml", schema: homePageSchema },
  { title: "About page", files: "content/pages/about.yaml", schema: aboutPageSchema },
  { title: "Portfolio page", files: "content/pages/portfolio.yaml", schema: portfolioPageSchema },
  {
    title: "Blog page",
    files: "content/pages/blog.yaml",
    schema: z.object({ meta: metaCopy }).strict(),
  },
  { title: "Events page", files: "content/pages/events.yaml", schema: eventsPageSchema },
  { title: "Contact page", files: "content/pages/contact.yaml", schema: contactPageSchema },
  { title: "Privacy page", files: "content/pages/privacy.yaml", schema: privacyPageSchema },
];

/**
 * The rules that look beyond one field, each where the loaders enforce it.
 * A rule added to a loader is added here in the same change.
 */
export const crossFileRules: readonly string[] = [
  "A post's, event's or product's `slug`, and a service's `id`, equal its file's name (`loadCollection`'s `nameField`).",
  "A post's `author.name` is a leader of `content/team/`, and `author.role` is that leader's `role` there.",
  "A post's body has no level-1 heading (`# …`: the title is the page's one) and, once published, at least 600 words of prose (code blocks aside); a draft may have fewer.",
  "No two posts share a `title`; no two products share a `name` or an `art`; no two leaders share a `name` or an `order`; no two testimonials share an `order`.",
  "Every service of `app/config/services.ts` has its file in `content/services/`, and a service's `related` never lists itself or one service twice.",
  "Every `product` (testimonials, figures, Home's `selectedWork.products`, a service's `outcome.product`) is the slug of a file in `content/products/`.",
  "Two people of one full name (titles aside) at different organisations are refused, across the team, event speakers and testimonials; shared first names or surnames are fine.",
  "An in-person event has a `city` and a `venue`; an online one has neither `venue` nor `address`, and only it may have a `joinUrl`.",
  "An event has an `agenda`, `speakers` or both; its `end` is after its `start`, `registrationClosesAt` is not after the start, agenda times are in order and, for a one-day event, within its hours; question `id`s are unique.",
  "An event with a partner's `registrationUrl` has none of `capacity`, `registrationClosesAt` or `questions`.",
  "Each figure's `value` appears in its product's headline result or results (a unit test, `figures.test.ts`).",
  "Every image path (`coverImage.src`, a screen's `src`, `![alt](/images/…)` in a post's body) names a file in `content/images/` that sharp can read, at most 8 MB and 6,000 px, whose 390 px WebP is at most 60 KB (`imageBudget` in `app/config/budgets.ts`); a body image has alt text.",
];

function count(min: number | undefined, max: number | undefined, unit: string): string {
  const units = (n: number) => (unit === "" ? "" : ` ${unit}${n === 1 ? "" : "s"}`);
  // zod's int() puts the largest safe integer as the maximum: no limit an author meets.
  const top = max === Number.MAX_SAFE_INTEGER ? undefined : max;
  if (min !== undefined && top !== undefined)
    return min === top ? `${min}${units(min)}` : `${min}–${top}${units(top)}`;
  if (top !== undefined) return `at most ${top}${units(top)}`;
  if (min !== undefined) return unit === "" ? `${min} or more` : `at least ${min}${units(min)}`;
  return "";
}

const code = (value: unknown) => `\`${String(value)}\``;

/** What a field takes, in a few words. */
function takes(node: JsonSchema): string {
  if (node.description) return node.description;
  if (node.enum) return `one of ${node.enum.map(code).join(", ")}`;
  if (node.const !== undefined) return code(node.const);
  const variants = node.anyOf ?? node.allOf;
  if (variants) return variants.map(takes).join(" or ");
  switch (node.type) {
    case "string": {
      if (node.format === "uri") return "a web address";
      if (node.format === "date") return "a date written YYYY-MM-DD";
      const length =
        node.minLength === 1
          ? count(undefined, node.maxLength, "character")
          : count(node.minLength, node.maxLength, "character");
      const pattern = node.pattern ? `, written as ${code(node.pattern)}` : "";
      return `text${length ? `, ${length}` : ""}${pattern}`;
    }
    case "integer":
    case "number": {
      const minimum =
        node.minimum ??
        (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : undefined);
      const range = count(minimum, node.maximum, "").trim();
      return `a whole number${range ? ` (${range})` : ""}`;
    }
    case "boolean":
      return "`true` or `false`";
    case "array": {
      const items = node.items ?? {};
      const size = count(node.minItems, node.maxItems, "item");
      const each = items.type === "object" ? "each with:" : `each ${takes(items)}`;
      return `a list${size ? ` of ${size}` : ""}, ${each}`;
    }
    case "object":
      return "a group of:";
    default:
      return "any value";
  }
}

/** One bullet per field, nested under its group or list. */
function fieldLines(node: JsonSchema, indent: string): string[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {}).flatMap(([name, field]) => {
    const optional = required.has(name)
      ? ""
      : field.default !== undefined
        ? ` (optional, default ${code(JSON.stringify(field.default))})`
        : " (optional)";
    const line = `${indent}- \`${name}\`${optional}: ${takes(field)}`;
    const inner = field.type === "array" ? field.items : field;
    const nested = inner?.type === "object" ? fieldLines(inner, `${indent}  `) : [];
    return [line, ...nested];
  });
}

/** The page that holds the field list between its markers. */
export const contentFieldsPage = "docs/content.md";

/** The Markdown between the page's markers. */
export function contentFieldsMarkdown(): string {
  const sections = collections.map(({ title, files, schema, note }) => {
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
    return [
      `**${title}** (\`${files}\`)${note ? `. ${note}` : ""}`,
      "",
      ...fieldLines(json, ""),
    ].join("\n");
  });
  return [
    "Every field each file takes, from the loaders' schemas. A field not listed here is refused,",
    "so a misspelt key is caught; a field marked optional may be left out.",
    "",
    ...sections.flatMap((section) => [section, ""]),
    "**Rules across fields and files**",
    "",
    ...crossFileRules.map((rule) => `- ${rule}`),
  ].join("\n");
}

/**
 * `readme` with the text between the markers replaced by `block`, formatted
 * as `npm run lint` wants it (Prettier, the project's settings).
 */
export async function formattedReadme(readme: string, block: string): Promise<string> {
  const start = readme.indexOf(readmeMarkers.start);
  const end = readme.indexOf(readmeMarkers.end);
  if (start === -1 || end < start) {
    throw new Error(
      `${contentFieldsPage} lacks the markers ${readmeMarkers.start} … ${readmeMarkers.end}`,
    );
  }
  const text = `${readme.slice(0, start + readmeMarkers.start.length)}\n\n${block}\n\n${readme.slice(end)}`;
  const options = await prettier.resolveConfig(contentFieldsPage);
  return prettier.format(text, { ...options, filepath: contentFieldsPage });
}
