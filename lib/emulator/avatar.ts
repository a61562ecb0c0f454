const COLOURS = ["#2563eb", "#7c3aed", "#db2777", "#dc2626", "#ea580c", "#ca8a04", "#16a34a", "#0d9488", "#0891b2", "#4f46e5"];

/** Letters only, so markup in a (hostile) name never reaches the SVG. */
function initialsOf(name: string): string {
  const words = name.match(/\p{L}+/gu) ?? [];
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? "");
  return (letters.join("") || "?").toUpperCase();
}

/** A small coloured circle with the person's initials, as a URL-encoded SVG data URI. */
export function avatarFor(name: string, colourIndex: number): string {
  const fill = COLOURS[Math.abs(colourIndex) % COLOURS.length] ?? "#2563eb";
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'><circle cx='32' cy='32' r='32' fill='${fill}'/>` +
    `<text x='32' y='41' text-anchor='middle' font-family='sans-serif' font-size='24' fill='#fff'>${initialsOf(name)}</text></svg>`;
  // Fully encoded, then the characters that are safe in a data URI put back, to keep it short.
  const encoded = encodeURIComponent(svg).replace(/%2F/g, "/").replace(/%3D/g, "=").replace(/%3A/g, ":");
  return `data:image/svg+xml,${encoded}`;
}
