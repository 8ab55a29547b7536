/**
 * The figures that some error texts show. They are passed as `count`, so that each language picks
 * its own plural form (i18next) instead of a number written into the text. Kept apart from
 * useErrorText so that the locale tests can read it without a browser.
 */
import { LIMITS } from "../../../common/constants.ts";

export const ERROR_TEXT_VALUES: Readonly<Record<string, { count: number }>> = {
  too_many_files: { count: LIMITS.attachments },
};
