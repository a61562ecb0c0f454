"use client";
import type { ReactNode } from "react";

/** An error in words, with a way to try again. */
export function ErrorState({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : "Something went wrong.";
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{message}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className="mt-3 rounded-md bg-red-700 px-3 py-1.5 font-medium text-white hover:bg-red-800">
          Retry
        </button>
      )}
    </div>
  );
}

/**
 * An error in one line, where a small part of a page failed (a panel's note, a field's choices):
 * the words, then the way to try again. `as="span"` inside phrasing content such as a label.
 */
export function InlineError({
  children,
  onRetry,
  retryLabel = "Retry",
  className = "text-sm text-red-800",
  as: Tag = "p",
}: {
  children: ReactNode;
  onRetry: () => void;
  retryLabel?: string;
  className?: string;
  as?: "p" | "span";
}) {
  return (
    <Tag role="alert" className={className}>
      {children}{" "}
      <button type="button" onClick={onRetry} className="min-h-6 font-medium underline">
        {retryLabel}
      </button>
    </Tag>
  );
}
