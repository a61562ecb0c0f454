import "server-only";
import { chat } from "@/lib/chat/service";

export function getUser(uid: string) {
  return chat().getUser(uid);
}
