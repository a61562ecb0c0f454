import type { z } from "zod";

/** One line per bad variable: `NAME: what is expected`. */
export function formatEnvError(error: z.ZodError): string {
  const lines = error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`);
  return `Invalid configuration:\n  ${lines.join("\n  ")}`;
}
