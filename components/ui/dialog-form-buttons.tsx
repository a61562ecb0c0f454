/** The footer of a form inside a Modal: Cancel, then the submit button that says what it does. */
export function DialogFormButtons({ label, pendingLabel, pending, onCancel }: { label: string; pendingLabel: string; pending: boolean; onCancel: () => void }) {
  return (
    <div className="flex justify-end gap-2 pt-1">
      <button type="button" onClick={onCancel} className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50">
        Cancel
      </button>
      <button type="submit" disabled={pending} className="rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-800 disabled:opacity-60">
        {pending ? pendingLabel : label}
      </button>
    </div>
  );
}
