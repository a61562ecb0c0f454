/** @type {import('next').NextConfig} */
const nextConfig = {
  // Lets parallel work trees and test runs keep separate builds (default .next).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  // forbidden() renders app/forbidden.tsx for a role that may not open a page.
  experimental: { authInterrupts: true },
  // PGlite ships WASM and data files that must be loaded from node_modules at run time, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pino"],
};

export default nextConfig;
