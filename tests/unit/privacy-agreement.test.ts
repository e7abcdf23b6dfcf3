import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readEnv } from "../../server/env";

// The privacy notice, docs/leads.md and docs/security.md tell
// visitors, staff and operators the same periods: the server's defaults (decision 077).

const { LEADS_RETENTION_DAYS, REGISTRATIONS_RETENTION_DAYS } = readEnv({});
const documents = {
  "content/pages/privacy.yaml": readFileSync("content/pages/privacy.yaml", "utf8"),
  "docs/leads.md": readFileSync("docs/leads.md", "utf8"),
  "docs/security.md": readFileSync("docs/security.md", "utf8"),
};

describe("what is stored and for how long", () => {
  for (const [name, text] of Object.entries(documents)) {
    it(`${name} gives the retention defaults and the source fields`, () => {
      const flat = text.replace(/\s+/g, " ");
      expect(flat).toContain(`${LEADS_RETENTION_DAYS} days`);
      expect(flat).toContain(`${REGISTRATIONS_RETENTION_DAYS} days after`);
      for (const field of ["utm_source", "utm_medium", "utm_campaign"])
        expect(flat).toContain(field);
      expect(flat).toMatch(/no cookies?/i);
      expect(flat).toMatch(/SMTP/);
    });
  }
});
