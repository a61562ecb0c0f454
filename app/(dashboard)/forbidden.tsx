import { AppLink } from "@/components/ui/app-link";

/** A page the signed-in role may not open (403), inside the dashboard's header and navigation. */
export default function Forbidden() {
  return (
    <section className="mx-auto max-w-xl py-10 text-center">
      <h1 className="text-2xl font-semibold">Admins only</h1>
      <p className="mt-2 text-slate-600">This page needs the admin role. Ask an admin if you need access.</p>
      <AppLink href="/" className="mt-6 inline-block rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white">
        Back to the queue
      </AppLink>
    </section>
  );
}
