import { z } from "zod";
import { postFrontmatterSchema } from "~/features/blog/posts.server";
import { aboutPageSchema } from "~/features/company/about-page.server";
import { figuresSchema } from "~/features/company/figures.server";
import { homePageSchema } from "~/features/company/home-page.server";
import { team, teamMemberSchema } from "~/features/company/team.server";
import { contactPageSchema } from "~/features/contact/contact.server";
import { eventSchema } from "~/features/events/events.server";
import { eventsPageSchema } from "~/features/events/registration-copy.server";
import { portfolioPageSchema } from "~/features/portfolio/portfolio-page.server";
import { productSchema, products } from "~/features/portfolio/products.server";
import { testimonialSchema } from "~/features/portfolio/testimonials.server";
import { privacyPageSchema } from "~/features/privacy/privacy-page.server";
import { serviceContentSchema } from "~/features/services/services.server";
import { siteConfig } from "~/config/site";
import { metaCopy } from "~/lib/content/page-copy";
import { describeFields } from "./describe-schema.server";
import type { EditingDescription, EntryDescription, FieldDescription } from "./field-description";

/**
 * Every content file the editing UI offers, each with the zod schema its
 * loader validates it with: the one list the UI, its API and the schema
 * test (editing-collections.test.ts) read.
 */
export const editedCollections = {
  posts: {
    label: "Blog posts",
    path: "content/posts/*",
    schema: postFrontmatterSchema,
    slugField: "slug",
    markdownBody: true,
  },
  events: { label: "Events", path: "content/events/*", schema: eventSchema, slugField: "slug" },
  products: {
    label: "Products and case studies",
    path: "content/products/*",
    schema: productSchema,
    slugField: "slug",
    // What other products use of a value no two may share (their drawing).
    entries: () => products,
  },
  services: {
    label: "Services",
    path: "content/services/*",
    schema: serviceContentSchema(products.map((product) => product.slug)),
    slugField: "id",
  },
  team: { label: "Team", path: "content/team/*", schema: teamMemberSchema, slugField: "name" },
  testimonials: {
    label: "Testimonials",
    path: "content/testimonials/*",
    schema: testimonialSchema,
    slugField: "name",
  },
} satisfies Record<string, EditedFiles & { slugField: string }>;

export const editedSingletons = {
  homePage: { label: "Home page", path: "content/pages/home", schema: homePageSchema },
  aboutPage: { label: "About page", path: "content/pages/about", schema: aboutPageSchema },
  figures: { label: "Figures (About)", path: "content/figures", schema: figuresSchema },
  portfolioPage: {
    label: "Portfolio page",
    path: "content/pages/portfolio",
    schema: portfolioPageSchema,
  },
  // The blog's page file has its meta only (app/site/page-meta.server.ts reads it).
  blogPage: {
    label: "Blog page",
    path: "content/pages/blog",
    schema: z.object({ meta: metaCopy }),
  },
  eventsPage: { label: "Events page", path: "content/pages/events", schema: eventsPageSchema },
  contactPage: { label: "Contact page", path: "content/pages/contact", schema: contactPageSchema },
  privacyPage: {
    label: "Privacy notice",
    path: "content/pages/privacy",
    schema: privacyPageSchema,
  },
} satisfies Record<string, EditedFiles>;

type EditedFiles = {
  label: string;
  path: string;
  schema: z.ZodType;
  slugField?: string;
  markdownBody?: boolean;
  /** The collection as loaded, for the values its files may not share. */
  entries?: () => readonly { slug: string; name: string }[];
};

/** Who a person field offers: the team, each with every field the person has that the team knows. */
function teamOptions(fields: Record<string, FieldDescription>) {
  return team.map((member) => {
    const known: Record<string, string> = {
      name: member.name,
      role: member.role,
      organisation: siteConfig.name,
    };
    return {
      label: `${member.name}, ${member.role}`,
      value: Object.fromEntries(Object.keys(fields).map((key) => [key, known[key] ?? ""])),
    };
  });
}

/** The description with what comes from the content: pick lists and the values other files use. */
function withContent(
  field: FieldDescription,
  key: string,
  entries: EditedFiles["entries"],
): FieldDescription {
  switch (field.kind) {
    case "object":
      return {
        ...field,
        fields: Object.fromEntries(
          Object.entries(field.fields).map(([name, inner]) => [
            name,
            withContent(inner, name, undefined),
          ]),
        ),
      };
    case "array":
      return { ...field, element: withContent(field.element, key, undefined) };
    case "person":
      return { ...field, options: teamOptions(field.fields) };
    case "select": {
      const optionLabels =
        field.references === "products"
          ? Object.fromEntries(products.map((product) => [product.slug, product.name]))
          : field.optionLabels;
      const taken =
        field.unique && entries
          ? Object.fromEntries(
              entries().flatMap((entry) => {
                const value = (entry as Record<string, unknown>)[key];
                return typeof value === "string" ? [[value, entry.name]] : [];
              }),
            )
          : undefined;
      return { ...field, ...(optionLabels ? { optionLabels } : {}), ...(taken ? { taken } : {}) };
    }
    default:
      return field;
  }
}

function describeEntry({ schema, entries, ...entry }: EditedFiles): EntryDescription {
  return {
    ...entry,
    fields: Object.fromEntries(
      Object.entries(describeFields(schema)).map(([key, field]) => [
        key,
        withContent(field, key, entries),
      ]),
    ),
    // "slug" and "id" must equal the file's name, so the file's name is the value.
    ...(entry.slugField && entry.slugField !== "name" ? { slugIsValue: true } : {}),
  };
}

const describeAll = <T extends Record<string, EditedFiles>>(entries: T) =>
  Object.fromEntries(Object.entries(entries).map(([key, entry]) => [key, describeEntry(entry)]));

/** What the UI and its API build Keystatic's config from (keystatic-config.ts). */
export function editingDescription(): EditingDescription {
  return {
    collections: describeAll(editedCollections) as EditingDescription["collections"],
    singletons: describeAll(editedSingletons),
  };
}
