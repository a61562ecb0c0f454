"use client";
import { ErrorState } from "@/components/ui/error-state";

export default function SecondReviewError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorState title="The second review could not be shown." error={new Error(error.digest ? `Something went wrong (reference ${error.digest}).` : error.message)} onRetry={reset} />;
}
