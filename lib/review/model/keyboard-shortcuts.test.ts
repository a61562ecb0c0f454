import { describe, expect, it } from "vitest";
import { commandForKey, isTypingTarget, type KeyEventLike } from "./keyboard-shortcuts";

const press = (key: string, target: KeyEventLike["target"] = { tagName: "BODY" }, mods: Partial<KeyEventLike> = {}): KeyEventLike => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target,
  ...mods,
});

describe("commandForKey", () => {
  it.each([
    ["j", "next"],
    ["k", "previous"],
    ["x", "select"],
    ["o", "expand"],
    ["Enter", "expand"],
    ["m", "media"],
    ["p", "pin"],
    ["d", "deactivate"],
    ["r", "resolve"],
    ["e", "dismiss"],
    ["c", "claim"],
    ["n", "note"],
    ["/", "search"],
    ["?", "help"],
  ])("maps %s to %s", (key, command) => {
    expect(commandForKey(press(key))).toBe(command);
  });

  it("treats an upper-case letter (Caps Lock) like the lower-case one", () => expect(commandForKey(press("J"))).toBe("next"));

  it("ignores keys with Ctrl, Cmd or Alt, which belong to the browser", () => {
    expect(commandForKey(press("r", undefined, { ctrlKey: true }))).toBeNull();
    expect(commandForKey(press("r", undefined, { metaKey: true }))).toBeNull();
    expect(commandForKey(press("r", undefined, { altKey: true }))).toBeNull();
  });

  it("never fires while typing in a text field, a text area, a select or editable content", () => {
    for (const target of [{ tagName: "INPUT", type: "search" }, { tagName: "INPUT" }, { tagName: "TEXTAREA" }, { tagName: "SELECT" }, { tagName: "DIV", isContentEditable: true }]) {
      expect(commandForKey(press("r", target))).toBeNull();
      expect(commandForKey(press("/", target))).toBeNull();
    }
  });

  it("still works from a focused checkbox or button", () => {
    expect(commandForKey(press("j", { tagName: "INPUT", type: "checkbox" }))).toBe("next");
    expect(commandForKey(press("r", { tagName: "BUTTON" }))).toBe("resolve");
  });

  it("leaves Enter to a focused button or link", () => {
    expect(commandForKey(press("Enter", { tagName: "BUTTON" }))).toBeNull();
    expect(commandForKey(press("Enter", { tagName: "A" }))).toBeNull();
  });

  it("ignores other keys", () => {
    expect(commandForKey(press("q"))).toBeNull();
    expect(commandForKey(press("ArrowDown"))).toBeNull();
  });
});

describe("isTypingTarget", () => {
  it("does not count a checkbox or radio as typing", () => {
    expect(isTypingTarget({ tagName: "INPUT", type: "checkbox" })).toBe(false);
    expect(isTypingTarget({ tagName: "INPUT", type: "radio" })).toBe(false);
  });
});
