import type { LucideIcon } from "lucide-react";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { contentIconSprite, iconSprite } from "~/config/art";
import { contentIcons } from "~/site/art/content-icons.server";
import { ContentIcon, Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icon-names";
import { renderArtFile } from "~/site/art/art-files.server";
import { icons } from "~/site/art/icon-sprite.server";

/** An <svg>'s attributes (lucide's "lucide lucide-<name>" classes aside) and its content. */
function parseSvg(markup: string) {
  const match = /^<svg([^>]*)>([\s\S]*)<\/svg>$/.exec(markup);
  if (!match) throw new Error(`not an <svg>: ${markup}`);
  const attributes = Object.fromEntries(
    [...(match[1] ?? "").matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name = "", value = ""]) => [
      name,
      name === "class"
        ? value
            .split(" ")
            .filter((part) => part !== "lucide" && !part.startsWith("lucide-"))
            .join(" ")
        : value,
    ]),
  );
  return { attributes, content: match[2] ?? "" };
}

function expectSameDrawing(
  Lucide: LucideIcon,
  sprite: string,
  href: string,
  ours: (props: { className: string; strokeWidth: number }) => ReactElement,
  id: string,
) {
  const props = { className: "size-5 text-accent", strokeWidth: 1.8 };
  const lucide = parseSvg(renderToStaticMarkup(<Lucide {...props} />));
  const drawn = parseSvg(renderToStaticMarkup(ours(props)));
  expect(drawn.attributes).toEqual(lucide.attributes);
  expect(drawn.content).toBe(`<use href="${href}#${id}"></use>`);
  expect(sprite).toContain(`<symbol id="${id}" viewBox="0 0 24 24">${lucide.content}</symbol>`);
}

const uiSpriteMarkup = (await renderArtFile(iconSprite)) ?? "";
const contentSpriteMarkup = (await renderArtFile(contentIconSprite)) ?? "";

describe("icons drawn from the sprites", () => {
  const uiSprite = uiSpriteMarkup;
  it.each(Object.keys(icons) as IconName[])("%s looks as lucide-react draws it", (name) => {
    expectSameDrawing(
      icons[name],
      uiSprite,
      iconSprite,
      (props) => <Icon name={name} {...props} />,
      name,
    );
  });

  const contentSprite = contentSpriteMarkup;
  it.each(Object.keys(contentIcons) as (keyof typeof contentIcons)[])(
    "content icon %s looks as lucide-react draws it",
    (name) => {
      expectSameDrawing(
        contentIcons[name],
        contentSprite,
        contentIconSprite,
        (props) => <ContentIcon name={name} {...props} />,
        name,
      );
    },
  );
});
