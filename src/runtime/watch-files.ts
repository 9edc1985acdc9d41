import { unwatchFile, watchFile, type Stats } from 'node:fs';

/**
 * Calls `onChange` once a burst of edits to any of the files has settled. Files are polled
 * (every 250 ms): editors save by writing a new file and renaming it over the old one,
 * which an inotify watch on the old inode misses. Returns the function that stops it.
 */
export function watchFiles(files: readonly string[], onChange: (changed: string) => void, settleMs = 150): () => void {
  let timer: NodeJS.Timeout | undefined;
  let last = '';
  const listeners = new Map<string, (curr: Stats, prev: Stats) => void>();
  for (const file of new Set(files)) {
    const listener = (curr: Stats, prev: Stats) => {
      if (curr.mtimeMs === prev.mtimeMs && curr.size === prev.size && curr.ino === prev.ino) return;
      last = file;
      clearTimeout(timer);
      timer = setTimeout(() => onChange(last), settleMs);
    };
    listeners.set(file, listener);
    watchFile(file, { interval: 250, persistent: false }, listener);
  }
  return () => {
    clearTimeout(timer);
    for (const [file, listener] of listeners) unwatchFile(file, listener);
  };
}
