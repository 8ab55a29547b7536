/** Public configuration: which bot challenge is on, the external links, the version shown. */
import { useQuery } from "@tanstack/react-query";
import { api } from "./client.ts";

export interface PublicLinks {
  gameSite: string;
  gameLogin: string;
  safeZone: string;
  changePassword: string;
  deleteAccount: string;
  discord: string;
  facebook: string;
  youtube: string;
}

export interface PublicConfig {
  captcha: "altcha" | "off";
  links: Partial<PublicLinks>;
  version: string;
}

export const CAPTCHA_CHALLENGE_URL = "/api/captcha/challenge";

export function usePublicConfig() {
  return useQuery({
    queryKey: ["public-config"],
    queryFn: () => api.get<PublicConfig>("/api/config/public"),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
