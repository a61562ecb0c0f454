"use client";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { roleChange, STAFF_ROLES, type StaffRole } from "@/lib/auth/roles";
import { staffListOptions } from "@/lib/queries/staff";
import { useAddStaff, useResetStaffTwoFactor, useUpdateStaff } from "@/lib/queries/staff-mutations";
import type { StaffMember } from "@/lib/staff/staff-schemas";
import { TableScroll } from "@/components/ui/table-scroll";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { lazyPart } from "@/components/ui/lazy-part";
import { useToast } from "@/components/ui/toaster";

/** Opened by an admin's click only, so its form is not part of the page's first load. */
const ResetPasswordDialog = lazyPart(() => import("./reset-password-dialog").then((m) => m.ResetPasswordDialog));

const input = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm";
const rowAction = "min-h-6 px-1 underline";

/**
 * `singleSignOn`: accounts may go without a password (the server refuses one otherwise).
 * `twoFactorRoles`: the roles policy (REQUIRE_2FA) makes set up two-factor before anything else.
 */
export function StaffManager({ myId, singleSignOn, twoFactorRoles }: { myId: string; singleSignOn: boolean; twoFactorRoles: StaffRole[] }) {
  const query = useQuery(staffListOptions());
  const update = useUpdateStaff();
  const resetTwoFactor = useResetStaffTwoFactor();
  const toast = useToast();
  const [disabling, setDisabling] = useState<StaffMember>();
  const [changingRole, setChangingRole] = useState<{ member: StaffMember; role: StaffRole }>();
  const [resettingTwoFactor, setResettingTwoFactor] = useState<StaffMember>();
  const [resettingPassword, setResettingPassword] = useState<StaffMember>();
  const roleDelta = changingRole && roleChange(changingRole.member.role, changingRole.role);

  const change = (member: StaffMember, body: { role?: StaffRole; disabled?: boolean }, done: string) =>
    update.mutate(
      { id: member.id, ...body },
      {
        onSuccess: () => toast({ tone: "success", message: done }),
        onError: (error) => toast({ tone: "error", message: error.message }),
        onSettled: () => {
          setDisabling(undefined);
          setChangingRole(undefined);
        },
      },
    );

  const confirmTwoFactorReset = (member: StaffMember) =>
    resetTwoFactor.mutate(member.id, {
      onSuccess: () => toast({ tone: "success", message: `Two-factor of ${member.email} is reset; they are signed out.` }),
      onError: (error) => toast({ tone: "error", message: error.message }),
      onSettled: () => setResettingTwoFactor(undefined),
    });

  return (
    <section aria-labelledby="staff-heading" className="space-y-6">
      <h1 id="staff-heading" className="text-2xl font-semibold">
        Staff
      </h1>
      <AddStaffForm singleSignOn={singleSignOn} />
      {query.isPending ? (
        <div aria-busy="true" className="h-40 animate-pulse rounded-lg bg-slate-100" />
      ) : query.isError ? (
        <ErrorState title="The staff list could not be loaded." error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <TableScroll label="Staff accounts">
          <table className="min-w-full text-sm">
            <caption className="sr-only">Staff accounts</caption>
            <thead className="bg-slate-50 text-left text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-2">Email</th>
                <th scope="col" className="px-4 py-2">Name</th>
                <th scope="col" className="px-4 py-2">Role</th>
                <th scope="col" className="px-4 py-2">Two-factor</th>
                <th scope="col" className="px-4 py-2">Status</th>
                <th scope="col" className="px-4 py-2"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {query.data.data.map((member) => (
                <tr key={member.id}>
                  <td className="px-4 py-2 font-medium">{member.email}</td>
                  <td className="px-4 py-2">{member.name}</td>
                  <td className="px-4 py-2">
                    <label className="sr-only" htmlFor={`role-${member.id}`}>Role of {member.email}</label>
                    <select
                      id={`role-${member.id}`}
                      value={member.role}
                      disabled={member.id === myId || update.isPending}
                      onChange={(e) => setChangingRole({ member, role: e.target.value as StaffRole })}
                      className="rounded-md border border-slate-300 px-2 py-1"
                    >
                      {STAFF_ROLES.map((role) => (
                        <option key={role} value={role}>{role}</option>
                      ))}
                    </select>
                  </td>
                  <td className="px-4 py-2">{member.twoFactorEnabled ? "On" : "Off"}</td>
                  <td className="px-4 py-2">{member.disabled ? <span className="text-red-700">Disabled</span> : "Active"}</td>
                  <td className="px-4 py-2 text-right whitespace-nowrap">
                    {member.id !== myId && (
                      <div className="flex justify-end gap-3">
                        <button type="button" className={`${rowAction} text-indigo-700`} aria-label={`Reset password of ${member.email}`} onClick={() => setResettingPassword(member)}>
                          Reset password
                        </button>
                        {member.twoFactorEnabled && (
                          <button type="button" className={`${rowAction} text-indigo-700`} aria-label={`Reset two-factor of ${member.email}`} onClick={() => setResettingTwoFactor(member)}>
                            Reset two-factor
                          </button>
                        )}
                        {member.disabled ? (
                          <button type="button" className={`${rowAction} text-indigo-700`} onClick={() => change(member, { disabled: false }, `${member.email} is enabled.`)}>
                            Enable
                          </button>
                        ) : (
                          <button type="button" className={`${rowAction} text-red-700`} onClick={() => setDisabling(member)}>
                            Disable
                          </button>
                        )}
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <ConfirmDialog
        open={disabling !== undefined}
        title={`Disable ${disabling?.email ?? ""}?`}
        confirmLabel="Disable account"
        pending={update.isPending}
        onCancel={() => setDisabling(undefined)}
        onConfirm={() => disabling && change(disabling, { disabled: true }, `${disabling.email} is disabled and signed out.`)}
      >
        <p>They are signed out everywhere at once and cannot sign in until an admin enables the account again.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={changingRole !== undefined}
        title={`Make ${changingRole?.member.email ?? ""} ${changingRole?.role ?? ""}?`}
        confirmLabel={`Make ${changingRole?.role ?? ""}`}
        tone={roleDelta?.loses.length ? "danger" : "neutral"}
        pending={update.isPending}
        onCancel={() => setChangingRole(undefined)}
        onConfirm={() => changingRole && change(changingRole.member, { role: changingRole.role }, `${changingRole.member.email} is now ${changingRole.role}.`)}
      >
        {roleDelta?.gains.length ? <AbilityList intro="They will be able to:" abilities={roleDelta.gains} /> : null}
        {roleDelta?.loses.length ? <AbilityList intro="They will no longer be able to:" abilities={roleDelta.loses} /> : null}
        {changingRole && twoFactorRoles.includes(changingRole.role) && !changingRole.member.twoFactorEnabled && (
          <p>This role must use two-factor authentication: they set it up before they can use the dashboard again.</p>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={resettingTwoFactor !== undefined}
        title={`Reset two-factor of ${resettingTwoFactor?.email ?? ""}?`}
        confirmLabel="Reset two-factor"
        pending={resetTwoFactor.isPending}
        onCancel={() => setResettingTwoFactor(undefined)}
        onConfirm={() => resettingTwoFactor && confirmTwoFactorReset(resettingTwoFactor)}
      >
        <p>Their authenticator app and recovery codes stop working, and they are signed out everywhere at once.</p>
        <p>
          {resettingTwoFactor && twoFactorRoles.includes(resettingTwoFactor.role)
            ? "At their next sign-in the password is enough, and they must set up two-factor again before they can use the dashboard."
            : "At their next sign-in the password is enough; they can set up two-factor again on their account page."}
        </p>
      </ConfirmDialog>
      {resettingPassword && <ResetPasswordDialog member={resettingPassword} onClose={() => setResettingPassword(undefined)} />}
    </section>
  );
}

function AbilityList({ intro, abilities }: { intro: string; abilities: string[] }) {
  return (
    <div>
      <p>{intro}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {abilities.map((ability) => (
          <li key={ability}>{ability}</li>
        ))}
      </ul>
    </div>
  );
}

function AddStaffForm({ singleSignOn }: { singleSignOn: boolean }) {
  const add = useAddStaff();
  const toast = useToast();
  const [error, setError] = useState<string>();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const password = String(data.get("password") ?? "");
    setError(undefined);
    add.mutate(
      {
        email: String(data.get("email")),
        name: String(data.get("name") ?? "") || undefined,
        role: data.get("role") as StaffRole,
        password: password || undefined,
      },
      {
        onSuccess: () => {
          form.reset();
          toast({ tone: "success", message: "Staff member added." });
        },
        onError: (e) => setError(e.message),
      },
    );
  }
  return (
    <form onSubmit={submit} aria-labelledby="add-staff-heading" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-5 sm:items-end">
      <h2 id="add-staff-heading" className="font-semibold sm:col-span-5">Add a staff member</h2>
      {error && <p role="alert" className="text-sm text-red-700 sm:col-span-5">{error}</p>}
      <label className="block text-sm font-medium">Email<input name="email" type="email" required className={input} /></label>
      <label className="block text-sm font-medium">Name<input name="name" className={input} /></label>
      <label className="block text-sm font-medium">
        Role
        <select name="role" defaultValue="moderator" className={input}>
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>{role}</option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium">
        Password {singleSignOn && <span className="font-normal text-slate-500">(blank: single sign-on only)</span>}
        <input name="password" type="password" required={!singleSignOn} minLength={10} autoComplete="new-password" className={input} />
      </label>
      <button type="submit" disabled={add.isPending} className="rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white disabled:opacity-60">
        Add
      </button>
    </form>
  );
}
