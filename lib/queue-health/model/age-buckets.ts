/**
 * The age bands the health page counts open items in, measured from an item's first flag. They
 * scale with the review target T, so a team with a tighter target sees its own thresholds: under
 * T/24, T/24 to T/6, T/6 to T (still within the target), T to 3T, and over 3T. With the default
 * 24-hour target that is < 1 h, 1–4 h, 4–24 h, 1–3 d and > 3 d.
 */
export type AgeBucket = { key: string; label: string; fromSeconds: number; toSeconds: number | null };

const EDGES = [1 / 24, 1 / 6, 1, 3] as const;
const KEYS = ["fresh", "waiting", "due", "overdue", "stale"] as const;

/** "45 min", "4 h", "3 d": short enough for a chart's axis. */
export function shortDuration(seconds: number): string {
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 2 * 86_400) return `${Number((seconds / 3600).toFixed(1))} h`;
  return `${Number((seconds / 86_400).toFixed(1))} d`;
}

export function ageBuckets(targetHours: number): AgeBucket[] {
  const edges = EDGES.map((share) => Math.round(share * targetHours * 3600));
  return KEYS.map((key, i) => {
    const fromSeconds = i === 0 ? 0 : (edges[i - 1] ?? 0);
    const toSeconds = edges[i] ?? null;
    const label = toSeconds === null ? `> ${shortDuration(fromSeconds)}` : i === 0 ? `< ${shortDuration(toSeconds)}` : `${shortDuration(fromSeconds)}–${shortDuration(toSeconds)}`;
    return { key, label, fromSeconds, toSeconds };
  });
}
