import { writeFileSync } from "node:fs";
import prettier from "prettier";
import { decisionIndex, decisionIndexFile } from "./lib/decision-index";

/** `npm run docs:decisions`: writes docs/decisions/README.md from the records' own status lines. */
const options = await prettier.resolveConfig(decisionIndexFile);
writeFileSync(
  decisionIndexFile,
  await prettier.format(decisionIndex(), { ...options, filepath: decisionIndexFile }),
);
console.log(`${decisionIndexFile} written.`);
