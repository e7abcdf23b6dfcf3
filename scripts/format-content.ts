import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { writtenAsTheRepositoryDoes } from "~/features/editing/saved-files.server";

/**
 * `npm run format:content [-- --check]`: writes every file of content/ as the
 * editor saves it (app/features/editing/saved-files.server.ts: Prettier over
 * YAML written by the `yaml` library, long text on one line), so an editor's
 * first save of a file changes only the fields it changed
 * (docs/decisions/091). `--check` lists the files not in that form and exits 1.
 */
const check = process.argv.includes("--check");

function contentFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(directory, entry.name);
    if (entry.isDirectory()) return contentFiles(file);
    return /\.(ya?ml|md)$/.test(entry.name) ? [file] : [];
  });
}

const unformatted: string[] = [];
for (const file of contentFiles("content")) {
  const text = readFileSync(file, "utf8");
  const formatted = await writtenAsTheRepositoryDoes(file, text, text);
  if (formatted === text) continue;
  unformatted.push(file);
  if (!check) writeFileSync(file, formatted);
}
if (check && unformatted.length > 0) {
  console.error(
    `Not written as the editor writes them (run npm run format:content):\n${unformatted.join("\n")}`,
  );
  process.exitCode = 1;
} else if (!check) {
  console.log(`${unformatted.length} file(s) of content/ written as the editor writes them.`);
}
