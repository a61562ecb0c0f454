/**
 * Runs the reads one after another and gives their answers in order, as Promise.all would: for
 * reads that would share the same cores anyway, and should not hold a connection each meanwhile.
 */
export async function oneAfterAnother<T extends readonly (() => PromiseLike<unknown>)[]>(reads: T): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}
