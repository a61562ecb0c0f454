import { z } from "zod";
import { isDay } from "@/lib/format/calendar-day";

/** A day as YYYY-MM-DD that is in the calendar (not 2026-02-30 or 2026-13-01), read as UTC. */
export const calendarDaySchema = z.string({ error: "expected a day as YYYY-MM-DD" }).refine(isDay, "expected a calendar day as YYYY-MM-DD");
