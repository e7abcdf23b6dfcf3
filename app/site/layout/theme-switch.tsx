import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icon-names";
import { chooseTheme, currentThemeChoice, nextThemeChoice, type ThemeChoice } from "~/lib/theme";

/**
 * The header's theme switch: one button that goes through the system's theme,
 * light and dark (app/lib/theme.ts). Which one is shown is read from <html>'s
 * data-theme by the stylesheet, not by React, so the server's HTML is right
 * from the first paint and nothing changes at hydration; the button's name is
 * the visible choice's label (the hidden ones are display: none).
 */
const choices: { choice: ThemeChoice; icon: IconName; label: string; className: string }[] = [
  {
    choice: "system",
    icon: "monitor",
    label: "system",
    className: "grid in-data-[theme]:hidden",
  },
  {
    choice: "light",
    icon: "sun",
    label: "light",
    className: "hidden in-data-[theme=light]:grid",
  },
  {
    choice: "dark",
    icon: "moon",
    label: "dark",
    className: "hidden in-data-[theme=dark]:grid",
  },
];

export function ThemeSwitch() {
  return (
    <button
      type="button"
      data-theme-switch
      onClick={() =>
        chooseTheme(
          nextThemeChoice(currentThemeChoice(), matchMedia("(prefers-color-scheme: dark)").matches),
        )
      }
      className="grid size-11 shrink-0 place-items-center rounded-full text-mist transition-colors duration-200 hover:bg-white/10 hover:text-white"
    >
      {choices.map(({ choice, icon, label, className }) => (
        <span key={choice} className={className}>
          <Icon name={icon} className="size-5" />
          <span className="sr-only">Theme: {label}</span>
        </span>
      ))}
    </button>
  );
}
