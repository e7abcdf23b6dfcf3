import { IconTile } from "~/components/ui/icon-tile";
import type { IconName } from "~/components/ui/icon-names";
import type { AboutPage } from "~/features/company/about-page.server";
import {
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
  type SectionTone,
} from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";

type Commitment = AboutPage["csr"]["commitments"][number];

const iconByCommitment: Record<Commitment["id"], IconName> = {
  education: "graduation-cap",
  sustainability: "leaf",
  "open-source": "folder-git-2",
  accessibility: "accessibility",
};

type CommitmentListProps = SectionProps & {
  heading: SectionHeadingCopy;
  commitments: readonly Commitment[];
  tone?: SectionTone;
};

/** "Commitment to Society": each commitment with its icon, what we do, and a figure. */
export function CommitmentList({
  id,
  className,
  heading,
  commitments,
  tone = "muted",
}: CommitmentListProps) {
  const headingId = `${id ?? "commitments"}-heading`;
  return (
    <SectionBand id={id} className={className} tone={tone} labelledBy={headingId}>
      <SectionHeading id={headingId} heading={heading} />
      <ul className="mt-12 grid gap-5 md:grid-cols-2 lg:gap-6">
        {commitments.map((commitment) => {
          return (
            <li
              key={commitment.id}
              className="flex flex-col rounded-2xl border border-line bg-surface p-7 md:p-8"
            >
              <IconTile icon={iconByCommitment[commitment.id]} size="lg" />
              <h3 className="mt-5 text-xl font-semibold">{commitment.title}</h3>
              <p className="mt-3 mb-6 leading-relaxed text-pretty text-muted">{commitment.text}</p>
              <p className="mt-auto flex flex-wrap items-baseline gap-x-3 border-t border-line pt-5">
                <span className="text-3xl font-semibold tracking-tight text-accent tabular-nums">
                  {commitment.figure.value}
                </span>
                <span className="text-[15px] font-medium text-body">{commitment.figure.label}</span>
              </p>
            </li>
          );
        })}
      </ul>
    </SectionBand>
  );
}
