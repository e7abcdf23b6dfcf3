import type { YamlEntry } from "./collection";
import { loadTeam, type TeamMember } from "./team-collection";

/**
 * The leadership team (content/team/*.yaml), shown on About's #leadership
 * section in `order`. Blog posts name these people as their authors. The
 * schema and rules are in team-collection.ts, shared with the posts' reader
 * on disk (post-files.ts).
 */
export { loadTeam, teamMemberSchema, type TeamMember } from "./team-collection";

const files = import.meta.glob<string>("/content/team/*.yaml", {
  query: "?raw",
  import: "default",
  eager: true,
});

export const team: readonly YamlEntry<TeamMember>[] = loadTeam(files);
