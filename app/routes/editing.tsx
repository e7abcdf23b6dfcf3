import { data } from "react-router";
import type { Route } from "./+types/editing";
import { EditingApp } from "~/features/editing/editing-app";
import { editingDescription } from "~/features/editing/editing-collections.server";
import { editingPagePolicy } from "~/features/editing/editing-policy";
import { editingStorage } from "~/features/editing/editing-storage.server";
import { appContextOf } from "~/load-context";

// /keystatic and every page below it: the editing UI (docs/decisions/081).
// Off (the site's 404) unless `npm run dev` or GitHub mode is configured.
export function loader({ context }: Route.LoaderArgs) {
  const storage = editingStorage();
  if (!storage) throw data(null, { status: 404 });
  return data(
    { description: editingDescription(), storage },
    {
      headers: {
        "Content-Security-Policy": editingPagePolicy(appContextOf(context).cspNonce),
        "Cache-Control": "no-store",
        "X-Robots-Tag": "noindex",
      },
    },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "Edit the site" },
  { name: "robots", content: "noindex" },
];

export default function Editing({ loaderData }: Route.ComponentProps) {
  return <EditingApp {...loaderData} />;
}
