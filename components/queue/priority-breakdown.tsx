import type { PriorityBreakdown as Breakdown } from "@/lib/policies/model/priority";
import { PRIORITY_PARTS, type PriorityPart } from "@/lib/policies/model/priority-parts";

const PART_LABELS: Record<PriorityPart, string> = {
  severity: "Policy severity",
  flaggers: "Flaggers, by their records",
  strikes: "Sender's live strikes",
  age: "Time waiting",
};

/** How urgent an open item is, 0–100, in the queue's words: the band decides the colour, the number is always there. */
export function priorityBand(score: number): { label: string; className: string } {
  if (score >= 70) return { label: "High", className: "bg-red-50 text-red-900 ring-red-300" };
  if (score >= 40) return { label: "Medium", className: "bg-amber-50 text-amber-900 ring-amber-300" };
  return { label: "Low", className: "bg-slate-100 text-slate-800 ring-slate-300" };
}

/** "Why this score": each part's points and what they were made of, as the scorer last computed them. */
export function PriorityBreakdown({ breakdown, heading }: { breakdown: Breakdown; heading: string }) {
  return (
    <section aria-label="Why this priority" className="space-y-2">
      <h4 className={heading}>
        Priority {breakdown.score} of 100 ({priorityBand(breakdown.score).label.toLowerCase()})
      </h4>
      <table className="w-full text-left text-xs">
        <caption className="sr-only">Why this item has priority {breakdown.score}: the points each part adds</caption>
        <thead className="text-slate-500">
          <tr>
            <th scope="col" className="py-1 pr-2 font-medium">
              Part
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              From
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Points
            </th>
          </tr>
        </thead>
        <tbody>
          {PRIORITY_PARTS.map((part) => (
            <tr key={part} className="border-t border-slate-200">
              <th scope="row" className="py-1 pr-2 font-medium text-slate-800">
                {PART_LABELS[part]}
              </th>
              <td className="py-1 pr-2 text-slate-700">{breakdown.parts[part].basis}</td>
              <td className="py-1 text-right tabular-nums">{breakdown.parts[part].points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
