/** The account page's form classes, shared by its forms. */
export const inputClass = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm";
export const buttonClass = "min-h-6 rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-800 disabled:opacity-60";
export const dangerButtonClass = "min-h-6 rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60";
