"use client";
import { useEffect, useState } from "react";

/** `value`, once it has held still for `ms`: what a search asks for while someone is still typing. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
