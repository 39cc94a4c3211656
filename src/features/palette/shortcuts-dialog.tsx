import { Button } from '../../components/ui/button';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { isChord, keyLabel, SHORTCUTS, type Shortcut } from '../../lib/shortcuts';

/** Every keyboard shortcut of the app, read from the one registry the handlers use. */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog title="Keyboard shortcuts" onCancel={onClose}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Keys, what they do and where</caption>
        <thead className="text-xs text-neutral-600 dark:text-neutral-300">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Keys
            </th>
            <th scope="col" className="py-1 font-medium">
              What it does
            </th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(SHORTCUTS as Record<string, Shortcut>).map(([name, shortcut]) => (
            <tr key={name} className="border-t border-neutral-200 align-top dark:border-neutral-800">
              <td className="py-2 pr-3 whitespace-nowrap">
                {shortcut.keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 && (isChord(shortcut) ? ' + ' : ' ')}
                    <kbd className="rounded border border-neutral-300 bg-neutral-50 px-1.5 py-0.5 font-mono text-xs dark:border-neutral-700 dark:bg-neutral-800">
                      {keyLabel(key)}
                    </kbd>
                  </span>
                ))}
              </td>
              <td className="py-2">
                {shortcut.description}
                <span className="block text-xs text-neutral-600 dark:text-neutral-300">{shortcut.where}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-4 flex justify-end">
        <Button onClick={onClose}>Close</Button>
      </div>
    </ModalDialog>
  );
}
