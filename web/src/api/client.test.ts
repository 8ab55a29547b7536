/** The client keeps what a refusal carries besides its text: the wait it asks for, the file it names. */
import { describe, expect, it } from "vitest";
import { ApiError, retryAfterSeconds } from "./client.ts";

describe("Retry-After", () => {
  it("reads seconds and HTTP dates, and nothing else", () => {
    expect(retryAfterSeconds("600")).toBe(600);
    expect(retryAfterSeconds(" 5 ")).toBe(5);
    const now = Date.parse("2030-01-01T00:00:00Z");
    expect(retryAfterSeconds("Tue, 01 Jan 2030 00:02:30 GMT", now)).toBe(150);
    expect(retryAfterSeconds("Tue, 31 Dec 2029 00:00:00 GMT", now)).toBe(0);
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds("soon")).toBeUndefined();
  });
});

describe("ApiError", () => {
  it("lists a 422's field problems and keeps the wait and the refused file", () => {
    const issues = [{ loc: ["body", "message"], msg: "Input is too long.", type: "too_long" }];
    const error = new ApiError(422, issues, "validation", {
      retryAfterSeconds: 30,
      file: { index: 1, name: "clip.mov" },
    });
    expect(error.issues).toEqual(issues);
    expect(error.message).toBe("Input is too long.");
    expect(error.retryAfterSeconds).toBe(30);
    expect(error.file).toEqual({ index: 1, name: "clip.mov" });
    expect(new ApiError(409, "closed", "ticket_ended").issues).toEqual([]);
  });
});
