/**
 * What a starting node tells the person at the terminal, beside its JSON request log: the first
 * admin's credentials in a frame that stands out, and one plain line for a port it cannot take.
 */

/**
 * Lines in a frame of plain ASCII (`+`, `-`, `|`), which every terminal and log viewer shows as
 * drawn, whatever its font or code page.
 */
export function framed(lines: readonly string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${"-".repeat(width + 4)}+`;
  const body = lines.map((line) => `|  ${line.padEnd(width)}  |`);
  return [rule, ...body, rule].join("\n");
}

export interface FirstAdmin {
  email: string;
  /** Absent when the password came from ADMIN_PASSWORD. */
  generatedPassword?: string;
}

/**
 * The notice of the admin created by this start; `siteUrl` without a trailing slash.
 * `adminCommand` is the command that reaches this node's database (`npm run admin --`, with the settings it needs).
 */
export function firstAdminNotice(admin: FirstAdmin, siteUrl: string, adminCommand = "npm run admin --"): string {
  const signIn = `Sign in at ${siteUrl}/login`;
  if (admin.generatedPassword === undefined) {
    return framed([`First admin created: ${admin.email}, password from ADMIN_PASSWORD.`, signIn]);
  }
  return framed([
    "First admin created. This password is shown only this once:",
    "",
    `  e-mail    ${admin.email}`,
    `  password  ${admin.generatedPassword}`,
    "",
    `${signIn} and change the password under Profile.`,
    `Lost it? ${adminCommand} reset-password ${admin.email}`,
  ]);
}

/**
 * A refusal to start whose message says all a person needs: printed alone, without a stack trace,
 * and the process exits with 1.
 */
export class StartError extends Error {}

/**
 * One line for a listen error a person can fix by a setting, or undefined for any other error
 * (whose stack trace then says more).
 */
export function listenErrorLine(error: unknown, where: { port: number; host: string }): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EADDRINUSE") return `port ${where.port} is in use; set PORT`;
  if (code === "EACCES") return `port ${where.port} needs privileges this user lacks; set PORT (1024 or above)`;
  if (code === "EADDRNOTAVAIL") return `this machine has no address ${where.host}; set HOST`;
  return undefined;
}
