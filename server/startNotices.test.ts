import { describe, expect, it } from "vitest";
import { firstAdminNotice, framed, listenErrorLine } from "./startNotices.ts";

describe("start notices", () => {
  it("frame lines of any length in plain ASCII, every row as wide as the rules", () => {
    const box = framed(["short", "", "a longer line"]).split("\n");
    expect(box).toEqual([
      "+-----------------+",
      "|  short          |",
      "|                 |",
      "|  a longer line  |",
      "+-----------------+",
    ]);
    expect(box.join("")).toMatch(/^[\x20-\x7e]*$/);
  });

  it("show a generated admin password with where to sign in and how to get a new one", () => {
    const notice = firstAdminNotice(
      { email: "admin@example.com", generatedPassword: "pw-123" },
      "http://localhost:3000",
    );
    expect(notice).toContain("password  pw-123");
    expect(notice).toContain("e-mail    admin@example.com");
    expect(notice).toContain("Sign in at http://localhost:3000/login");
    expect(notice).toContain("npm run admin -- reset-password admin@example.com");
  });

  it("name the admin command with the settings that reach the node's database", () => {
    const notice = firstAdminNotice(
      { email: "admin@example.com", generatedPassword: "pw" },
      "http://localhost:3000",
      "DATA_DIR=./data-demo npm run admin --",
    );
    expect(notice).toContain("Lost it? DATA_DIR=./data-demo npm run admin -- reset-password admin@example.com");
  });

  it("show no password that came from ADMIN_PASSWORD", () => {
    const notice = firstAdminNotice({ email: "boss@example.com" }, "https://support.example.com");
    expect(notice).toContain("First admin created: boss@example.com, password from ADMIN_PASSWORD.");
    expect(notice).not.toContain("password  ");
  });

  it("turn the listen errors a setting fixes into one line, and leave others alone", () => {
    const where = { port: 3000, host: "10.9.9.9" };
    const error = (code: string) => Object.assign(new Error(code), { code });
    expect(listenErrorLine(error("EADDRINUSE"), where)).toBe("port 3000 is in use; set PORT");
    expect(listenErrorLine(error("EACCES"), where)).toMatch(/^port 3000 needs privileges .*; set PORT/);
    expect(listenErrorLine(error("EADDRNOTAVAIL"), where)).toBe("this machine has no address 10.9.9.9; set HOST");
    expect(listenErrorLine(error("EMFILE"), where)).toBeUndefined();
    expect(listenErrorLine(new Error("plain"), where)).toBeUndefined();
  });
});
