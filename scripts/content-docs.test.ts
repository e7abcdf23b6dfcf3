import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import {
  contentFieldsMarkdown,
  contentFieldsPage,
  formattedReadme,
} from "./lib/content-fields-doc";

it("docs/content.md lists the content fields the schemas accept (npm run docs:content)", async () => {
  const readme = readFileSync(contentFieldsPage, "utf8");
  const fields = contentFieldsMarkdown();
  // The examples: fields the docs once left out, and the allowed values.
  for (const listed of ["`address` (optional)", "`tags` (optional", "`icon`: one of", "`art`"]) {
    expect(fields).toContain(listed);
  }
  expect(await formattedReadme(readme, fields), "run npm run docs:content").toBe(readme);
});
