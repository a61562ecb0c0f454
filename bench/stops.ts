type Stop = () => Promise<void> | void;

const stops: Stop[] = [];

/** Registers how to stop something just started; `stopEverything` runs these newest first. */
export function onStop(stop: Stop): void {
  stops.push(stop);
}

/** Stops everything registered; safe to call twice. */
export async function stopEverything(): Promise<void> {
  for (const stop of stops.splice(0).reverse()) {
    await Promise.resolve(stop()).catch((error: unknown) => console.error("while stopping:", error));
  }
}

// Node's default for these signals exits at once, leaving servers holding their ports and temp databases behind.
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const) {
  process.once(signal, () => {
    console.error(`${signal}: stopping everything that was started…`);
    void stopEverything().finally(() => process.exit(code));
  });
}
