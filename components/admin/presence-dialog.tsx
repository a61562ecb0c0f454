"use client";
import { useId, useState, type FormEvent } from "react";
import { DialogFormButtons } from "@/components/ui/dialog-form-buttons";
import { Modal } from "@/components/ui/modal";
import { useConfirmPresence } from "@/lib/queries/api-key-mutations";

/**
 * Asks the admin to prove they are at the keyboard before a key is revealed or copied: the
 * authenticator code when two-factor is on, the password otherwise. The server remembers the proof
 * for this session for a few minutes, then asks again.
 */
export function PresenceDialog({
  open,
  twoFactor,
  keyName,
  onConfirmed,
  onCancel,
}: {
  open: boolean;
  twoFactor: boolean;
  keyName: string;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmPresence();
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState("");
  const close = () => {
    setValue("");
    confirm.reset();
    onCancel();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    confirm.mutate(twoFactor ? { code: value.trim() } : { password: value }, {
      onSuccess: () => {
        setValue("");
        confirm.reset();
        onConfirmed();
      },
    });
  }

  return (
    <Modal open={open} title="Confirm it is you" onClose={close}>
      <form onSubmit={submit} className="space-y-3 text-sm text-slate-700">
        <p>
          Revealing or copying “{keyName}” needs {twoFactor ? "the current code from your authenticator app" : "your password"} again. It is asked
          for once every 5 minutes, so an unattended session cannot reveal keys.
        </p>
        <label htmlFor={inputId} className="block font-medium text-slate-900">
          {twoFactor ? "Authenticator code" : "Your password"}
        </label>
        <input
          id={inputId}
          type={twoFactor ? "text" : "password"}
          inputMode={twoFactor ? "numeric" : undefined}
          autoComplete={twoFactor ? "one-time-code" : "current-password"}
          required
          autoFocus
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={confirm.isError ? true : undefined}
          aria-describedby={confirm.isError ? errorId : undefined}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
        {confirm.isError && (
          <p id={errorId} role="alert" className="text-red-800">
            {confirm.error.message}
          </p>
        )}
        <DialogFormButtons label="Confirm" pendingLabel="Checking…" pending={confirm.isPending} onCancel={close} />
      </form>
    </Modal>
  );
}
