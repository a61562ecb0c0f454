import { submitButton } from "./quality-styles";

/** What keeps a second review's or a ruling's form from being sent, read out when it appears. */
export function FormError({ error }: { error: string | undefined }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-red-800">
      {error}
    </p>
  );
}

export function SubmitButton({ pending, label }: { pending: boolean; label: string }) {
  return (
    <button type="submit" disabled={pending} className={submitButton}>
      {pending ? "Recording…" : label}
    </button>
  );
}
