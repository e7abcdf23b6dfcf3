import type { TeamMember } from "~/features/company/team.server";
import { Icon } from "~/components/ui/icon";
import { portraitSize } from "~/config/art";
import {
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
  type SectionTone,
} from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";

type TeamGridProps = SectionProps & {
  heading: SectionHeadingCopy;
  people: readonly (Pick<TeamMember, "name" | "role" | "bio" | "linkedin"> & {
    /** The illustrated portrait's SVG file (app/features/company/portrait.server.tsx). */
    portrait: string;
  })[];
  tone?: SectionTone;
};

/** The leadership team: illustrated portrait, name, role, bio and LinkedIn profile for each. */
export function TeamGrid({ id, className, heading, people, tone = "white" }: TeamGridProps) {
  const headingId = `${id ?? "team"}-heading`;
  return (
    <SectionBand id={id} className={className} tone={tone} labelledBy={headingId}>
      <SectionHeading id={headingId} heading={heading} />
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
        {people.map((person) => (
          <li
            key={person.name}
            data-testid="team-member"
            className="flex flex-col rounded-2xl border border-line bg-surface p-7"
          >
            <div className="flex items-center gap-4">
              {/* The name is written beside it, so the portrait is decorative. */}
              <img
                src={person.portrait}
                alt=""
                loading="lazy"
                width={portraitSize.width}
                height={portraitSize.height}
                data-testid="portrait"
                className="size-20 shrink-0 rounded-full bg-shade-strong"
              />
              <div className="min-w-0">
                <h3 className="text-lg font-semibold">{person.name}</h3>
                <p className="mt-0.5 text-[15px] font-medium text-accent">{person.role}</p>
              </div>
            </div>
            <p className="mt-5 mb-6 leading-relaxed text-pretty text-muted">{person.bio}</p>
            <a
              href={person.linkedin}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-auto inline-flex items-center gap-2 self-start rounded-full text-sm font-semibold text-body transition-colors duration-150 hover:text-accent"
            >
              <Icon name="linkedin" className="size-4" />
              LinkedIn
              <span className="sr-only"> profile of {person.name} (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </SectionBand>
  );
}
