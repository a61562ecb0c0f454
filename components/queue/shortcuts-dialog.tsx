"use client";
import { Modal } from "@/components/ui/modal";
import { QUEUE_SHORTCUTS } from "@/lib/review/model/keyboard-shortcuts";

/** Every keyboard shortcut of the queue ("?"), from the same table the key handler reads. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="Keyboard shortcuts" width="28rem" onClose={onClose}>
      <p className="text-sm text-slate-600">They act on the highlighted item, and never while you type in a field.</p>
      <table className="w-full text-sm">
        <caption className="sr-only">Keys and what they do</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {QUEUE_SHORTCUTS.map((s) => (
            <tr key={s.key} className="border-t border-slate-100">
              <td className="py-1.5 pr-4">
                <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs">{s.key}</kbd>
              </td>
              <td className="py-1.5">{s.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex justify-end">
        <button type="button" onClick={onClose} autoFocus className="rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-800">
          Close
        </button>
      </div>
    </Modal>
  );
}
