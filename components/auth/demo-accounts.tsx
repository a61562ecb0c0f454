import type { DemoCredentials } from "@/lib/auth/demo-accounts";

/**
 * Demo mode only (the page never renders it with a real key): the demo accounts, which sign in to
 * the emulator's made-up data, so nobody has to find the password in the start-up output.
 */
export function DemoAccounts({ credentials }: { credentials: DemoCredentials | undefined }) {
  return (
    <section aria-labelledby="demo-accounts-heading" className="mt-3 rounded-md bg-amber-50 p-3 text-xs text-amber-950 ring-1 ring-amber-200">
      <h2 id="demo-accounts-heading" className="font-semibold">
        Demo: local emulator
      </h2>
      {credentials ? (
        <>
          <p className="mt-1">Sign in with one of the demo accounts:</p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2">
            {credentials.accounts.map((account) => (
              <div key={account.email} className="contents">
                <dt className="capitalize">{account.role}</dt>
                <dd className="font-mono break-all">{account.email}</dd>
              </div>
            ))}
            <dt>Password</dt>
            <dd className="font-mono break-all">{credentials.password}</dd>
          </dl>
        </>
      ) : (
        <p className="mt-1">This data directory&apos;s demo accounts were made before their password was kept: it is in the output of the dashboard&apos;s first start.</p>
      )}
    </section>
  );
}
