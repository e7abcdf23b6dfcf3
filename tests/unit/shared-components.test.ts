import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { durationField } from "~/lib/content/fields";

/*
 * One component per idea (issue 16, finding 8): a label is a Tag, a pill you
 * press or follow is a Chip, an icon in a tile is an IconTile and a step's
 * number is a StepNumber, all in app/components/ui. A section that writes one
 * of them as a raw class string again (the way five chip styles, two icon
 * tiles and three step numbers grew) fails here. Durations and quotes are
 * tests/unit/house-style.test.ts's.
 */
function files(directory: string, pattern: RegExp): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return files(full, pattern);
    return pattern.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const sharedComponents = path.join("app", "components", "ui");

/** Each idea's class signature: every pattern of one entry appears in the same class string. */
const signatures: { idea: string; use: string; all: RegExp[] }[] = [
  {
    idea: "a tag or chip (a small padded pill of text)",
    use: "Tag (a label) or Chip (a link or a filter) from ~/components/ui",
    all: [
      /\brounded-(?:full|md|lg)\b/,
      /\bpx-[\d.]+\b/,
      /\bpy-(?:0|0\.5|1|1\.5)\b/,
      /\btext-(?:xs|sm)\b/,
    ],
  },
  {
    idea: "a chip (an outlined pill button or link)",
    use: "Chip from ~/components/ui/chip",
    all: [/\brounded-full\b/, /\bborder\b/, /\bh-(?:8|9|10)\b/, /\bpx-[\d.]+\b/],
  },
  {
    idea: "an icon tile (an icon centred in a rounded square)",
    use: "IconTile from ~/components/ui/icon-tile",
    all: [/\bplace-items-center\b/, /\brounded-(?:lg|xl|2xl)\b/, /\bsize-(?:8|9|10|11|12|14)\b/],
  },
  {
    idea: "a step number (a figure in a circle)",
    use: "StepNumber from ~/components/ui/step-number",
    all: [
      /\bplace-items-center\b/,
      /\brounded-full\b/,
      /\bfont-(?:semibold|bold)\b/,
      /\btext-accent/,
    ],
  },
  {
    idea: "a step number (a figure in a circle)",
    use: "StepNumber from ~/components/ui/step-number",
    all: [/\bplace-items-center\b/, /\brounded-full\b/, /\btabular-nums\b/],
  },
];

/** The string literals of a source file: class names are written as plain strings. */
function stringLiterals(source: string): string[] {
  return [...source.matchAll(/"([^"\n]*)"|`([^`]*)`/g)].map((match) => match[1] ?? match[2] ?? "");
}

function rawStyles(source: string, { jsx = true } = {}): string[] {
  const found = stringLiterals(source).flatMap((literal) =>
    signatures
      .filter((signature) => signature.all.every((pattern) => pattern.test(literal)))
      .map((signature) => `${signature.idea}: use ${signature.use} ("${literal.slice(0, 80)}")`),
  );
  // Zero-padded numbering ("01", "02") on a page is the step marker's own
  // format (dates and times in .ts modules pad for their own reasons).
  if (jsx && /padStart\(2, "0"\)/.test(source)) {
    found.push('a step number written with padStart(2, "0"): use StepNumber');
  }
  return found;
}

/** Classes that place a component (margins, position, alignment, stacking) without restyling it. */
const placement =
  /^-?(?:m[trblxy]?|top|right|bottom|left|inset(?:-[xy])?|z|order|col|row|(?:justify-|place-)?self)-|^(?:relative|absolute|static|sticky|shrink-0|grow|hidden)$/;

/**
 * A Tag, Chip or StepNumber given classes that restyle it (a colour, a ring,
 * a size, padding): a sixth chip style grows that way. Its className may
 * only place it; a new look is a variant in app/components/ui.
 */
