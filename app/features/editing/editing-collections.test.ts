import { readdirSync } from "node:fs";
import path from "node:path";
import { createReader } from "@keystatic/core/reader";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { serviceIds } from "~/config/services";
import { eventKinds } from "~/features/events/event-view";
import { products } from "~/features/portfolio/products.server";
import { describeFields, UndescribedSchemaError } from "./describe-schema.server";
import {
  editedCollections,
  editedSingletons,
  editingDescription,
} from "./editing-collections.server";
import type { FieldDescription } from "./field-description";
import { keystaticConfig } from "./keystatic-config";

/*
 * The editing UI's fields are derived from the loaders' zod schemas
 * (describe-schema.server.ts, docs/decisions/081). These tests fail when the
 * two disagree: a schema the UI cannot describe, a content file the UI
 * would refuse although its loader accepts it, a content folder the UI does
 * not offer, or a rule read wrongly from a schema.
 */
const description = editingDescription();
const config = keystaticConfig(description, { kind: "local" });

const field = (fields: Record<string, FieldDescription>, ...keys: string[]) => {
  let current: FieldDescription | undefined = { kind: "object", label: "", fields };
  for (const key of keys) {
    if (current?.kind === "array") current = current.element;
    current = current?.kind === "object" ? current.fields[key] : undefined;
  }
  return current;
};

describe("the editing UI's collections", () => {
  it("offers every content folder and file", () => {
    const offered = [
      ...Object.values(editedCollections).map((entry) => entry.path),
      ...Object.values(editedSingletons).map((entry) => entry.path),
    ];
    // content/images/ holds the files the collections' image fields upload (decision 093).
    const onDisk = readdirSync("content", { withFileTypes: true }).flatMap((entry) =>
      entry.name === "images"
        ? []
        : entry.isDirectory()
          ? entry.name === "pages"
            ? readdirSync(path.join("content", "pages")).map(
                (name) => `content/pages/${name.replace(/\.yaml$/, "")}`,
              )
            : [`content/${entry.name}/*`]
          : [`content/${entry.name.replace(/\.yaml$/, "")}`],
    );
    expect(offered.sort()).toEqual(onDisk.sort());
  });

  it("reads every content file the loaders accept, through Keystatic's own reader", async () => {
    const reader = createReader(process.cwd(), config);
    for (const [key, collection] of Object.entries(reader.collections)) {
      const slugs = await collection.list();
      expect(slugs.length, key).toBeGreaterThan(0);
      for (const slug of slugs) {
        // Keystatic validates each field as its UI would before a save.
        await expect(collection.read(slug), `${key}/${slug}`).resolves.toBeTruthy();
      }
    }
    for (const [key, singleton] of Object.entries(reader.singletons)) {
      await expect(singleton.read(), key).resolves.toBeTruthy();
    }
  });

  it("takes each field's rules from its schema", () => {
    const { posts, events, services, team } = description.collections;
    expect(field(posts!.fields, "title")).toMatchObject({
      kind: "text",
      optional: false,
      max: 110,
    });
    expect(field(posts!.fields, "excerpt")).toMatchObject({ min: 50, max: 160 });
    expect(field(posts!.fields, "services")).toMatchObject({
      kind: "array",
      max: 4,
      element: { kind: "select", options: serviceIds },
    });
    expect(field(events!.fields, "kind")).toMatchObject({ options: Object.keys(eventKinds) });
    expect(field(events!.fields, "capacity")).toEqual({
      kind: "integer",
      label: "Capacity",
      optional: true,
      min: 1,
      max: 10_000,
    });
    // An optional list may be left empty (min 1 applies once there is one).
    expect(field(events!.fields, "questions")).toMatchObject({ kind: "array", max: 4 });
    expect(field(events!.fields, "questions")).not.toHaveProperty("min");
    expect(field(events!.fields, "questions", "id")).toMatchObject({
      patterns: [{ message: "must be lower-case words joined by hyphens" }],
      max: 30,
    });
    expect(field(events!.fields, "venue")).toMatchObject({ optional: true });
    expect(field(events!.fields, "venue")).not.toHaveProperty("min");
    expect(field(services!.fields, "outcome", "product")).toMatchObject({
      options: products.map((product) => product.slug),
    });
    expect(field(team!.fields, "order")).toMatchObject({ kind: "integer", min: 1 });
    expect(field(team!.fields, "portrait", "glasses")).toMatchObject({ kind: "checkbox" });
  });

  it("fails on a schema it cannot describe, naming the field and where to add it", () => {
    expect(() => describeFields(z.object({ when: z.union([z.string(), z.number()]) }))).toThrow(
      UndescribedSchemaError,
    );
    expect(() => describeFields(z.object({ when: z.union([z.string(), z.number()]) }))).toThrow(
      /when: the editing UI has no field for a zod union; describe it in app\/features\/editing\/describe-schema.server.ts/,
    );
  });

  it("offers an image upload into content/images/ with its alt text beside it (decision 093)", () => {
    const { posts, events, products: productEntries } = description.collections;
    expect(field(posts!.fields, "coverImage", "src")).toEqual({
      kind: "image",
      label: "Image",
      optional: true,
      folder: "posts",
    });
    expect(field(posts!.fields, "coverImage", "alt")).toMatchObject({ kind: "text", max: 200 });
    expect(field(events!.fields, "coverImage", "src")).toMatchObject({ folder: "events" });
    expect(field(productEntries!.fields, "screens", "src")).toMatchObject({
      kind: "image",
      optional: false,
      folder: "products",
    });
    expect(field(productEntries!.fields, "screens", "caption")).toMatchObject({ optional: true });
    const cover = (
      config.collections?.posts?.schema as Record<string, { fields?: Record<string, unknown> }>
    ).coverImage?.fields?.src;
    expect(cover).toMatchObject({ formKind: "asset", directory: "content/images/posts" });
  });
});
