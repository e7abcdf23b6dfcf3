import { readFileSync, writeFileSync } from "node:fs";
import {
  contentFieldsMarkdown,
  contentFieldsPage,
  formattedReadme,
} from "./lib/content-fields-doc";

/** `npm run docs:content`: writes docs/content.md's list of content fields from the schemas. */
const page = readFileSync(contentFieldsPage, "utf8");
const updated = await formattedReadme(page, contentFieldsMarkdown());
writeFileSync(contentFieldsPage, updated);
console.log(
  updated === page
    ? `${contentFieldsPage}: the content fields were up to date.`
    : `${contentFieldsPage}: content fields written.`,
);
