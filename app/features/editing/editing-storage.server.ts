import type { EditingStorage } from "./field-description";

/**
 * Where the editing UI saves, or undefined when editing is off (its pages and
 * API then answer 404). `npm run dev` saves to the working tree. A production
 * server saves to GitHub when all four settings are given: Keystatic's own
 * variables for the GitHub App (KEYSTATIC_GITHUB_CLIENT_ID,
 * KEYSTATIC_GITHUB_CLIENT_SECRET, KEYSTATIC_SECRET, read by Keystatic's API
 * handler itself) and KEYSTATIC_GITHUB_REPO, the repository as owner/name
 * (Keystatic writes it in its config; here it comes from the environment).
 * Read per request, like Keystatic does, so nothing is baked into the build.
 */
export function editingStorage(
  env: Readonly<Record<string, string | undefined>> = process.env,
  development = import.meta.env?.DEV === true,
): EditingStorage | undefined {
  if (development) return { kind: "local" };
  const [owner, name, ...rest] = (env.KEYSTATIC_GITHUB_REPO ?? "").split("/");
  const configured =
    env.KEYSTATIC_GITHUB_CLIENT_ID && env.KEYSTATIC_GITHUB_CLIENT_SECRET && env.KEYSTATIC_SECRET;
  if (!configured || !owner || !name || rest.length > 0) return undefined;
  return { kind: "github", owner, name };
}
