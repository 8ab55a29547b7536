/** Dates as the spec shows them: hh:mm dd.mm.yyyy from epoch seconds (spec 1 §5). */
import dayjs from "dayjs";

export function formatDateTime(epochSeconds: number): string {
  return dayjs(epochSeconds * 1000).format("HH:mm DD.MM.YYYY");
}
