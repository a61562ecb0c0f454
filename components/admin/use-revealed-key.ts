"use client";
import { useEffect, useState } from "react";

/** How long a revealed key stays on screen before it is masked again. */
export const REVEAL_SECONDS = 20;

type Revealed = { id: string; value: string; until: number };

/** One key's full value, held in memory only, masked again after REVEAL_SECONDS. */
export function useRevealedKey() {
  const [revealed, setRevealed] = useState<Revealed>();
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (!revealed) return;
    const timer = setInterval(() => {
      const time = Date.now();
      if (time >= revealed.until) setRevealed(undefined);
      else setNow(time);
    }, 250);
    return () => clearInterval(timer);
  }, [revealed]);
  return {
    revealed: revealed && { id: revealed.id, value: revealed.value, secondsLeft: Math.max(0, Math.ceil((revealed.until - now) / 1000)) },
    show(id: string, value: string) {
      const time = Date.now();
      setNow(time);
      setRevealed({ id, value, until: time + REVEAL_SECONDS * 1000 });
    },
    hide: () => setRevealed(undefined),
  };
}
