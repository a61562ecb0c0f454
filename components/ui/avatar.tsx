"use client";
import { useEffect, useRef, useState } from "react";
import { pictureSrc } from "@/lib/users/safe-url";

const sizes = { sm: "h-8 w-8 text-xs", md: "h-10 w-10 text-sm", lg: "h-16 w-16 text-xl" } as const;

/** Letters only, so markup or emoji in a (hostile) name never shape the fallback. */
function initialsOf(name: string): string {
  const words = name.match(/\p{L}+/gu) ?? [];
  return (words.slice(0, 2).map((word) => Array.from(word)[0] ?? "").join("") || "?").toUpperCase();
}

/**
 * A person's picture (or a group's icon), or their initials when there is none, the address is not
 * http(s) or a `data:image/` URI, or the image fails to load (the media route refused it: a host
 * that is not a configured media host, not an image). Decorative: the name is always shown beside it.
 */
export function Avatar({ src, name, size = "md" }: { src: string | undefined; name: string; size?: keyof typeof sizes }) {
  const safe = pictureSrc(src);
  const [failed, setFailed] = useState<string>();
  const img = useRef<HTMLImageElement>(null);
  // An image that failed before hydration fired its error event before React listened; decode() still tells.
  useEffect(() => {
    let live = true;
    img.current?.decode().catch(() => live && setFailed(safe));
    return () => {
      live = false;
    };
  }, [safe]);
  const box = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ${sizes[size]}`;
  if (!safe || failed === safe) {
    return (
      <span aria-hidden="true" className={`${box} bg-slate-200 font-semibold text-slate-700`}>
        {initialsOf(name)}
      </span>
    );
  }
  return (
    // Served by the dashboard's own media route (or inline data:), which next/image's optimiser must not fetch again.
    // eslint-disable-next-line @next/next/no-img-element
    <img ref={img} src={safe} alt="" referrerPolicy="no-referrer" onError={() => setFailed(safe)} className={`${box} bg-slate-100 object-cover`} />
  );
}
