import { makeGenericAPIRouteHandler } from "@keystatic/core/api/generic";
import type { Route } from "./+types/editing-api";
import { paths } from "~/config/paths";
import { checkedUpdate } from "~/features/editing/checked-save.server";
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
  // A local save is checked against every rule of the site before it is written (decision 091).
  const checked =
    storage.kind === "local" && request.method === "POST" && isUpdate(request)
      ? await checkedUpdate(request).catch(
          (error: unknown) =>
            new Response((error as Error).message, {
              status: 503,
              headers: { "Content-Type": "text/plain; charset=utf-8" },
            }),
        )
      : request;
  const { body, headers, status } =
    checked instanceof Response
      ? { body: await checked.text(), headers: checked.headers, status: checked.status }
      : await handler(checked);
  const response = new Response(body as BodyInit | null, { headers, status });
  response.headers.set("Content-Security-Policy", editingApiPolicy);
  response.headers.set("Cache-Control", "no-store");
  return response;
}

const isUpdate = (request: Request) =>
  new URL(request.url).pathname === `${paths.editingApi}/update`;

export const loader = ({ request }: Route.LoaderArgs) => keystaticApi(request);
export const action = ({ request }: Route.ActionArgs) => keystaticApi(request);
