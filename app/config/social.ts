/** Every page's social card (Open Graph / Twitter image): a 1200x630 PNG. */
export const socialCardSize = { width: 1200, height: 630 } as const;
