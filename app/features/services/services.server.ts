import { z } from "zod";
import type { ServiceSummary } from "~/features/services/service-view";
import { findService, services, type ServiceId } from "~/config/services";
import {
  ContentError,
  refuseFile,
  type RawFiles,
  type YamlEntry,
  loadCollection,
} from "~/lib/content/collection";
import { durationField, editorHints, lineField, serviceIdField } from "~/lib/content/fields";
import { contentIconNames } from "~/components/ui/content-icon-names";
import { clientLine, products } from "~/features/portfolio/products.server";
import { contentFiles, refusedSlugs, throwIfRefused } from "~/lib/content/content-files.server";

/**
 * The copy of the eleven service pages (content/services/<id>.yaml). The label
 * of each service stays in app/config/services.ts; a file holds everything
 * else the page shows. Every service id needs exactly one file, and the
 * products and services a file refers to must exist.
 */

/** The enum has checked the value, so it is one of the config's ids. */
const serviceId = serviceIdField.transform((id) => id as ServiceId);

const paragraphField = z.string().trim().min(80).max(700);

/** Builds the schema against the products that exist, so a wrong slug names its field. */
export function serviceContentSchema(productSlugs: readonly string[]) {
  return z
    .object({
      id: serviceId,
      /**
       * The service's name in running text (the h1, cards, chips, calls to
       * action). The menus keep the spec's label from app/config/services.ts.
       */
      name: lineField(40),
      /** The hero's one-line promise. */
      promise: lineField(140),
      /** The service's card (service grids on Home and related services). */
      summary: lineField(150),
      /** The page's meta description. */
      metaDescription: z.string().trim().min(50).max(160),
      overview: z
        .object({
          title: lineField(80),
          paragraphs: z.array(paragraphField).min(2).max(3),
        })
        .strict(),
      offerings: z
        .array(
          z
            .object({
              title: lineField(60),
              description: lineField(260),
              icon: z.enum(contentIconNames, {
                error: (issue) =>
                  `must be one of the allowed icons (app/components/ui/content-icon-names.ts), got ${String(issue.input)}`,
              }),
            })
            .strict(),
        )
        .min(4)
        .max(6),
      process: z
        .array(
          z
            .object({
              title: lineField(50),
              /** How long the step usually takes, e.g. "2–3 weeks". */
              duration: durationField,
              description: lineField(260),
            })
            .strict(),
        )
        .min(4)
        .max(5),
      technologies: z
        .array(
          z
            .object({
              group: lineField(40),
              items: z.array(lineField(40)).min(2).max(8),
            })
            .strict(),
        )
        .min(2)
        .max(5),
      /** A short case example: what this service did on one product of the portfolio. */
      outcome: z
        .object({
          // An enum, not a refined string, so the editing UI offers the products (decision 081).
          product: z
            .enum(productSlugs as [string, ...string[]], {
              error: (issue) =>
                `must be the slug of a product in content/products (${productSlugs.join(", ")}), got ${String(issue.input)}`,
            })
            .describe("the slug of a product in `content/products/`")
            .register(editorHints, { references: "products" }),
          title: lineField(80),
          summary: lineField(500),
          // The figure the page's hero leads with, when the product's own
          // headline is about something else (a speed figure on Cybersecurity).
          headline: z
            .object({ value: lineField(12), label: lineField(80) })
            .strict()
            .optional(),
        })
        .strict(),
      faqs: z
        .array(
          z
            .object({
              question: lineField(120),
              answer: z.string().trim().min(150).max(900),
            })
            .strict(),
        )
        .min(4)
        .max(5),
      /** Other services to read next; never the page's own. */
      related: z.array(serviceId).min(2).max(3),
    })
    .strict()
    .superRefine((content, context) => {
      content.related.forEach((id, index) => {
        if (id === content.id) {
          context.addIssue({
            code: "custom",
            path: ["related", index],
            message: "must not be the service itself",
          });
        } else if (content.related.indexOf(id) !== index) {
          context.addIssue({
            code: "custom",
            path: ["related", index],
            message: `lists ${id} twice`,
          });
        }
      });
    });
}

