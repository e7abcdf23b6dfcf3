import { readFileSync, writeFileSync } from "node:fs";
import { contentFieldsMarkdown, formattedReadme } from "./lib/content-fields-doc";

/** `npm run docs:content`: writes README.md's list of content fields from the schemas. */
const readme = readFileSync("README.md", "utf8");
const updated = await formattedReadme(readme, contentFieldsMarkdown());
writeFileSync("README.md", updated);
console.log(
  updated === readme
    ? "README.md: the content fields were up to date."
    : "README.md: content fields written.",
);
