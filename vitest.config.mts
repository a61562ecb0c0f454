import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${root}/` },
      // Tests run outside React's server environment, where "server-only" would throw on import.
      { find: /^server-only$/, replacement: `${root}/lib/testing/server-only-stub.ts` },
    ],
  },
  test: {
    include: ["lib/**/*.test.ts", "app/**/*.test.ts", "components/**/*.test.ts", "bench/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    globalSetup: ["lib/testing/vitest-global-setup.ts"],
  },
});
