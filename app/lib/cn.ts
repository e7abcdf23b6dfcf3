import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names, dropping falsy ones. It does not merge Tailwind
 * utilities (tailwind-merge cost 9 KB gzip on every page, issue 6): a
 * component never takes a class that conflicts with its own; it offers a
 * variant or a prop instead. tests/e2e/class-conflicts.spec.ts checks.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