function restyledSharedComponents(source: string): string[] {
  const uses = source.matchAll(
    /<(Tag|Chip|StepNumber)\b[^>]*?\bclassName=(?:"([^"]*)"|\{`([^`]*)`\}|\{cn\(([^)]*)\)\})/g,
  );
  return [...uses].flatMap(([, component, plain, template, cnArguments]) => {
    const classes = (plain ?? template ?? cnArguments ?? "")
      .replaceAll(/["'`,]|\$\{[^}]*\}/g, " ")
      .split(/\s+/)
      .filter(Boolean);
    const restyling = classes.filter((name) => !placement.test(name.split(":").at(-1) ?? name));
    return restyling.length > 0
      ? [`<${component}> restyled with "${restyling.join(" ")}": add a variant to it instead`]
      : [];
  });
}

describe("shared components", () => {
  it("no section outside app/components/ui writes a tag, chip, icon tile or step number by hand", () => {
    const findings = files("app", /\.tsx?$/)
      .filter((file) => !file.startsWith(sharedComponents + path.sep))
      .flatMap((file) =>
        rawStyles(readFileSync(file, "utf8"), { jsx: file.endsWith(".tsx") }).map(
          (raw) => `${file}: ${raw}`,
        ),
      );
    expect(findings).toEqual([]);
  });

  it("the scan recognises the styles it replaced", () => {
    // The raw strings sections used before issue 16, finding 8.
    const before = [
      '"relative z-10 inline-flex rounded-full border border-slate-200 px-3 py-1 text-sm font-medium"',
      '"rounded-lg border border-slate-200 bg-slate-50 px-3 py-1.5 text-sm font-medium text-slate-800"',
      '"inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-semibold"',
      '"grid size-12 shrink-0 place-items-center rounded-xl bg-indigo-50 text-accent"',
      '"grid size-11 place-items-center rounded-xl bg-gradient-to-br from-accent to-cyan-600 text-white"',
      '"absolute top-0 left-0 grid size-11 place-items-center rounded-full border bg-indigo-50 text-sm font-semibold text-accent-600 tabular-nums"',
      '"grid size-10 shrink-0 place-items-center rounded-full bg-white text-sm font-semibold text-accent-600 ring-1"',
      '{String(index + 1).padStart(2, "0")}',
    ];
    for (const source of before) expect(rawStyles(source), source).not.toEqual([]);
    // Shapes that are not one of these ideas pass: a button, an avatar, a disclosure's icon.
    expect(
      rawStyles('"grid size-7 shrink-0 place-items-center rounded-full border text-slate-600"'),
    ).toEqual([]);
    expect(rawStyles('"rounded-full bg-white px-5 py-3 font-semibold text-ink"')).toEqual([]);
  });

  it("no Tag, Chip or StepNumber is restyled through its className, only placed", () => {
    const findings = files("app", /\.tsx$/).flatMap((file) =>
      restyledSharedComponents(readFileSync(file, "utf8")).map((found) => `${file}: ${found}`),
    );
    expect(findings).toEqual([]);
  });

  it("tells placing a shared component from restyling it", () => {
    expect(
      restyledSharedComponents(
        '<Tag tone="inverse" size="md" className="mt-5 ring-1 ring-white/15">',
      ),
    ).toHaveLength(1);
    expect(restyledSharedComponents('<StepNumber number={1} className="size-11" />')).toHaveLength(
      1,
    );
    expect(
      restyledSharedComponents('<Chip asChild className={cn("px-6", open && "z-10")}>'),
    ).toHaveLength(1);
    expect(
      restyledSharedComponents(
        '<StepNumber number={1} className="absolute top-0 left-0" /><Tag className="self-start lg:mt-2">',
      ),
    ).toEqual([]);
  });
});

describe("durations", () => {
  // Every duration in the copy is checked by tests/unit/house-style.test.ts;
  // this is the content schema's field, which tells an author at build time.
  it("the content schema takes the house form and refuses the others, saying what to write", () => {
    for (const good of ["1 week", "2–3 weeks", "6 months", "Ongoing", "Every 2 weeks"]) {
      expect(durationField.safeParse(good).success, good).toBe(true);
    }
    for (const bad of ["2-3 weeks", "2 to 3 weeks", "2-3 WEEKS", "3 wks", "Two-week sprints"]) {
      const result = durationField.safeParse(bad);
      expect(result.success, bad).toBe(false);
    }
    expect(durationField.safeParse("2 to 3 weeks").error?.issues[0]?.message).toContain(
      '"2–3 weeks"',
    );
  });
});
