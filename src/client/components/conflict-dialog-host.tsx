import { lazy, Suspense, useEffect, useState } from 'react';
import { type ConflictChoice, setConflictResolver, type VersionConflict } from '../lib/api';

// Needed only when a save meets a newer version: its code stays off the first load (issue 21 §1).
const ConflictDialog = lazy(() =>
  import('./conflict-dialog').then((module) => ({ default: module.ConflictDialog })),
);

interface Pending {
  conflict: VersionConflict;
  choose: (choice: ConflictChoice) => void;
}

/**
 * The one "Someone else changed this" dialog of the app (docs/decisions/017), mounted once:
 * `patchRecord` in lib/api.ts asks it when a save meets a newer version, and waits for the user's
 * choice.
 */
export function ConflictDialogHost() {
  const [pending, setPending] = useState<Pending | null>(null);
  useEffect(() => {
    setConflictResolver(
      (conflict) =>
        new Promise<ConflictChoice>((resolve) => {
          setPending({
            conflict,
            choose: (choice) => {
              setPending(null);
              resolve(choice);
            },
          });
        }),
    );
    return () => setConflictResolver(null);
  }, []);
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <ConflictDialog conflict={pending.conflict} choose={pending.choose} />
    </Suspense>
  );
}
