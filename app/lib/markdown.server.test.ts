import { describe, expect, it } from "vitest";
import { renderMarkdown } from "~/lib/markdown.server";

describe("renderMarkdown", () => {
  it("gives headings ids and an accessible anchor link to themselves", () => {
    const { html, outline } = renderMarkdown(
      "## Why batch breaks\n\nText.\n\n### Clocks disagree\n",
    );
    expect(html).toContain('<h2 id="why-batch-breaks">Why batch breaks</h2>');
    expect(html).toMatch(
      /<a class="heading-anchor" href="#why-batch-breaks"><span aria-hidden="true">#<\/span><span class="sr-only">Link to section: Why batch breaks<\/span><\/a>/,
    );
    expect(html).toContain('<h3 id="clocks-disagree">');
    expect(outline).toEqual([
      { id: "why-batch-breaks", text: "Why batch breaks", depth: 2 },
      { id: "clocks-disagree", text: "Clocks disagree", depth: 3 },
    ]);
  });

  it("keeps a range's two figures apart in a heading's id", () => {
    const { outline } = renderMarkdown("## Weeks 2–3: design sprints\n\n## Week 1\n");
    expect(outline.map((item) => item.id)).toEqual(["weeks-2-3-design-sprints", "week-1"]);
  });

  it("marks links to other sites rel=noopener and leaves the site's own links alone", () => {
    const { html } = renderMarkdown(
      "Read [the spec](https://mqtt.org/mqtt-specification/) or [contact us](/contact).",
    );
    expect(html).toContain(
      '<a href="https://mqtt.org/mqtt-specification/" rel="noopener noreferrer">the spec</a>',
    );
    expect(html).toContain('<a href="/contact">contact us</a>');
  });

  it("highlights fenced code by language in a figure captioned with the language", () => {
    const { html } = renderMarkdown("```python\ndef window(): return None\n```\n");
    expect(html).toContain(
      '<figure class="code-block"><figcaption class="code-block-label">Python</figcaption><pre tabindex="0"><code class="hljs language-python">',
    );
    expect(html).toContain('<span class="hljs-keyword">def</span>');
  });

  it("renders GitHub-flavoured tables inside a scrollable region", () => {
    const { html } = renderMarkdown("| Measure | After |\n| --- | --- |\n| Steps | Two |\n");
    expect(html).toContain(
      '<div class="table-scroll" tabindex="0" role="group" aria-label="Table: Measure, After"><table>',
    );
  });

  it("drops raw HTML instead of passing it through", () => {
    const { html } = renderMarkdown('Text <script>alert("x")</script> and <b>bold</b>.');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<b>");
  });

  it("refuses a level-1 heading: the page's title is the only h1", () => {
    expect(() => renderMarkdown("# A second title\n\nText.")).toThrow(
      /"# A second title" is a level-1 heading/,
    );
  });

  it("makes a content image a picture: WebP and JPEG at every width, its size, loaded lazily (decision 093)", () => {
    const { html } = renderMarkdown(
      "Text.\n\n![The LedgerLoop overview](/images/products/ledgerloop/overview.png)\n",
    );
    expect(html).toMatch(
      /<picture><source type="image\/webp" srcset="\/assets\/overview-[0-9a-f]{10}-390\.webp 390w, [^"]*1280\.webp 1280w" sizes="[^"]+"><img src="\/assets\/overview-[0-9a-f]{10}-960\.jpg" srcset="[^"]*390\.jpg 390w[^"]*" sizes="[^"]+" alt="The LedgerLoop overview" width="2400" height="1500" loading="lazy" decoding="async"><\/picture>/,
    );
  });
});
