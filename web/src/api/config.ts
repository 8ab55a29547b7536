/** Public configuration: which bot challenge is on, the external links, the version shown. */
import { useQuery } from "@tanstack/react-query";
import type { PublicConfig, PublicLinks } from "../../../common/schemas/publicConfig.ts";
import { api, routePath } from "./client.ts";

export type { PublicConfig, PublicLinks };

/** The ALTCHA widget fetches its challenge itself, from this URL. */
export const CAPTCHA_CHALLENGE_URL = routePath("captchaChallenge");

export function usePublicConfig() {
  return useQuery({
    queryKey: ["public-config"],
    queryFn: () => api.call("publicConfig"),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
