import type { LucideIcon } from "lucide-react";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { contentIconSprite, iconSprite } from "~/config/art";
import { contentIcons } from "~/site/art/content-icons.server";
import { ContentIcon, Icon } from "~/components/ui/icon";
import { brandIconNames, type IconName } from "~/components/ui/icon-names";
import { renderArtFile } from "~/site/art/art-files.server";
import {
  brandIconShapes,
  icons,
  symbolPaint,
  symbolPaintAttributes,
} from "~/site/art/icon-sprite.server";

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
  // The page's <svg> and the symbol's paint together are lucide's <svg>
  // (whose xmlns HTML does not need).
  const { xmlns, ...lucideAttributes } = lucide.attributes;
  expect(xmlns).toBe("http://www.w3.org/2000/svg");
  expect({ ...drawn.attributes, ...symbolPaint }).toEqual(lucideAttributes);
  for (const name of Object.keys(symbolPaint)) expect(drawn.attributes).not.toHaveProperty([name]);
  expect(drawn.content).toBe(`<use href="${href}#${id}"></use>`);
  expect(sprite).toContain(
    `<symbol id="${id}" viewBox="0 0 24 24" ${symbolPaintAttributes}>${lucide.content}</symbol>`,
  );
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

  it.each(brandIconNames)(
    "the social logo %s is a symbol of the icons' sprite, drawn by Icon",
    (name) => {
      expect(uiSprite).toContain(`<symbol id="${name}" viewBox="0 0 24 24"`);
      expect(uiSprite).toContain(`>${brandIconShapes[name]}</symbol>`);
      const drawn = parseSvg(renderToStaticMarkup(<Icon name={name} className="size-5" />));
      expect(drawn.content).toBe(`<use href="${iconSprite}#${name}"></use>`);
      expect(drawn.attributes).toMatchObject({ "aria-hidden": "true", viewBox: "0 0 24 24" });
    },
  );
});
