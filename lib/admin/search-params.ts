/** Page URLs arrive as Next's searchParams object on the server and as URLSearchParams in the browser. */
export type SearchParamsLike = URLSearchParams | Record<string, string | string[] | undefined>;

/** The value if it is one of the allowed ones, else the fallback: a malformed link never breaks a page. */
export function oneOf<T extends string>(allowed: readonly T[], value: string | null | undefined, fallback: T): T {
  return allowed.find((a) => a === value) ?? fallback;
}

/** The first value of each parameter, from Next's searchParams object or a URLSearchParams. */
export function firstValues(params: SearchParamsLike): Record<string, string> {
  const entries = params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params);
  const out: Record<string, string> = {};
  for (const [key, value] of entries) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined && !(key in out)) out[key] = first;
  }
  return out;
}
