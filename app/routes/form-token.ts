import type { Route } from "./+types/form-token";

// GET /forms/<form>/token: a fresh signed time token for that form, fetched by
// its page once it runs, so the page itself holds nothing per visitor and is
// kept and compressed once (docs/decisions/051, 063).
export function loader({ params, context }: Route.LoaderArgs) {
  const issue =
    params.form === "contact"
      ? context.contactForm?.issueToken
      : params.form === "registration"
        ? context.eventRegistration?.issueToken
        : undefined;
  if (!issue) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return Response.json(
    { token: issue() },
    { headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } },
  );
}
