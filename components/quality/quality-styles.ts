/** The quality pages' shared classes. */
export const submitButton = "min-h-6 rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-800 disabled:opacity-60";
export const secondaryButton = "min-h-6 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50 disabled:opacity-60";
export const panelHeading = "text-lg font-semibold";
