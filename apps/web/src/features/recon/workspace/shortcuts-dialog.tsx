import { Modal } from '../../../shared/ui/modal.tsx';
import { SHORTCUTS } from './selection.ts';

const LIST_KEYS: ReadonlyArray<[string, string]> = [
  ['↑ ↓', 'Move in a list'],
  ['Space', 'Select or unselect the row'],
  ['Enter', 'Open the row’s match group (or select it)'],
];

/** The workspace's keyboard shortcuts ("?"). */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal open onClose={onClose} title="Keyboard shortcuts" size="medium">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {[...LIST_KEYS, ...SHORTCUTS.map((shortcut): [string, string] => [shortcut.key, shortcut.label])].map(
          ([key, label]) => (
            <div key={key} className="contents">
              <dt>
                <kbd className="rounded border border-zinc-300 bg-zinc-50 px-1.5 py-0.5 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-800">
                  {key}
                </kbd>
              </dt>
              <dd className="text-zinc-700 dark:text-zinc-300">{label}</dd>
            </div>
          ),
        )}
      </dl>
      <p className="mt-4 text-xs text-zinc-500 dark:text-zinc-400">
        Shortcuts do nothing while you type in a field.
      </p>
    </Modal>
  );
}
