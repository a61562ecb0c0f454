import { z } from "zod";

const isCalendarDay = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

/** A day as YYYY-MM-DD that is in the calendar (not 2026-02-30 or 2026-13-01), read as UTC. */
export const calendarDaySchema = z.string({ error: "expected a day as YYYY-MM-DD" }).refine(isCalendarDay, "expected a calendar day as YYYY-MM-DD");