export type ServiceContent = z.output<ReturnType<typeof serviceContentSchema>>;

/**
 * Validates the service files: each against the schema, then the collection as
 * a whole (one file per service id, named after it). Sorted in the config's
 * order, which is the header's.
 */
export function loadServiceContents(
  files: RawFiles,
  productSlugs: readonly string[],
): YamlEntry<ServiceContent>[] {
  // One file per service, named after its id.
  const entries = loadCollection({
    files,
    schema: serviceContentSchema(productSlugs),
    nameField: "id",
  });
  const missing = services.filter((service) => !entries.some((entry) => entry.id === service.id));
  for (const service of missing) {
    const file = `content/services/${service.id}.yaml`;
    // A file refused already has its report; only a file that is not there is another mistake.
    if (!(`/${file}` in files))
      refuseFile(
        new ContentError(
          file,
          "the file is missing: every service in app/config/services.ts needs one.",
        ),
      );
  }
  const order = services.map((service) => service.id as string);
  return entries.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
}

const files = contentFiles("content/services");

export const serviceContents: readonly YamlEntry<ServiceContent>[] = loadServiceContents(files, [
  ...products.map((product) => product.slug),
  ...refusedSlugs("content/products"),
]);

function summaryOf(content: ServiceContent): ServiceSummary {
  return { id: content.id, name: content.name, summary: content.summary };
}

/** A service's id and its name for running text, e.g. a product's chips. */
export function serviceRef(id: string): { id: ServiceId; name: string } {
  const content = serviceContents.find((entry) => entry.id === id);
  if (content) return { id: content.id, name: content.name };
  // While authoring, a service whose file has a mistake keeps its menu label elsewhere.
  const service = findService(id);
  if (!service) throw new ContentError("content/services", `no service with id ${id}.`);
  return { id: service.id, name: service.label };
}

/** The eleven services for a grid of cards, in the header's order. */
export function serviceSummaries(): ServiceSummary[] {
  return serviceContents.map(summaryOf);
}

/**
 * The eleven services, each with its one-line promise in place of its summary:
 * the not-found page's overview, where /services and unknown ids land (issue 30).
 */
export function serviceOverview(): ServiceSummary[] {
  return serviceContents.map((content) => ({
    id: content.id,
    name: content.name,
    summary: content.promise,
  }));
}

/** Everything a service page shows, or undefined for an id that is not a service. */
export function servicePage(id: string) {
  const content = serviceContents.find((entry) => entry.id === id);
  if (!content) throwIfRefused(`content/services/${id}.yaml`);
  if (!content) return undefined;
  const product = products.find((entry) => entry.slug === content.outcome.product);
  if (!product) throwIfRefused(`content/products/${content.outcome.product}.yaml`);
  // The schema has checked the slug; this keeps the type honest.
  if (!product)
    throw new ContentError(content.sourcePath, `no product ${content.outcome.product}.`);
  return {
    id: content.id,
    name: content.name,
    promise: content.promise,
    summary: content.summary,
    metaDescription: content.metaDescription,
    overview: content.overview,
    offerings: content.offerings,
    process: content.process,
    technologies: content.technologies,
    outcome: content.outcome,
    faqs: content.faqs,
    outcomeProduct: {
      slug: product.slug,
      name: product.name,
      industry: product.industry,
      client: clientLine(product),
      headlineResult: content.outcome.headline ?? product.headlineResult,
      results: product.results,
    },
    related: content.related.map((relatedId) => {
      const entry = serviceContents.find((candidate) => candidate.id === relatedId);
      return entry ? summaryOf(entry) : { ...serviceRef(relatedId), summary: "" };
    }),
  };
}
