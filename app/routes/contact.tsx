import { data, redirect } from "react-router";
import type { Route } from "./+types/contact";
import { ContactEnquiry } from "../components/sections/contact-enquiry";
import { ContactOffices } from "../components/sections/contact-offices";
import { PageHero } from "../components/sections/page-hero";
import { contactPage } from "../content/contact.server";
import {
  contactFormAnchor,
  contactFormPath,
  contactSentParam,
  isServiceOptionId,
} from "../lib/contact-form-fields";
import { fixedPages } from "../config/pages";
import { getMeta } from "../lib/meta";

// Server-rendered on every request (not prerendered): each rendering of the
// form carries a fresh time token. See docs/decisions/051.

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? getMeta({ ...loaderData.copy.meta, path: fixedPages.contact.path }) : [];

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const service = url.searchParams.get("service");
  return {
    copy: contactPage,
    formToken: context.contactForm?.issueToken() ?? null,
    defaultService: isServiceOptionId(service) ? service : undefined,
    sent: url.searchParams.has(contactSentParam),
  };
}

export async function action({ context }: Route.ActionArgs) {
  if (!context.contactForm) {
    throw data("The contact form needs the site's own server (npm start).", { status: 503 });
  }
  const outcome = await context.contactForm.receive();
  switch (outcome.kind) {
    case "accepted":
      // The lead is committed; only now is the visitor told so.
      return redirect(`${contactFormPath}?${contactSentParam}=1#${contactFormAnchor}`, 303);
    case "rate-limited":
      return data(outcome, {
        status: 429,
        headers: { "Retry-After": String(outcome.retryAfterSeconds) },
      });
    case "unavailable":
      // Not saved, and the visitor is told so: the form comes back with every value.
      return data(outcome, {
        status: 503,
        headers: { "Retry-After": String(outcome.retryAfterSeconds) },
      });
    default:
      return data(outcome, { status: 400 });
  }
}

// A document post answered 429 or 503 keeps the action's Retry-After.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : loaderHeaders;
};

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const { copy, formToken, defaultService, sent } = loaderData;
  return (
    <>
      <PageHero eyebrow={copy.hero.eyebrow} title={copy.hero.title} lead={copy.hero.lead} />
      <ContactEnquiry
        copy={copy}
        formToken={formToken}
        defaultService={defaultService}
        sent={sent}
      />
      <ContactOffices copy={copy.offices} />
    </>
  );
}
