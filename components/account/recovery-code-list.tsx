/** One-time recovery codes as shown once, after set-up or after making new ones. */
export function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <ul aria-label="Recovery codes" className="mt-2 grid grid-cols-2 gap-1 font-mono text-xs sm:grid-cols-3">
      {codes.map((code) => (
        <li key={code} className="rounded bg-slate-100 px-2 py-1">
          {code}
        </li>
      ))}
    </ul>
  );
}
