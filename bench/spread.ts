import { percentile } from "./load";

/** The middle of several rounds of one measurement and how far the rounds strayed from it. */
export type Spread = { median: number; min: number; max: number };

/** Median, least and greatest of `values`; all 0 when there are none. */
export function spreadOf(values: readonly number[]): Spread {
  if (values.length === 0) return { median: 0, min: 0, max: 0 };
  const sorted = Float64Array.from(values).sort();
  return { median: percentile(sorted, 0.5), min: sorted[0] ?? 0, max: sorted[sorted.length - 1] ?? 0 };
}

/**
 * A read's throughput over its instance's floor (a route that does nothing). The floor is the most
 * any route of that process can serve, so a share above 1 says the measurement went wrong (the
 * machine was busier during the floor's cell), never that the read beat it.
 */
export function shareOfFloor(readRps: number, floorRps: number): number {
  return floorRps > 0 ? readRps / floorRps : 0;
}

export const isMeasurementError = (share: number) => share > 1;
