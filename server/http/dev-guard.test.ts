import { describe, expect, it } from "vitest";
import { devRefusal } from "./dev-guard";

// npm run dev's guard (issue 41, defect 1): the editing API for this machine
// only, and never the lead database, backups or environment files.
describe("devRefusal", () => {
  it("lets loopback use the editor and the app's modules", () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      expect(devRefusal("/api/keystatic/tree", address)).toBeUndefined();
      expect(devRefusal("/keystatic", address)).toBeUndefined();
      expect(devRefusal("/app/root.tsx", address)).toBeUndefined();
    }
  });

  it("refuses the editor to any other address", () => {
    for (const address of ["10.200.0.2", "::ffff:192.0.2.7", "fe80::1", undefined]) {
      expect(devRefusal("/api/keystatic/update", address)).toMatch(/^Forbidden/);
      expect(devRefusal("/keystatic/collection/posts", address)).toMatch(/^Forbidden/);
      expect(devRefusal("/contact", address)).toBeUndefined();
    }
  });

  it("refuses the database, its backups and .env files to everyone", () => {
    for (const path of [
      "/data/corvanta.db",
      "/data/",
      "/backups/2026-11-01/database.sqlite",
      "/.env",
      "/.env.local",
      "/somewhere/leads.db-wal",
    ]) {
      expect(devRefusal(path, "127.0.0.1"), path).toMatch(/^Forbidden/);
    }
  });
});
