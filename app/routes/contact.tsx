import { data, redirect } from "react-router";
import { keepRetryAfter, refusedPost } from "~/lib/forms/answer";
import type { Route } from "./+types/contact";
import { ContactEnquiry } from "~/features/contact/contact-enquiry";
import { ContactOffices } from "~/features/contact/contact-offices";
import { PageHero } from "~/components/sections/page-hero";
import { contactPage } from "~/features/contact/contact.server";
import {
  contactFormAnchor,
  contactFormPath,
  contactSentParam,
  isServiceOptionId,
} from "~/features/contact/contact-form-fields";
import { fixedPages } from "~/config/pages";
import { getMeta } from "~/site/meta";
import { requestTime } from "~/lib/request-clock";
import { renderCacheUntil } from "~/lib/render-cache";

// Server-rendered on every request (not prerendered): each rendering of the
// form carries a fresh time token. See docs/decisions/051.

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? getMeta({ ...loaderData.copy.meta, path: fixedPages.contact.path }) : [];

export function loader({ url, context }: Route.LoaderArgs) {
  const service = url.searchParams.get("service");
  return data(
    {
      copy: contactPage,
      // Cached renders carry a stand-in the server replaces per response (app/lib/render-cache.ts).
      formToken: context.contactForm?.issueToken() ?? null,
      defaultService: isServiceOptionId(service) ? service : undefined,
      sent: url.searchParams.has(contactSentParam),
    },
    { headers: renderCacheUntil(requestTime(context)) },
  );
}

export async function action({ context }: Route.ActionArgs) {
  if (!context.contactForm) {
    throw data("The contact form needs the site's own server (npm start).", { status: 503 });
  }
  const outcome = await context.contactForm.receive();
  // The lead is committed; only now is the visitor told so.
  if (outcome.kind === "accepted") {
    return redirect(`${contactFormPath}?${contactSentParam}=1#${contactFormAnchor}`, 303);
  }
  return refusedPost(outcome);
}

// A document post answered 429 or 503 keeps the action's Retry-After.
export const headers: Route.HeadersFunction = keepRetryAfter;

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const { copy, formToken, defaultService, sent } = loaderData;
  return (
    <>
      <PageHero heading={copy.hero} />
      <ContactEnquiry
        copy={copy}
        formToken={formToken}
        defaultService={defaultService}
        sent={sent}
      />
      <ContactOffices heading={copy.offices} />
    </>
  );
}
