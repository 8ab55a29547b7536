/**
 * Dates as the spec shows them: hh:mm dd.mm.yyyy from epoch seconds (spec/1-product-frame.md §5), local time.
 * Plain Date getters, not dayjs: the member home's announcements use it, and dayjs (3 kB) is then
 * no part of the player's first render.
 */
const pad = (value: number) => String(value).padStart(2, "0");

export function formatDateTime(epochSeconds: number): string {
  const date = new Date(epochSeconds * 1000);
  return `${pad(date.getHours())}:${pad(date.getMinutes())} ${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}
