import type { AboutPage } from "~/features/company/about-page.server";
import { SectionBand, SectionHeading, type SectionTone } from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";

type StorySectionProps = SectionProps & {
  story: AboutPage["story"];
  mission: AboutPage["mission"];
  tone?: SectionTone;
};

/** About's opening section: the story beside a milestone timeline, then the mission statement. */
export function StorySection({ id, className, story, mission, tone = "white" }: StorySectionProps) {
  const headingId = `${id ?? "story"}-heading`;
  return (
    <SectionBand id={id} className={className} tone={tone} labelledBy={headingId}>
      <div className="grid gap-12 lg:grid-cols-12 lg:gap-16">
        <div className="lg:col-span-7">
          <SectionHeading id={headingId} heading={story} />
          <div className="mt-6 max-w-[70ch] space-y-5 text-lg leading-[1.6] text-pretty text-muted">
            {story.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
        <div className="lg:col-span-5">
          <div className="rounded-2xl border border-line bg-shade p-7 md:p-8">
            <h3 className="text-sm font-semibold tracking-[0.14em] text-muted uppercase">
              {story.milestonesTitle}
            </h3>
            <ol className="relative mt-6 space-y-6 before:absolute before:top-2 before:bottom-2 before:left-[5px] before:w-px before:bg-line-strong">
              {story.milestones.map((milestone) => (
                <li key={milestone.year} className="relative flex gap-5 pl-7">
                  <span
                    aria-hidden="true"
                    className="absolute top-[7px] left-0 size-[11px] rounded-full border-2 border-accent bg-surface"
                  />
                  <span className="w-12 shrink-0 font-semibold text-ink tabular-nums">
                    {milestone.year}
                  </span>
                  <span className="leading-relaxed text-muted">{milestone.text}</span>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </div>
      <div className="mt-16 border-l-4 border-accent pl-6 md:mt-20 md:pl-10">
        <h3 className="text-sm font-semibold tracking-[0.14em] text-accent uppercase">
          {mission.eyebrow}
        </h3>
        <p className="mt-4 max-w-4xl text-2xl leading-snug font-medium tracking-tight text-balance text-ink md:text-3xl">
          {mission.statement}
        </p>
      </div>
    </SectionBand>
  );
}
