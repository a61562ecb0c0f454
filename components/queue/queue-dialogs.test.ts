import { describe, expect, it } from "vitest";
import { storedItem } from "@/lib/testing/queue-items";
import { denormalizeItem } from "@/lib/review/model/denormalize";
import { NO_DIALOG, nextDialog, type QueueDialog } from "./queue-dialogs";

const item = (id: string) => denormalizeItem(storedItem(id), {}, {});

describe("the queue's dialogs", () => {
  it("open one at a time, from none", () => {
    const pin = nextDialog(NO_DIALOG, { type: "pin", item: item("1"), as: { kind: "app" } });
    expect(pin).toMatchObject({ kind: "pin", as: { kind: "app" } });
    // A stray second event leaves the open dialog as it is.
    expect(nextDialog(pin, { type: "shortcuts" })).toBe(pin);
    expect(nextDialog(pin, { type: "deactivate", items: [item("2")] })).toBe(pin);
  });

  it("close the same way, whichever is open", () => {
    const open: QueueDialog[] = [
      nextDialog(NO_DIALOG, { type: "shortcuts" }),
      nextDialog(NO_DIALOG, { type: "deactivate", items: [item("3")] }),
      nextDialog(NO_DIALOG, { type: "pin", item: item("4"), as: { kind: "sender" } }),
    ];
    expect(open.map((d) => d.kind)).toEqual(["shortcuts", "deactivate", "pin"]);
    for (const dialog of open) expect(nextDialog(dialog, { type: "close" })).toEqual(NO_DIALOG);
  });

  it("do not open a deactivation with nobody to deactivate", () => {
    expect(nextDialog(NO_DIALOG, { type: "deactivate", items: [] })).toBe(NO_DIALOG);
  });
});
