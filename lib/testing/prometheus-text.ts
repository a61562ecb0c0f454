/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4), for tests: every line
 * must be a comment, a HELP or TYPE line, or a sample of a family whose TYPE came first; anything
 * else throws naming the line. (The npm parsers at hand drop the labels of labelled histograms.)
 */
export type Sample = { name: string; labels: Record<string, string>; value: number };
export type MetricFamily = { name: string; type: string; help: string; samples: Sample[] };

const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const TYPES = new Set(["counter", "gauge", "histogram", "summary", "untyped"]);
const helpLine = new RegExp(`^# HELP (${NAME}) (.*)$`);
const typeLine = new RegExp(`^# TYPE (${NAME}) (\\S+)$`);
const sampleLine = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const labelPair = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\[\\"n])*)"(?:,|$)/;

function parseValue(text: string, line: string): number {
  if (/^[+-]?inf$/i.test(text)) return text.startsWith("-") ? -Infinity : Infinity;
  if (/^nan$/i.test(text)) return Number.NaN;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) throw new Error(`not a sample value: ${line}`);
  return Number(text);
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest !== "") {
    const match = labelPair.exec(rest);
    if (!match) throw new Error(`not a label list: ${line}`);
    const [whole, name = "", value = ""] = match;
    labels[name] = value.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
    rest = rest.slice(whole.length);
  }
  return labels;
}

/** The family a sample belongs to: its own name, or a histogram's or summary's without the suffix. */
function familyOf(name: string, families: Map<string, MetricFamily>): MetricFamily | undefined {
  const own = families.get(name);
  if (own) return own;
  const base = families.get(name.replace(/_(bucket|sum|count)$/, ""));
  return base && (base.type === "histogram" || base.type === "summary") ? base : undefined;
}

export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const family = (name: string) => {
    const known = families.get(name) ?? { name, type: "untyped", help: "", samples: [] };
    families.set(name, known);
    return known;
  };
  for (const line of text.split("\n")) {
    const help = helpLine.exec(line);
    const type = typeLine.exec(line);
    const sample = sampleLine.exec(line);
    if (line === "" || (line.startsWith("#") && !help && !type && !/^# (HELP|TYPE) /.test(line))) continue;
    if (help) family(help[1] ?? "").help = help[2] ?? "";
    else if (type && TYPES.has(type[2] ?? "")) family(type[1] ?? "").type = type[2] ?? "";
    else if (sample) {
      const [, name = "", labels = "", value = ""] = sample;
      const owner = familyOf(name, families);
      if (!owner) throw new Error(`a sample before its family's TYPE: ${line}`);
      owner.samples.push({ name, labels: parseLabels(labels, line), value: parseValue(value, line) });
    } else throw new Error(`not a line of the Prometheus text format: ${line}`);
  }
  return families;
}

/** The value of the sample named `name` with exactly these labels (none: the unlabelled one), or undefined. */
export function sampleValue(families: Map<string, MetricFamily>, name: string, labels: Record<string, string> = {}): number | undefined {
  const key = (l: Record<string, string>) => JSON.stringify(Object.entries(l).sort());
  return familyOf(name, families)?.samples.find((s) => s.name === name && key(s.labels) === key(labels))?.value;
}
