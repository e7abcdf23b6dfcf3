import type { Element, ElementContent, Root, RootContent } from "hast";
import rehypeAutolinkHeadings from "rehype-autolink-headings";
import rehypeExternalLinks from "rehype-external-links";
import rehypeHighlight from "rehype-highlight";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { pictureFor } from "~/lib/images/content-images.server";

/**
 * Markdown to HTML for articles, run once per post when the content loads
 * (never per request). Raw HTML in the Markdown is dropped by remark-rehype,
 * so a post cannot inject markup or scripts. Styles: app/styles/article.css.
 */

/** A section heading of the article, for its "On this page" list. */
export type OutlineItem = { id: string; text: string; depth: 2 | 3 };

export type RenderedMarkdown = { html: string; outline: OutlineItem[] };

const languageNames: Readonly<Record<string, string>> = {
  bash: "Shell",
  css: "CSS",
  html: "HTML",
  js: "JavaScript",
  javascript: "JavaScript",
  json: "JSON",
  kotlin: "Kotlin",
  python: "Python",
  rust: "Rust",
  sh: "Shell",
  sql: "SQL",
  swift: "Swift",
  ts: "TypeScript",
  tsx: "TypeScript",
  typescript: "TypeScript",
  yaml: "YAML",
};

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rejectPageHeadings)
  .use(rangesInHeadingIds)
  .use(rehypeSlug)
  .use(collectOutline)
  .use(rehypeAutolinkHeadings, {
    // The link follows the heading (inside a wrapper), so the heading's
    // accessible name stays its own text; the link is named for screen readers.
    behavior: "after",
    test: ["h2", "h3", "h4"],
    group: (heading) =>
      element("div", { className: ["heading-group", `heading-group-${heading.tagName}`] }, []),
    properties: { className: ["heading-anchor"] },
    content: (heading) => [
      element("span", { ariaHidden: "true" }, ["#"]),
      element("span", { className: ["sr-only"] }, [`Link to section: ${textOf(heading)}`]),
    ],
  })
  .use(rehypeHighlight)
  .use(rehypeExternalLinks, { rel: ["noopener", "noreferrer"] })
  .use(frameCodeBlocks)
  .use(wrapTables)
  .use(responsiveImages)
  .use(rehypeStringify);

/**
 * Renders a post's Markdown body. Throws when the body breaks the page's
 * heading outline (the page's title is its only h1).
 */
export function renderMarkdown(markdown: string): RenderedMarkdown {
  const file = processor.processSync(markdown);
  return { html: String(file), outline: (file.data as OutlineData).outline ?? [] };
}

type OutlineData = { outline?: OutlineItem[] };

/** Records the h2 and h3 headings with the ids rehype-slug gave them. */
function collectOutline() {
  return (tree: Root, file: { data: unknown }) => {
    const outline: OutlineItem[] = [];
    walk(tree, (node) => {
      if (node.tagName !== "h2" && node.tagName !== "h3") return;
      const id = node.properties.id;
      if (typeof id === "string") {
        outline.push({ id, text: textOf(node), depth: node.tagName === "h2" ? 2 : 3 });
      }
    });
    (file.data as OutlineData).outline = outline;
  };
}

/**
 * A heading with a range ("Weeks 2–3", docs/design/identity.md) gets the id
 * "weeks-2-3-…": rehype-slug would drop the en dash and write "weeks-23-…",
 * which reads as week 23. It leaves headings that already have an id alone.
 */
function rangesInHeadingIds() {
  return (tree: Root) => {
    walk(tree, (node) => {
      const text = textOf(node);
      if (!/^h[2-6]$/.test(node.tagName) || !/\d–\d/.test(text)) return;
      node.properties.id = text
        .toLowerCase()
        .replaceAll(/(\d)–(\d)/g, "$1-$2")
        .replaceAll(/[^\p{L}\p{N} -]/gu, "")
        .replaceAll(" ", "-");
    });
  };
}

