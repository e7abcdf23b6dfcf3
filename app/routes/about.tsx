import type { Route } from "./+types/about";
import { CallToAction } from "../components/sections/call-to-action";
import { CommitmentList } from "../components/sections/commitment-list";
import { FigureStats } from "../components/sections/figure-stats";
import { PageHero } from "../components/sections/page-hero";
import { StorySection } from "../components/sections/story-section";
import { TeamGrid } from "../components/sections/team-grid";
import { VisionValues } from "../components/sections/vision-values";
import { aboutPage } from "../content/about-page.server";
import { figureStats } from "../content/figures.server";
import { team } from "../content/team.server";
import { fixedPages } from "../config/pages";
import { getMeta } from "../lib/meta";

export function loader() {
  return {
    ...aboutPage,
    team: team.map(({ name, role, bio, linkedin }) => ({ name, role, bio, linkedin })),
    figureStats: figureStats(),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? getMeta({ ...loaderData.meta, path: fixedPages.about.path }) : [];

// The footer links to #vision, #leadership and #csr; keep those ids.
export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { hero, story, mission, vision, leadership, csr, figures, cta } = loaderData;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} lead={hero.lead} />
      <StorySection id="story" story={story} mission={mission} />
      <VisionValues id="vision" vision={vision} />
      <TeamGrid
        id="leadership"
        eyebrow={leadership.eyebrow}
        title={leadership.title}
        lead={leadership.lead}
        people={loaderData.team}
      />
      <CommitmentList
        id="csr"
        eyebrow={csr.eyebrow}
        title={csr.title}
        lead={csr.lead}
        commitments={csr.commitments}
      />
      <FigureStats
        id="in-numbers"
        eyebrow={figures.eyebrow}
        title={figures.title}
        lead={figures.lead}
        figures={loaderData.figureStats}
        tone="light"
      />
      {/* The white figures band above already gives the gap before the card. */}
      <CallToAction title={cta.title} lead={cta.lead} label={cta.action} className="pt-0 md:pt-0" />
    </>
  );
}
