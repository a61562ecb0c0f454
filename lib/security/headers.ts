/**
 * The pages' Content-Security-Policy. Scripts run only with this response's nonce (Next puts it on
 * its own scripts when it finds the policy on the request) and whatever those load ('strict-dynamic');
 * there is no 'unsafe-eval' outside development, where React's dev tooling needs it.
 * Styles allow 'unsafe-inline' because React writes `style` attributes into server-rendered HTML
 * (chart bars, the virtual queue list), which a nonce cannot cover. Images: our own (message media,
 * avatars and group icons all come through the checked media route, lib/media) and the
 * `data:image/` avatars the chat service may send inline (see lib/users/safe-url.ts); never another
 * host, since a chat user chooses their avatar's URL.
 */
export function contentSecurityPolicy(nonce: string, { development }: { development: boolean }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}

/** A fresh, unguessable nonce per response (128 bits, base64). */
export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * Strict-Transport-Security, only for a production dashboard that staff reach over https: a
 * development or plain-http address must not teach the browser to refuse http for that host.
 */
export function setStrictTransportSecurity(headers: Headers, config: { appUrl: string; NODE_ENV: string }): void {
  if (config.NODE_ENV === "production" && config.appUrl.startsWith("https://")) {
    headers.set("strict-transport-security", "max-age=63072000; includeSubDomains");
  }
}
