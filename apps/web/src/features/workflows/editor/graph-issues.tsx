import type { GraphIssue } from '@counterpart/domain';

/** What `validateGraph` (and the name check) found: shown once a save was tried, blocking it. */
export function GraphIssues({ issues }: { issues: readonly GraphIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      <p className="font-medium">Fix these before saving:</p>
      <ul className="mt-1 list-disc pl-5">
        {issues.map((issue) => (
          <li key={`${issue.node_id ?? ''}${issue.edge_id ?? ''}${issue.message}`}>{issue.message}</li>
        ))}
      </ul>
    </div>
  );
}