/** The page's title is the one h1, so an article starts its sections at h2. */
function rejectPageHeadings() {
  return (tree: Root) => {
    walk(tree, (node) => {
      if (node.tagName === "h1") {
        throw new Error(
          `"# ${textOf(node)}" is a level-1 heading; start the article's sections at "##".`,
        );
      }
    });
  };
}

/**
 * Puts each code block in a figure captioned with its language's name, and
 * makes the block focusable so keyboard users can scroll a long line.
 */
function frameCodeBlocks() {
  return (tree: Root) => {
    replaceChildren(tree, (node) => {
      if (node.tagName !== "pre") return node;
      const code = node.children.find(
        (child): child is Element => child.type === "element" && child.tagName === "code",
      );
      const classes = code?.properties.className;
      const language = Array.isArray(classes)
        ? classes.map(String).find((name) => name.startsWith("language-"))
        : undefined;
      node.properties.tabIndex = 0;
      return element("figure", { className: ["code-block"] }, [
        element("figcaption", { className: ["code-block-label"] }, [
          language ? languageLabel(language.slice("language-".length)) : "Code",
        ]),
        node,
      ]);
    });
  };
}

/**
 * Lets a wide table scroll inside the column instead of widening the page; the
 * scroller is focusable (for the keyboard) and named after the table's columns.
 */
function wrapTables() {
  return (tree: Root) => {
    replaceChildren(tree, (node) => {
      if (node.tagName !== "table") return node;
      const columns: string[] = [];
      walk(node, (cell) => {
        if (cell.tagName === "th") columns.push(textOf(cell));
      });
      return element(
        "div",
        {
          className: ["table-scroll"],
          tabIndex: 0,
          role: "group",
          ariaLabel: `Table: ${columns.join(", ")}`,
        },
        [node],
      );
    });
  };
}

/**
 * An image of content/images/ (`![alt](/images/posts/x.png)`) becomes the
 * picture the build made of it (docs/decisions/093): WebP and a JPEG fallback
 * at the widths made, its width and height, loaded lazily. The loaders have
 * already refused a post whose image is missing or over its budget.
 */
function responsiveImages() {
  return (tree: Root) => {
    replaceChildren(tree, (node) => {
      const src = node.properties.src;
      if (node.tagName !== "img" || typeof src !== "string") return node;
      const alt = typeof node.properties.alt === "string" ? node.properties.alt : "";
      const picture = pictureFor({ src, alt });
      if (!picture) return node;
      const sizes =
        "(min-width: 1024px) 46rem, (min-width: 640px) calc(100vw - 4rem), calc(100vw - 2.5rem)";
      return element("picture", {}, [
        element("source", { type: "image/webp", srcSet: picture.webpSrcset, sizes }, []),
        element(
          "img",
          {
            src: picture.fallbackSrc,
            srcSet: picture.fallbackSrcset,
            sizes,
            alt,
            width: picture.width,
            height: picture.height,
            loading: "lazy",
            decoding: "async",
          },
          [],
        ),
      ]);
    });
  };
}

function languageLabel(id: string): string {
  return languageNames[id] ?? id.toUpperCase();
}

function element(
  tagName: string,
  properties: Element["properties"],
  children: (ElementContent | string)[],
): Element {
  return {
    type: "element",
    tagName,
    properties,
    children: children.map((child) =>
      typeof child === "string" ? { type: "text", value: child } : child,
    ),
  };
}

function textOf(node: ElementContent | Readonly<Element>): string {
  if (node.type === "text") return node.value;
  if (node.type !== "element") return "";
  return node.children.map(textOf).join("");
}

function walk(node: Root | Element, visit: (element: Element) => void): void {
  for (const child of node.children) {
    if (child.type !== "element") continue;
    visit(child);
    walk(child, visit);
  }
}

/** Replaces elements top-down; a replacement's own children are not revisited. */
function replaceChildren(node: Root | Element, replace: (element: Element) => Element): void {
  node.children = node.children.map((child: RootContent) => {
    if (child.type !== "element") return child;
    const replaced = replace(child);
    if (replaced === child) replaceChildren(child, replace);
    return replaced;
  }) as typeof node.children;
}
