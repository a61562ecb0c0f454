"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { TableScroll } from "@/components/ui/table-scroll";
import { useToast } from "@/components/ui/toaster";
import { GROUND_LABELS } from "@/lib/policies/model/policy-constants";
import type { Policy } from "@/lib/policies/model/policy-schemas";
import { policiesOptions, useCreatePolicy, useUpdatePolicy } from "@/lib/queries/policies";
import { PolicyForm } from "./policy-form";

const rowAction = "min-h-6 px-1 underline";

/** The team's policies: add, edit, archive and restore (a policy is never deleted: decisions name it). */
export function PolicyManager() {
  const query = useQuery(policiesOptions());
  const create = useCreatePolicy();
  const update = useUpdatePolicy();
  const toast = useToast();
  const [editing, setEditing] = useState<number | null>(null);
  const [archiving, setArchiving] = useState<Policy>();

  const setArchived = (policy: Policy, archived: boolean) =>
    update.mutate(
      { id: policy.id, archived },
      {
        onSuccess: () => toast({ tone: "success", message: archived ? `${policy.name} is archived: no new decision can name it.` : `${policy.name} is offered again.` }),
        onError: (error) => toast({ tone: "error", message: error.message }),
        onSettled: () => setArchiving(undefined),
      },
    );

  return (
    <section aria-labelledby="policies-heading" className="space-y-4">
      <h2 id="policies-heading" className="text-lg font-semibold">
        Policies
      </h2>
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <h3 className="mb-2 font-semibold">Add a policy</h3>
        <PolicyForm
          submitLabel="Add policy"
          pending={create.isPending}
          serverError={create.error?.message}
          onSubmit={(body, reset) =>
            create.mutate(body, {
              onSuccess: ({ data }) => {
                reset();
                toast({ tone: "success", message: `Policy ${data.name} added.` });
              },
            })
          }
        />
      </div>
      {query.isPending ? (
        <div aria-busy="true" className="h-40 animate-pulse rounded-lg bg-slate-100" />
      ) : query.isError ? (
        <ErrorState title="The policies could not be loaded." error={query.error} onRetry={() => query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <p className="text-sm text-slate-600">No policies yet: add the first one above.</p>
      ) : (
        <TableScroll label="Policies">
          <table className="min-w-full text-sm">
            <caption className="sr-only">Policies</caption>
            <thead className="bg-slate-50 text-left text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-2">Name</th>
                <th scope="col" className="px-4 py-2">Severity</th>
                <th scope="col" className="px-4 py-2">Strike weight</th>
                <th scope="col" className="px-4 py-2">Ground</th>
                <th scope="col" className="px-4 py-2">Status</th>
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {query.data.data.map((policy) =>
                editing === policy.id ? (
                  <tr key={policy.id}>
                    <td colSpan={6} className="px-4 py-3">
                      <PolicyForm
                        initial={policy}
                        submitLabel={`Save ${policy.name}`}
                        pending={update.isPending}
                        serverError={update.error?.message}
                        onCancel={() => setEditing(null)}
                        onSubmit={(body) =>
                          update.mutate(
                            { id: policy.id, ...body },
                            {
                              onSuccess: ({ data }) => {
                                setEditing(null);
                                toast({ tone: "success", message: `Policy ${data.name} saved.` });
                              },
                            },
                          )
                        }
                      />
                    </td>
                  </tr>
                ) : (
                  <tr key={policy.id} className={policy.archived ? "text-slate-500" : undefined}>
                    <td className="px-4 py-2">
                      <p className="font-medium">{policy.name}</p>
                      {policy.description && <p className="text-xs text-slate-600">{policy.description}</p>}
                    </td>
                    <td className="px-4 py-2">{policy.severity}</td>
                    <td className="px-4 py-2">{policy.strikeWeight}</td>
                    <td className="px-4 py-2">{GROUND_LABELS[policy.ground]}</td>
                    <td className="px-4 py-2">{policy.archived ? "Archived" : "Active"}</td>
                    <td className="px-4 py-2 whitespace-nowrap">
                      <button
                        type="button"
                        className={rowAction}
                        onClick={() => {
                          update.reset();
                          setEditing(policy.id);
                        }}
                      >
                        Edit<span className="sr-only"> {policy.name}</span>
                      </button>
                      {policy.archived ? (
                        <button type="button" className={rowAction} disabled={update.isPending} onClick={() => setArchived(policy, false)}>
                          Restore<span className="sr-only"> {policy.name}</span>
                        </button>
                      ) : (
                        <button type="button" className={rowAction} onClick={() => setArchiving(policy)}>
                          Archive<span className="sr-only"> {policy.name}</span>
                        </button>
                      )}
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </TableScroll>
      )}
      {archiving && (
        <ConfirmDialog
          open
          title={`Archive ${archiving.name}?`}
          confirmLabel={`Archive ${archiving.name}`}
          pending={update.isPending}
          onConfirm={() => setArchived(archiving, true)}
          onCancel={() => setArchiving(undefined)}
        >
          <p>No new decision can name it, and flag reasons mapped to it no longer pre-label items. Decisions made under it keep it, and so do their strikes.</p>
          <p>You can restore it later.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
