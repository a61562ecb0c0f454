import { AppLink } from "@/components/ui/app-link";

export default function NotFound() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-slate-600">There is nothing at this address.</p>
      <AppLink href="/" className="mt-6 inline-block rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white">
        Back to the queue
      </AppLink>
    </main>
  );
}
