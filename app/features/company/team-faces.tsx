import { HeroPanel } from "~/components/sections/hero-parts";
import { ArrowLink } from "~/components/ui/arrow-link";
import { portraitSize } from "~/config/art";

type Face = { name: string; role: string; portrait: string };

/**
 * About's top: the people a client works with, every leader's portrait in a
 * row with the first two named, and the way down to the whole team.
 */
export function TeamFaces({ people, teamHref }: { people: readonly Face[]; teamHref: string }) {
  const [first, second, ...rest] = people;
  return (
    <HeroPanel label="Who you work with">
      <ul className="flex -space-x-3" aria-label="The leadership team">
        {people.map((person) => (
          <li key={person.name}>
            <img
              src={person.portrait}
              alt={person.name}
              title={`${person.name}, ${person.role}`}
              width={portraitSize.width}
              height={portraitSize.height}
              className="size-14 rounded-full bg-slate-100 ring-4 ring-ink sm:size-16"
            />
          </li>
        ))}
      </ul>
      {first && second && (
        <p className="mt-4 leading-relaxed text-pretty text-slate-300">
          {first.name} and {second.name}
          {rest.length > 0 && ` with ${rest.length} more partners`} lead every engagement
          themselves.
        </p>
      )}
      <ArrowLink to={teamHref} tone="inverse" className="mt-4">
        Meet the leadership
      </ArrowLink>
    </HeroPanel>
  );
}
