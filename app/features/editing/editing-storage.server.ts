import type { EditingStorage } from "./field-description";

/**
 * Where the editing UI saves, or undefined when editing is off (its pages and
 * API then answer 404). GitHub mode needs Keystatic's own variables for the
 * GitHub App (KEYSTATIC_GITHUB_CLIENT_ID, KEYSTATIC_GITHUB_CLIENT_SECRET,
 * KEYSTATIC_SECRET, read by its API handler itself) and KEYSTATIC_GITHUB_REPO,
 * the repository as owner/name (Keystatic writes it in its config; here it
 * comes from the environment). `npm run dev` saves to the working tree, or,
 * given a repository, runs GitHub mode, where Keystatic helps create the App.
 * Read per request, as Keystatic does, so nothing is baked into the build.
 */
export function editingStorage(
  env: Readonly<Record<string, string | undefined>> = process.env,
  development = import.meta.env?.DEV === true,
): EditingStorage | undefined {
  const [, owner, name] = /^([\w.-]+)\/([\w.-]+)$/.exec(env.KEYSTATIC_GITHUB_REPO ?? "") ?? [];
  const repository = owner && name ? { owner, name } : undefined;
  if (development) return repository ? { kind: "github", ...repository } : { kind: "local" };
  const app =
    env.KEYSTATIC_GITHUB_CLIENT_ID && env.KEYSTATIC_GITHUB_CLIENT_SECRET && env.KEYSTATIC_SECRET;
  return app && repository ? { kind: "github", ...repository } : undefined;
}
