import type { Route } from "./+types/privacy";
import { PageHero } from "~/components/sections/page-hero";
import { PrivacyNotice } from "~/features/privacy/privacy-notice";
import { privacyPage } from "~/features/privacy/privacy-page.server";
import { fixedPages } from "~/config/pages";
import { getMeta } from "~/site/meta";
import "../styles/article.css";

// Prerendered: what the forms store, why, for how long and who receives it
// (issue 28). Every form links here; the footer stays the specification's.
export function loader() {
  return privacyPage();
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? getMeta({ ...loaderData.meta, path: fixedPages.privacy.path }) : [];

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const { hero, html, outline, updated } = loaderData;
  return (
    <>
      <PageHero heading={hero} />
      <PrivacyNotice html={html} outline={outline} updated={updated} />
    </>
  );
}
