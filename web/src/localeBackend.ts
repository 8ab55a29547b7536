/**
 * The i18next backend: one JSON file per language and namespace, fetched from
 * /locales/<lang>/<ns>.json with the locales version as cache buster. Ours instead of
 * i18next-http-backend (3.5 kB compressed in every first render), which we
 * used only for this one GET. Like it, a network failure or a 5xx tells i18next to try again
 * (up to its own retry limit); a 4xx or a body that is not a JSON object does not.
 */
import type { BackendModule, ReadCallback, ResourceKey } from "i18next";

export function localePath(language: string, namespace: string, version: string): string {
  return `/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json?v=${encodeURIComponent(version)}`;
}

export async function fetchLocale(
  url: string,
  fetcher: typeof fetch = fetch,
): Promise<{ data: ResourceKey } | { error: string; retry: boolean }> {
  let response: Response;
  try {
    response = await fetcher(url, { credentials: "same-origin" });
  } catch (error) {
    return { error: `failed loading ${url}: ${String(error)}`, retry: true };
  }
  if (!response.ok) return { error: `failed loading ${url}: status ${response.status}`, retry: response.status >= 500 };
  try {
    const data: unknown = await response.json();
    if (typeof data !== "object" || data === null || Array.isArray(data))
      return { error: `failed parsing ${url}: not a JSON object`, retry: false };
    return { data: data as ResourceKey };
  } catch (error) {
    return { error: `failed parsing ${url}: ${String(error)}`, retry: false };
  }
}

export function localeBackend(version: string): BackendModule {
  return {
    type: "backend",
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      void fetchLocale(localePath(language, namespace, version)).then((result) => {
        if ("data" in result) callback(null, result.data);
        else callback(result.error, result.retry);
      });
    },
  };
}
