import { describe, expect, it } from "vitest";
import { readFormWithin } from "./read-form";

const post = (body: BodyInit, type = "application/x-www-form-urlencoded") =>
  new Request("http://localhost/contact", {
    method: "POST",
    headers: { "Content-Type": type },
    body,
    duplex: "half",
  } as RequestInit);

/** A body sent in chunks without a length, counting the chunks read. */
function chunked(count: number, size: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === count) return controller.close();
      pulled++;
      controller.enqueue(new Uint8Array(size).fill(97));
    },
  });
  return { stream, pulled: () => pulled };
}

describe("readFormWithin", () => {
  it("reads a form", async () => {
    const form = await readFormWithin(post("name=Ana&consent=yes"), 1024);
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get("name")).toBe("Ana");
  });

  it("answers null for a body that is not a form", async () => {
    expect(await readFormWithin(post("{}", "application/json"), 1024)).toBeNull();
    expect(await readFormWithin(post("nonsense", "multipart/form-data; boundary=x"), 1024)).toBe(
      null,
    );
  });

  it("stops reading as soon as the body passes the limit", async () => {
    const body = chunked(16, 64 * 1024);
    expect(await readFormWithin(post(body.stream), 64 * 1024)).toBe("too-large");
    expect(body.pulled()).toBeLessThan(4);
  });
});
