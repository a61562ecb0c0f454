import { describe, expect, it } from "vitest";
import { parsePrometheusText, sampleValue } from "./prometheus-text";

describe("reading the Prometheus text format", () => {
  it("reads labelled histogram samples, escapes and special values", () => {
    const families = parsePrometheusText(
      [
        "# HELP t_seconds Time.",
        "# TYPE t_seconds histogram",
        't_seconds_bucket{le="+Inf",op="a\\"b"} 2',
        't_seconds_count{op="a\\"b"} 2',
        "# TYPE g gauge",
        "g Nan",
        "",
      ].join("\n"),
    );
    expect(families.get("t_seconds")).toMatchObject({ type: "histogram", help: "Time." });
    expect(sampleValue(families, "t_seconds_count", { op: 'a"b' })).toBe(2);
    expect(sampleValue(families, "g")).toBeNaN();
  });

  it.each([["g 1"], ["# TYPE g gauge\ng one"], ['# TYPE g gauge\ng{a="1" 1'], ["# TYPE g gauge\ng{a=1} 1"], ["# TYPE g gauge\n g 1"]])("refuses %j", (text) => {
    expect(() => parsePrometheusText(text)).toThrow();
  });
});
