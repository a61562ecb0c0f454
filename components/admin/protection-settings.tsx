"use client";
import { useId, useState } from "react";
import { useToast } from "@/components/ui/toaster";
import { useUpdateTeamSettings } from "@/lib/queries/settings";
import { errorOf } from "@/lib/review/model/action-errors";
import { WithTeamSettings } from "./with-team-settings";

const field = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm";
const words = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The chat-service tags and roles that protect a user, comma or space separated; saved together. */
export function ProtectionSettings() {
  // Keyed by the saved values, so the form starts again from them after a save or a colleague's change.
  return (
    <WithTeamSettings what="protected tags and roles" placeholderHeight="h-32">
      {({ protectedTags, protectedRoles }) => (
        <ProtectionSettingsForm key={`${protectedTags.join(",")}|${protectedRoles.join(",")}`} tags={protectedTags} roles={protectedRoles} />
      )}
    </WithTeamSettings>
  );
}

function ProtectionSettingsForm({ tags, roles }: { tags: string[]; roles: string[] }) {
  const [tagText, setTagText] = useState(tags.join(", "));
  const [roleText, setRoleText] = useState(roles.join(", "));
  const update = useUpdateTeamSettings();
  const toast = useToast();
  const tagsId = useId();
  const rolesId = useId();
  const hintId = useId();
  return (
    <section aria-labelledby="protection-settings-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="protection-settings-heading" className="text-lg font-semibold">
        Protected tags and roles
      </h2>
      <p id={hintId} className="text-sm text-slate-600">
        Users carrying one of these tags or roles in the chat service need two staff members to deactivate. Separate them with commas or spaces; case does not
        matter.
      </p>
      <form
        className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate(
            { protectedTags: words(tagText), protectedRoles: words(roleText) },
            {
              onSuccess: () => toast({ tone: "success", message: "Protected tags and roles saved." }),
              onError: (error) => toast({ tone: "error", message: `Not saved: ${errorOf(error).message}` }),
            },
          );
        }}
      >
        <label htmlFor={tagsId} className="block text-sm font-medium">
          Tags
          <input id={tagsId} aria-describedby={hintId} value={tagText} onChange={(e) => setTagText(e.target.value)} className={field} />
        </label>
        <label htmlFor={rolesId} className="block text-sm font-medium">
          Roles
          <input id={rolesId} aria-describedby={hintId} value={roleText} onChange={(e) => setRoleText(e.target.value)} className={field} />
        </label>
        <button type="submit" disabled={update.isPending} className="rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-800 disabled:opacity-60">
          {update.isPending ? "Saving…" : "Save"}
        </button>
      </form>
    </section>
  );
}
