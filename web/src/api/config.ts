/** Public configuration: which bot challenge is on, the external links, the version shown. */
import { useQuery } from "@tanstack/react-query";
import type { PublicConfig, PublicLinks } from "../../../common/schemas/publicConfig.ts";
import { api } from "./client.ts";

export type { PublicConfig, PublicLinks };

export const CAPTCHA_CHALLENGE_URL = "/api/captcha/challenge";

export function usePublicConfig() {
  return useQuery({
    queryKey: ["public-config"],
    queryFn: () => api.get<PublicConfig>("/api/config/public"),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
