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
/**
 * Where code runs, by folder: lib/<area>/server/, lib/<area>/live/ and lib/env/server are
 * server-only. Type-only imports may cross, as in the server-only rule (lib/lint/import-fences.mjs):
 * they are erased; hence typescript-eslint's no-restricted-imports, which can tell them apart.
 */
const SERVER_FOLDERS = {
  regex: "^(@/lib/[^/]+/|(\\.\\./)+([^/]+/)*)(server|live)(/|$)",
  allowTypeImports: true,
  message: "Server-only (lib/<area>/server, lib/<area>/live, lib/env/server): browser code may import its types only.",
};

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
    files: ["components/**", "lib/queries/**"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [SERVER_FOLDERS] }] },
  },
  {
    // Model code is what the browser may load. The chat service's contract schemas are plain zod
    // (the server-only rule still follows what they import); the rest of lib/chat is the client.
    // Tests run in Node and are never bundled, so they may load server fixtures.
    files: ["lib/review/model/**"],
    ignores: ["lib/review/model/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            SERVER_FOLDERS,
            {
              regex: "^(@/lib/|(\\.\\./)+(lib/)?)(db|chat(?!/(schemas|flagged-items)$))(/|$)",
              allowTypeImports: true,
              message: "Model code runs in the browser too: the database and the chat client are server-only.",
            },
            { regex: "^node:", message: "Model code runs in the browser too: no Node APIs." },
          ],
        },
      ],
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
