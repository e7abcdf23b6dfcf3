import { describe, expect, it } from "vitest";
import { readEnv } from "./env";

describe("readEnv", () => {
  it("defaults to port 3000 on every interface", () => {
    const env = readEnv({});
    expect(env).toMatchObject({ PORT: 3000, NODE_ENV: "production" });
    expect(env.HOST).toBeUndefined();
  });

  it("reads PORT and HOST", () => {
    expect(readEnv({ PORT: "8080", HOST: "127.0.0.1" })).toMatchObject({
      PORT: 8080,
      HOST: "127.0.0.1",
    });
  });

  it("names the variable that is wrong", () => {
    expect(() => readEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => readEnv({ PORT: "70000" })).toThrow(/PORT/);
  });
});
