import type { ChatUser } from "@/lib/chat/schemas";
import { metadataRows } from "@/lib/users/metadata-rows";

/** Metadata as key/value rows, tags as chips, and the whole record as the service sent it. */
export function UserAttributes({ user }: { user: ChatUser }) {
  const rows = metadataRows(user.metadata);
  const tags = user.tags ?? [];
  return (
    <section aria-labelledby="user-attributes" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="user-attributes" className="text-lg font-semibold">
        Metadata and tags
      </h2>
      <div>
        <h3 className="text-sm font-medium text-slate-600">Tags</h3>
        {tags.length === 0 ? (
          <p className="mt-1 text-sm text-slate-500">No tags.</p>
        ) : (
          <ul aria-label="Tags" className="mt-2 flex flex-wrap gap-2">
            {tags.map((tag, i) => (
              <li key={`${i}-${tag}`} className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-900 ring-1 ring-indigo-200">
                {tag}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="text-sm font-medium text-slate-600">Metadata</h3>
        {rows.length === 0 ? (
          <p className="mt-1 text-sm text-slate-500">No metadata.</p>
        ) : (
          <div className="mt-2 overflow-x-auto">
            <table className="min-w-full text-sm">
              <caption className="sr-only">Metadata</caption>
              <thead className="sr-only">
                <tr>
                  <th scope="col">Key</th>
                  <th scope="col">Value</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <tr key={row.key}>
                    <th scope="row" className="py-1.5 pr-4 text-left align-top font-mono text-xs font-medium whitespace-nowrap text-slate-600">
                      {row.key}
                    </th>
                    <td className="py-1.5 break-all">{row.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-indigo-700">Raw JSON</summary>
        <pre tabIndex={0} aria-label="The user record as JSON" className="mt-2 max-h-96 overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100">{JSON.stringify(user, null, 2)}</pre>
      </details>
    </section>
  );
}
