import type { Route } from "./+types/blog";
import { CallToAction } from "../components/sections/call-to-action";
import { PageHero } from "../components/sections/page-hero";
import { pageMeta } from "../lib/meta";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Blog",
    description:
      "Practical writing from Corvanta Digital's engineers, designers and strategists on building, securing and scaling digital products.",
  });

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
