/** The initials an avatar shows: first and last name's first letters ("Tomás Silva" gives "TS"). */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0] ?? "";
  const last = parts.length > 1 ? (parts.at(-1) ?? "") : "";
  return (Array.from(first)[0] ?? "").concat(Array.from(last)[0] ?? "").toLocaleUpperCase("en-GB");
}
