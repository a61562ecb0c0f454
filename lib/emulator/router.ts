/** A tiny exact-segment router: `:name` segments capture one already-decoded path segment. */

export type RouteDefinition<Handler> = { method: string; path: string; handle: Handler };

export type CompiledRoute<Handler> = RouteDefinition<Handler> & { key: string; segments: string[] };

export type RouteMatch<Handler> = { route: CompiledRoute<Handler>; params: Record<string, string> };

export function compileRoutes<Handler>(routes: readonly RouteDefinition<Handler>[]): CompiledRoute<Handler>[] {
  return routes.map((route) => ({ ...route, key: `${route.method} ${route.path}`, segments: route.path.split("/").slice(1) }));
}

/** An empty segment never fills a parameter, so `/users/` is not `/users/:uid`. */
export function matchRoute<Handler>(routes: readonly CompiledRoute<Handler>[], method: string, segments: readonly string[]): RouteMatch<Handler> | undefined {
  for (const route of routes) {
    if (route.method !== method || route.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < segments.length && ok; i++) {
      const pattern = route.segments[i] ?? "";
      const segment = segments[i] ?? "";
      if (pattern.startsWith(":")) {
        if (segment === "") ok = false;
        else params[pattern.slice(1)] = segment;
      } else if (pattern !== segment) {
        ok = false;
      }
    }
    if (ok) return { route, params };
  }
  return undefined;
}

/** Splits the raw path on "/" first, then percent-decodes each segment once. Undefined if malformed. */
export function decodeSegments(rawPath: string): string[] | undefined {
  const raw = rawPath.split("/").slice(1);
  try {
    return raw.map((segment) => (segment.includes("%") ? decodeURIComponent(segment) : segment));
  } catch {
    return undefined;
  }
}
