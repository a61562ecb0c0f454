import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { importFences } from "./lib/lint/import-fences.mjs";

const NEXT_LINK = { name: "next/link", message: "Use AppLink (components/ui/app-link.tsx)." };
/** Where code may not reach, by folder (the fences in docs/architecture.md). */
const outOf = (folders) => ({
  regex: `^(@/|(\\.\\./)+)(${folders.join("|")})(/|$)`,
  message: `Not from here: ${folders.join(", ")} depend on this folder, not the other way round.`,
});

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", "node_modules/**", ".data/**", ".next-*/**", "next-env.d.ts", "test-results/**", "playwright-report/**", "bench/results/**"]),
  {
    rules: {
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // One import of next/link anywhere puts its 3 kB back into every page's first JavaScript.
      "no-restricted-imports": ["error", { paths: [NEXT_LINK] }],
    },
  },
  {
    plugins: { fences: importFences },
    rules: { "fences/no-server-import-in-browser-code": "error" },
  },
  {
    // lib is what app, components and bench are built on; components are what app is built on.
    files: ["lib/**"],
    rules: { "no-restricted-imports": ["error", { paths: [NEXT_LINK], patterns: [outOf(["app", "components", "bench", "e2e"])] }] },
  },
  {
    files: ["components/**"],
    rules: { "no-restricted-imports": ["error", { paths: [NEXT_LINK], patterns: [outOf(["app", "bench", "e2e"])] }] },
  },
  {
    // Every browser test runs under the fixture that checks each response for the chat-service key.
    files: ["e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "@playwright/test", importNames: ["test"], message: "Import test from ./support/fixtures: it checks every response for the chat-service key." }] },
      ],
    },
  },
]);
