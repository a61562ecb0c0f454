"use client";
import { useIsFetching, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

/**
 * Marks the page ready (`<html data-ready="true">`) once it has hydrated, no query is in flight and
 * nothing on it says it is still loading (`aria-busy="true"`: skeletons, parts whose code is still
 * on its way), and not ready while any of that is so: what the browser tests wait for instead of
 * guessing from network traffic or reading React's internals. It sits above every page, so its
 * effect runs after theirs, when their first queries have started: the count is read from the
 * client then, not from this render.
 */
export function ReadyMarker() {
  const client = useQueryClient();
  const fetching = useIsFetching();
  useEffect(() => {
    const update = () => {
      document.documentElement.dataset.ready = String(client.isFetching() === 0 && document.querySelector('[aria-busy="true"]') === null);
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-busy"] });
    return () => observer.disconnect();
  }, [client, fetching]);
  return null;
}
