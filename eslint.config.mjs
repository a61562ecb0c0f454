import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

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
      "no-restricted-imports": ["error", { paths: [{ name: "next/link", message: "Use AppLink (components/ui/app-link.tsx)." }] }],
    },
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
