import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Moderation dashboard", template: "%s · Moderation dashboard" },
  description: "Review flagged messages and act on users of the chat service.",
  // Named here so browsers take it instead of asking for a /favicon.ico that does not exist.
  icons: { icon: "/icon.svg" },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page, not-found included, is rendered per request so its scripts carry that response's CSP nonce (proxy.ts).
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
