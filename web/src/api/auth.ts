/** Session, sign-in and password-token calls (spec/1-product-frame.md §7). */
import type { Language } from "../../../common/constants.ts";
import type { Permission } from "../../../common/permissions.ts";
import type { PulseCheckResponse, SessionUser } from "../../../common/schemas/auth.ts";
import { ApiError, api } from "./client.ts";
import { readIdToken } from "./idToken.ts";

export interface Session {
  user: SessionUser;
  temp: boolean;
}

/** pulse-check and login answer with the id token and the temp flag. */
function toSession(response: PulseCheckResponse): Session {
  const user = readIdToken(response.id_token);
  if (!user) throw new ApiError(500, "invalid_id_token");
  return { user, temp: response.temp || user.type === "temp" };
}

/** null when there is no session (401): that is the normal state of a visitor. */
export async function pulseCheck(): Promise<Session | null> {
  try {
    return toSession(await api.call("pulseCheck"));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      console.info("No session found.");
      return null;
    }
    throw error;
  }
}

export async function login(username: string, password: string, captchaToken: string): Promise<Session> {
  return toSession(await api.call("login", { username, password, captchaToken }));
}

export async function logout(): Promise<void> {
  await api.call("logout");
}

/** Ends every session of this user, on every device, this one included. */
export async function logoutEverywhere(): Promise<void> {
  await api.call("logoutEverywhere");
}

export async function fetchPermissions(): Promise<Permission[]> {
  return (await api.call("getPermissions")).permissions;
}

export async function fetchGuestPermissions(): Promise<Permission[]> {
  return (await api.call("getGuestPermissions")).permissions;
}

export async function checkPasswordToken(passwordToken: string): Promise<boolean> {
  try {
    await api.call("checkPasswordToken", { password_token: passwordToken });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
    throw error;
  }
}

export async function setupPassword(passwordToken: string, newPassword: string): Promise<void> {
  await api.call("setupPassword", { password_token: passwordToken, new_password: newPassword });
}

export async function changeLanguagePreference(language: Language): Promise<void> {
  await api.call("changeLanguagePreference", { language });
}

/** Where a signed-in user belongs: members to their home, everyone else to the staff area. */
export function homePathFor(session: Session): string {
  return session.user.class === "user" && !session.temp ? "/member/home" : "/admin/dashboard";
}
