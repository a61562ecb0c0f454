export type MetadataRow = { key: string; value: string };

const MAX_DEPTH = 3;

/**
 * A user's free-form metadata as key/value rows: nested objects become dotted keys
 * (`@private.email`), lists of plain values are joined, and anything deeper is shown as JSON.
 */
export function metadataRows(metadata: Record<string, unknown> | undefined): MetadataRow[] {
  const rows: MetadataRow[] = [];
  const walk = (value: unknown, key: string, depth: number) => {
    if (value !== null && typeof value === "object" && !Array.isArray(value) && depth < MAX_DEPTH && Object.keys(value).length > 0) {
      for (const [child, inner] of Object.entries(value)) walk(inner, `${key}.${child}`, depth + 1);
      return;
    }
    rows.push({ key, value: display(value) });
  };
  for (const [key, value] of Object.entries(metadata ?? {})) walk(value, key, 1);
  return rows;
}

function display(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== "object")) return value.map(String).join(", ");
  if (value === null || typeof value !== "object") return String(value);
  return JSON.stringify(value);
}
