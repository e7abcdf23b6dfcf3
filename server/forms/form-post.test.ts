import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contactPost, formFields } from "../../tests/support/contact-posts";
import { manualClock, recordingLogger } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-databases";
import { createPostScreen, type PostScreen } from "./form-post";

describe("the post screen while the database cannot count posts", () => {
  let database: TestDatabase;
  let screen: PostScreen;
  let log: ReturnType<typeof recordingLogger>;

  beforeEach(async () => {
    database = await createTestDatabase("sqlite");
    // A handle whose database is gone: every count fails at once.
    const gone = await database.open();
    await gone.destroy();
    log = recordingLogger();
    screen = createPostScreen({
      db: gone,
      formName: "Contact form",
      tokenForm: "contact",
      tokenSecret: "a-test-secret-that-is-long-enough-0009",
      rateLimit: { maxPosts: 2, windowMs: 600_000 },
      log,
      now: manualClock(),
      tokenTiming: { minAgeMs: 0, maxAgeMs: 600_000 },
    });
  });
  afterEach(() => database.drop());

  it("counts them in this process by the same rule, per client", async () => {
    const post = (address: string) =>
      screen.screen(contactPost(formFields(screen.issueToken()), address), Date.now() + 1_000);
    for (let n = 0; n < 2; n++) {
      expect(await post("203.0.113.5")).toMatchObject({ databaseAnswers: false });
    }
    expect(await post("203.0.113.5")).toMatchObject({
      refusal: { kind: "rate-limited", retryAfterSeconds: 600 },
    });
    // Another client has its own count.
    expect(await post("198.51.100.5")).toMatchObject({ databaseAnswers: false });
    expect(log.lines.filter((line) => line.endsWith("(rate-limited)"))).toHaveLength(1);
  });
});
