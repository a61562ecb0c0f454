"use client";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { makeQueryClient } from "@/lib/queries/make-query-client";
import { ReadyMarker } from "./ui/ready-marker";
import { Toaster } from "./ui/toaster";

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Toaster>{children}</Toaster>
      <ReadyMarker />
    </QueryClientProvider>
  );
}
