import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Stack traces of the compiled server that name the TypeScript files and lines, as
 * `--enable-source-maps` gives, at a lower price. With that flag, Node scans every module it loads
 * (about 6 MB of JavaScript at start) for a source-map comment and keeps the maps it finds parsed:
 * about 30 ms of each start and 15–20 MB of memory (issue 21 §5 and §7). Here a file's map is read
 * the first time a stack passes through it, and only for files under `compiledDir`.
 */
export function installSourceMappedStacks(compiledDir: string): void {
  const root = pathToFileURL(path.resolve(compiledDir) + path.sep).href;
  const maps = new Map<string, { map: SourceMap; dir: string } | null>();

  function mapOf(fileUrl: string) {
    if (!maps.has(fileUrl)) {
      try {
        const file = fileURLToPath(fileUrl);
        const payload = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
        maps.set(fileUrl, { map: new SourceMap(payload), dir: path.dirname(file) });
      } catch {
        maps.set(fileUrl, null);
      }
    }
    return maps.get(fileUrl) ?? null;
  }

  function frameText(frame: NodeJS.CallSite): string {
    const text = frame.toString();
    const file = frame.getFileName();
    const line = frame.getLineNumber();
    const column = frame.getColumnNumber();
    if (!file?.startsWith(root) || line == null || column == null) return text;
    const found = mapOf(file);
    const entry = found?.map.findEntry(line - 1, column - 1);
    if (!found || !entry || !('originalSource' in entry)) return text;
    const source = path.resolve(found.dir, entry.originalSource);
    return text.replace(
      `${file}:${line}:${column}`,
      `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`,
    );
  }

  Error.prepareStackTrace = (error, frames) => {
    let header: string;
    try {
      header = Error.prototype.toString.call(error);
    } catch {
      header = '<error>';
    }
    return header + frames.map((frame) => `\n    at ${frameText(frame)}`).join('');
  };
}
