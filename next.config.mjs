/**
 * Headers that are the same on every response. The pages' Content-Security-Policy needs a nonce
 * per request and Strict-Transport-Security depends on APP_URL at run time: proxy.ts and the API
 * wrapper set those (lib/security/headers.ts).
 */
const everywhere = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
];

/** API answers are JSON (or a CSV download): nothing in them may run, load or be framed. */
const apiOnly = [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'" }];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Lets parallel work trees and test runs keep separate builds (default .next).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  // npm test type-checks the whole tree (tsc --noEmit) before its build and says so, so the build does not check it again.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_TYPES_CHECKED === "1" },
  experimental: {
    // forbidden() renders app/forbidden.tsx for a role that may not open a page.
    authInterrupts: true,
    // lib/cli/serve.ts loads every route before it listens and waits for it; Next's own preload,
    // started without waiting, would only walk the routes a second time.
    preloadEntriesOnStart: false,
    // CI builds a clean clone once: writing Turbopack's build cache (about 20 s on 2 cores) would never be read.
    ...(process.env.CI ? { turbopackFileSystemCacheForBuild: false } : {}),
  },
  // PGlite ships WASM and data files that must be loaded from node_modules at run time, not bundled.
  // prom-client: one copy per process, as its default process metrics expect.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pino", "prom-client"],
  async headers() {
    return [
      { source: "/:path*", headers: everywhere },
      { source: "/api/:path*", headers: apiOnly },
    ];
  },
};

export default nextConfig;
