"use client";
import { useRouter } from "next/navigation";
import type { ComponentProps, MouseEvent } from "react";

/**
 * A link inside the dashboard, navigated by the app router (no full page load), its page
 * prefetched when the pointer or focus comes to it. In place of next/link, which weighs about
 * 3 kB compressed on every page and prefetches every link that scrolls into view: a queue
 * screen would ask the server for a dozen user pages nobody opened. A modified click (new tab,
 * window, download) is left to the browser.
 */
export function AppLink({ href, onClick, ...props }: ComponentProps<"a"> & { href: string }) {
  const router = useRouter();
  const prefetch = () => router.prefetch(href);
  function navigate(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || props.target) return;
    event.preventDefault();
    router.push(href);
  }
  return <a {...props} href={href} onClick={navigate} onMouseEnter={prefetch} onFocus={prefetch} onTouchStart={prefetch} />;
}
