import { Icon } from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { contentIconComponent, contentIconData } from "./content-icons.server";
import { contentIconNames } from "./icon-names";

describe("content icons sent as data", () => {
  it.each(contentIconNames)("%s draws exactly as its lucide component", (name) => {
    const Component = contentIconComponent(name);
    const props = { className: "size-[22px]", strokeWidth: 1.8, "aria-hidden": true } as const;
    const expected = renderToStaticMarkup(<Component {...props} />);
    expect(renderToStaticMarkup(<Icon icon={contentIconData(name)} {...props} />)).toBe(expected);
    expect(expected).toContain(`lucide-${name}`);
  });

  it("is plain data, so it survives the loader's serialisation", () => {
    const data = contentIconData("siren");
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });
});
