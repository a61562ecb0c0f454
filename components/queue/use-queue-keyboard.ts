"use client";
import { useEffect, useEffectEvent } from "react";
import { commandForKey, type QueueCommand } from "@/lib/review/model/keyboard-shortcuts";

/**
 * Listens for the queue's shortcuts on the whole page. Silent while a dialog is open (its own keys
 * win) and, through commandForKey, while the moderator types in a field.
 */
export function useQueueKeyboard(onCommand: (command: QueueCommand) => void) {
  const handle = useEffectEvent(onCommand);
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector("dialog[open]")) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const command = commandForKey({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        target: target && {
          tagName: target.tagName,
          isContentEditable: target.isContentEditable,
          type: target instanceof HTMLInputElement ? target.type : undefined,
        },
      });
      if (!command) return;
      event.preventDefault();
      handle(command);
    };
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);
}
