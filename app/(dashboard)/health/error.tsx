"use client";
import { ErrorState } from "@/components/ui/error-state";

export default function HealthError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorState title="The queue's health could not be shown." error={new Error(error.digest ? `Something went wrong (reference ${error.digest}).` : error.message)} onRetry={reset} />;
}
