import { data, redirect } from "react-router";
import { keepRetryAfter, refusedPost } from "~/lib/forms/answer";
import { completeLeadSource } from "~/lib/forms/lead-source";
import type { Route } from "./+types/contact";
import { ContactEnquiry, ReplyRoutes } from "~/features/contact/contact-enquiry";
import { ContactOffices } from "~/features/contact/contact-offices";
import { PageHero } from "~/components/sections/page-hero";
import { contactPage } from "~/features/contact/contact.server";
import {
  contactFormAnchor,
  contactFormPath,
  contactSentParam,
  contactSentValue,
  isServiceOptionId,
  serviceOptions,
} from "~/features/contact/contact-form-fields";
import { fixedPages } from "~/config/pages";
import { getMeta } from "~/site/meta";
import { knownQueryOf, sharedCacheControl, type ServerHandle } from "~/lib/route-handle";
import { appContextOf, requestTime, readFormPost } from "~/load-context";

// Server-rendered (not prerendered): the page for a picked service or the
// thank-you state is rendered on request and kept a minute (decision 063). Its
// form fetches its time token once it runs (docs/decisions/051).
export const handle = {
  pageCache: {
    query: {
      service: serviceOptions.map((option) => option.id),
      [contactSentParam]: [contactSentValue],
    },
  },
} satisfies ServerHandle;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? getMeta({ ...loaderData.copy.meta, path: fixedPages.contact.path }) : [];

export function loader({ url, context }: Route.LoaderArgs) {
  const service = url.searchParams.get("service");
  // A made-up service id or answer is a page of its own, not worth keeping.
  const keep = knownQueryOf(handle.pageCache.query, url.searchParams) !== null;
  return data(
    {
      copy: contactPage(),
      defaultService: isServiceOptionId(service) ? service : undefined,
      sent: url.searchParams.get(contactSentParam) === contactSentValue,
    },
    keep ? { headers: sharedCacheControl(requestTime(context)) } : undefined,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormPost(request, context);
  const source = form ? completeLeadSource(form, request) : undefined;
  const { contactForm } = appContextOf(context);
  if (!contactForm) {
    throw data("The contact form needs the site’s own server (npm start).", { status: 503 });
  }
  const outcome = await contactForm.receive(form);
  // The lead is committed; only now is the visitor told so.
  if (outcome.kind === "accepted") {
    return redirect(
      `${contactFormPath}?${contactSentParam}=${contactSentValue}#${contactFormAnchor}`,
      303,
    );
  }
  // The form comes back: with a fresh token for its next post (decision 051).
  return refusedPost({ ...outcome, formToken: contactForm.issueToken(), source });
}

// A document post answered 429 or 503 keeps the action's Retry-After.
export const headers: Route.HeadersFunction = keepRetryAfter;

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const { copy, defaultService, sent } = loaderData;
  return (
    <>
      <PageHero heading={copy.hero} aside={<ReplyRoutes {...copy.direct} />} />
      <ContactEnquiry copy={copy} defaultService={defaultService} sent={sent} />
      <ContactOffices heading={copy.offices} />
    </>
  );
}
