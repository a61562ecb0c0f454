import "server-only";
import { chat } from "@/lib/chat/service";

export function listFlaggedMessages() {
  return chat().listFlaggedMessages();
}
