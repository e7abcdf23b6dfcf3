import { makeGenericAPIRouteHandler } from "@keystatic/core/api/generic";
import type { Route } from "./+types/editing-api";
import { editingDescription } from "~/features/editing/editing-collections.server";
import { editingApiPolicy } from "~/features/editing/editing-policy";
import { editingStorage } from "~/features/editing/editing-storage.server";
import { withCheckedGitHubSignIn } from "~/features/editing/github-sign-in.server";
import { siteUrl } from "~/config/site-url";
import { keystaticConfig } from "~/features/editing/keystatic-config";

// /api/keystatic/*: Keystatic's API (reading and saving files in dev, GitHub
// sign-in in production), or 404 when editing is off (docs/decisions/081).
async function keystaticApi(request: Request): Promise<Response> {
  const storage = editingStorage();
  if (!storage) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const keystatic = makeGenericAPIRouteHandler({
    config: keystaticConfig(editingDescription(), storage),
  });
  // Sign-in checked and addressed from SITE_URL (issue 41); `npm run dev` answers loopback only
  // and keeps Keystatic's own, whose App setup registers the dev server's address.
  const handler =
    storage.kind === "github" && !import.meta.env.DEV
      ? withCheckedGitHubSignIn(keystatic, siteUrl)
      : keystatic;
  const { body, headers, status } = await handler(request);
  const response = new Response(body as BodyInit | null, { headers, status });
  response.headers.set("Content-Security-Policy", editingApiPolicy);
  response.headers.set("Cache-Control", "no-store");
  return response;
}

export const loader = ({ request }: Route.LoaderArgs) => keystaticApi(request);
export const action = ({ request }: Route.ActionArgs) => keystaticApi(request);
