import { createLoader } from "nuqs/server";
import { isDay } from "@/lib/format/calendar-day";
import { parseAsAcceptedText } from "@/lib/url/param-parsers";

/** The transparency page's URL parameters: read by the page on the server and written by the report's form. */
export const transparencyRangeParams = { from: parseAsAcceptedText(isDay), to: parseAsAcceptedText(isDay) };

export const loadTransparencyRange = createLoader(transparencyRangeParams);
