/** Whether `value` is a whole UTC day as YYYY-MM-DD that exists in the calendar (not 2026-02-30 or 2026-13-01). Browser-safe, no zod. */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
