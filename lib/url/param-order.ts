/**
 * One view, one address: a page's parameters are written in the order its declaration lists them,
 * whatever order the viewer changed them in, so equal views give equal links. Parameters the page
 * does not declare keep their place after the declared ones.
 */

/** The URL names of a declaration's parameters, in its order (`urlKeys` renames some). */
export function urlKeyOrder(params: Record<string, unknown>, urlKeys: Partial<Record<string, string>> = {}): string[] {
  return Object.keys(params).map((key) => urlKeys[key] ?? key);
}

/** The same parameters, declared ones first in `order` (a stable sort keeps repeated and undeclared ones in place). */
export function inDeclaredOrder(search: URLSearchParams, order: readonly string[]): URLSearchParams {
  const rank = (key: string) => {
    const at = order.indexOf(key);
    return at === -1 ? order.length : at;
  };
  return new URLSearchParams([...search.entries()].sort(([a], [b]) => rank(a) - rank(b)));
}
