import { z } from "zod";
import {
  keepUniqueBy,
  loadYamlCollection,
  type RawFiles,
  type YamlEntry,
} from "~/lib/content/collection";
import { contentFiles, throwIfAnyRefusedIn } from "~/lib/content/content-files.server";
import { lineField } from "~/lib/content/fields";
import { portraitPath } from "~/config/art";

/**
 * The leadership team (content/team/*.yaml), shown on About's #leadership
 * section in `order`. Blog posts name these people as their authors, and the
 * posts' loader checks them against this list.
 */
/** What a leader's illustrated portrait shows (app/features/company/portrait.server.tsx). */
export const portraitSchema = z
  .object({
    skin: z.enum(["light", "medium", "tan", "brown", "dark"]),
    hair: z.enum(["short", "cropped", "wavy", "long", "bun", "curly"]),
    hairColour: z.enum(["black", "brown", "auburn", "blonde", "grey"]),
    glasses: z.boolean().default(false),
  })
  .strict();

export type Portrait = z.output<typeof portraitSchema>;

export const teamMemberSchema = z
  .object({
    name: lineField(60),
    role: lineField(60),
    /** Position on the About page, 1 first. */
    order: z.number().int().positive(),
    bio: lineField(360),
    /** Left out, the leader gets a neutral portrait until one is described. */
    portrait: portraitSchema.default({
      skin: "medium",
      hair: "short",
      hairColour: "brown",
      glasses: false,
    }),
    linkedin: z
      .url({ protocol: /^https$/, hostname: /^(www\.)?linkedin\.com$/ })
      .refine((url) => new URL(url).pathname.startsWith("/in/"), {
        message: "must be a LinkedIn profile address (https://www.linkedin.com/in/...)",
      })
      .describe("a LinkedIn profile address, https://www.linkedin.com/in/…"),
  })
  .strict();

export type TeamMember = z.output<typeof teamMemberSchema>;

export function loadTeam(raw: RawFiles): YamlEntry<TeamMember>[] {
  const loaded = loadYamlCollection(raw, teamMemberSchema);
  const named = keepUniqueBy(loaded, (member) => member.name, "name");
  const entries = keepUniqueBy(named, (member) => String(member.order), "order");
  return entries.sort((a, b) => a.order - b.order);
}

export const team: readonly YamlEntry<TeamMember>[] = loadTeam(contentFiles("content/team"));

/** The team as About shows it; while authoring, a leader's file with a mistake shows its report there. */
export function leadershipTeam(): readonly YamlEntry<TeamMember>[] {
  throwIfAnyRefusedIn("content/team");
  return team;
}

/** A leader's slug, from the file's name: "content/team/maya-okafor.yaml" is "maya-okafor". */
export function memberSlug(member: Pick<YamlEntry<TeamMember>, "sourcePath">): string {
  return member.sourcePath.replace(/^.*\//, "").replace(/\.yaml$/, "");
}

/**
 * A leader's portrait by name, for the pages that show them besides About (a
 * post's author, an event's speaker), so a leader looks the same everywhere;
 * none for someone outside the team.
 */
export function portraitOf(name: string): string | undefined {
  const member = team.find((candidate) => candidate.name === name);
  return member && portraitPath(memberSlug(member));
}
