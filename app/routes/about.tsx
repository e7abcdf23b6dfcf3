import type { Route } from "./+types/about";
import { CallToAction } from "~/components/sections/call-to-action";
import { CommitmentList } from "~/features/company/commitment-list";
import { FigureStats } from "~/features/company/figure-stats";
import { PageHero } from "~/components/sections/page-hero";
import { StorySection } from "~/features/company/story-section";
import { TeamFaces } from "~/features/company/team-faces";
import { TeamGrid } from "~/features/company/team-grid";
import { VisionValues } from "~/features/company/vision-values";
import { aboutPage } from "~/features/company/about-page.server";
import { figureStats } from "~/features/company/figures.server";
import { leadershipTeam, memberSlug } from "~/features/company/team.server";
import { portraitPath } from "~/config/art";
import { fixedPages } from "~/config/pages";
import { sectionPath } from "~/config/paths";
import { getMeta } from "~/site/meta";

export function loader() {
  return {
    ...aboutPage(),
    team: leadershipTeam().map((member) => ({
      name: member.name,
      role: member.role,
      bio: member.bio,
      linkedin: member.linkedin,
      portrait: portraitPath(memberSlug(member)),
    })),
    figureStats: figureStats("about"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? getMeta({ ...loaderData.meta, path: fixedPages.about.path }) : [];

// The footer links to #vision, #leadership and #csr; keep those ids.
export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { hero, story, mission, vision, leadership, csr, figures, cta } = loaderData;
  return (
    <>
      <PageHero
        heading={hero}
        aside={
          <TeamFaces
            people={loaderData.team}
            teamHref={sectionPath(fixedPages.about.path, "leadership")}
          />
        }
      />
      <StorySection id="story" story={story} mission={mission} />
      <VisionValues id="vision" vision={vision} />
      <TeamGrid id="leadership" heading={leadership} people={loaderData.team} />
      <CommitmentList id="csr" heading={csr} commitments={csr.commitments} />
      <FigureStats
        id="in-numbers"
        heading={figures}
        figures={loaderData.figureStats}
        tone="light"
      />
      {/* The white figures band above already gives the gap before the card. */}
      <CallToAction copy={cta} className="pt-0 md:pt-0" />
    </>
  );
}
