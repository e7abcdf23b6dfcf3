import { describe, expect, it } from "vitest";
import { editingStorage } from "./editing-storage.server";

const app = {
  KEYSTATIC_GITHUB_CLIENT_ID: "Iv1.id",
  KEYSTATIC_GITHUB_CLIENT_SECRET: "secret",
  KEYSTATIC_SECRET: "x".repeat(40),
};

describe("where the editing UI saves", () => {
  it("saves to the working tree in npm run dev, or to GitHub given a repository", () => {
    expect(editingStorage({}, true)).toEqual({ kind: "local" });
    expect(editingStorage({ KEYSTATIC_GITHUB_REPO: "corvanta/website" }, true)).toEqual({
      kind: "github",
      owner: "corvanta",
      name: "website",
    });
  });

  it("is off in production unless the App and the repository are all given", () => {
    expect(editingStorage({}, false)).toBeUndefined();
    expect(editingStorage(app, false)).toBeUndefined();
    expect(editingStorage({ ...app, KEYSTATIC_GITHUB_REPO: "website" }, false)).toBeUndefined();
    expect(
      editingStorage({ ...app, KEYSTATIC_SECRET: "", KEYSTATIC_GITHUB_REPO: "a/b" }, false),
    ).toBeUndefined();
    expect(editingStorage({ ...app, KEYSTATIC_GITHUB_REPO: "corvanta/website" }, false)).toEqual({
      kind: "github",
      owner: "corvanta",
      name: "website",
    });
  });
});
