/**
 * The body as JSON, or undefined when it is not JSON (a proxy's HTML error page, an empty body):
 * the callers answer that as an unexpected response in their own words. A body that cannot be read
 * at all still throws.
 */
export async function jsonOrUndefined(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}
