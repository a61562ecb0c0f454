/** Who else has this item open, in words ("Ana is on this"). */
export function QueuePresence({ names }: { names: readonly string[] }) {
  const shown = names.length > 3 ? [...names.slice(0, 2), `${names.length - 2} others`] : names;
  const list = shown.length > 1 ? `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}` : shown[0];
  return (
    <p className="inline-flex items-center gap-1.5 text-xs font-medium text-fuchsia-900">
      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-fuchsia-500" />
      {list} {names.length === 1 ? "is" : "are"} on this
    </p>
  );
}
