"use client";
import { useState, type FormEvent } from "react";
import { DialogFormButtons } from "@/components/ui/dialog-form-buttons";
import { Modal } from "@/components/ui/modal";
import { useToast } from "@/components/ui/toaster";
import { useResetStaffPassword } from "@/lib/queries/staff-mutations";
import type { StaffMember } from "@/lib/staff/staff-schemas";

/**
 * An admin sets another staff member's password: one the dashboard makes up (shown here once, never
 * again) or one the admin types. Either way that person is signed out everywhere.
 */
export function ResetPasswordDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const reset = useResetStaffPassword();
  const toast = useToast();
  const [choose, setChoose] = useState(false);
  const [made, setMade] = useState<string>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = choose ? String(new FormData(event.currentTarget).get("password")) : null;
    reset.mutate(
      { id: member.id, password },
      {
        onSuccess: ({ data }) => {
          if (data.temporaryPassword) return setMade(data.temporaryPassword);
          toast({ tone: "success", message: `${member.email} has a new password and is signed out everywhere.` });
          onClose();
        },
      },
    );
  }

  return (
    <Modal open title={`Reset the password of ${member.email}?`} onClose={onClose}>
      {made ? (
        <div className="space-y-3 text-sm text-slate-700">
          <p role="status">
            The new password of {member.email} is below. It is shown only now: give it to them in a way you trust, and ask them to change it on
            their account page.
          </p>
          <p>
            <code data-testid="temporary-password" className="rounded bg-slate-100 px-2 py-1 font-mono text-base select-all">
              {made}
            </code>
          </p>
          <div className="flex justify-end">
            <button type="button" onClick={onClose} className="rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-800">
              Done
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} aria-label={`New password for ${member.email}`} className="space-y-3 text-sm text-slate-700">
          <p>They are signed out everywhere at once, and their old password stops working.</p>
          <fieldset className="space-y-2">
            <legend className="font-medium">New password</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" checked={!choose} onChange={() => setChoose(false)} className="h-6 w-6" />
              Make one up and show it to me once
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" checked={choose} onChange={() => setChoose(true)} className="h-6 w-6" />
              I will choose it
            </label>
          </fieldset>
          {choose && (
            <label className="block font-medium">
              Password <span className="font-normal text-slate-500">(at least 10 characters)</span>
              <input
                name="password"
                autoComplete="off"
                spellCheck={false}
                required
                minLength={10}
                maxLength={256}
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono"
              />
            </label>
          )}
          {reset.error && (
            <p role="alert" className="text-red-700">
              {reset.error.message}
            </p>
          )}
          <DialogFormButtons label="Reset password" pendingLabel="Resetting…" pending={reset.isPending} onCancel={onClose} />
        </form>
      )}
    </Modal>
  );
}
