import type { Route } from "./+types/blog";
import { CallToAction } from "../components/sections/call-to-action";
import { PageHero } from "../components/sections/page-hero";
import { getMeta } from "../lib/meta";
import { staticPages } from "../config/pages";

export const meta: Route.MetaFunction = () => getMeta(staticPages.blog);

export default function BlogPage() {
  return (
    <>
      <PageHero
        eyebrow="Blog"
        title="Notes from the people who build the work"
        lead="What we learn on client projects about engineering, design, data and delivery, written down so you can use it too."
      />
      <CallToAction />
    </>
  );
}
