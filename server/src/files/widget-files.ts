import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { WidgetFiles } from '../services/feedback/feedback-store';

/** Where the widget's uploads live: `<DATA_DIR>/uploads/widget` (back it up with the database, docs/operating.md). */
export function widgetUploadDir(dataDir: string): string {
  return join(dataDir, 'uploads', 'widget');
}

/**
 * The widget's uploads as files, named by their upload id (never by the client's file name). A file is written under a
 * temporary name and renamed when whole, so a crash or a failed write never leaves part of one under its real name.
 */
export function createWidgetFiles(dataDir: string | undefined): WidgetFiles {
  const dir = dataDir === undefined ? undefined : widgetUploadDir(dataDir);
  const pathOf = (file: string) => {
    if (!dir) throw new Error('No DATA_DIR: uploaded files cannot be kept.');
    return join(dir, basename(file));
  };
  return {
    async put(id, bytes) {
      const file = basename(id);
      const path = pathOf(file);
      const partial = `${path}.${randomUUID()}.part`;
      await mkdir(dir as string, { recursive: true });
      try {
        await writeFile(partial, bytes, { flag: 'wx', mode: 0o640 });
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return file;
    },
    async read(file) {
      try {
        return new Uint8Array(await readFile(pathOf(file)));
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(file) {
      await rm(pathOf(file), { force: true });
    },
  };
}
