import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { toDataUrl } from '../services/settings/logo-image';
import type { LogoFiles } from '../services/settings/settings-store';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** Where uploaded logos live: `<DATA_DIR>/uploads/logos` (back it up with the database, docs/operating.md). */
export function logoDir(dataDir: string): string {
  return join(dataDir, 'uploads', 'logos');
}

/**
 * Company logos as files: one file per upload, named by company and a random id (never by the client's file name), so
 * a replaced logo is a new file and the row names the current one. Without a data directory, nothing can be stored.
 */
export function createLogoFiles(dataDir: string | undefined): LogoFiles {
  const dir = dataDir === undefined ? undefined : logoDir(dataDir);
  const pathOf = (key: string) => {
    if (!dir) throw new Error('No DATA_DIR: uploaded files cannot be kept.');
    return join(dir, basename(key));
  };
  return {
    async put(tenantId, image) {
      const key = `${tenantId.replace(/[^A-Za-z0-9_-]/g, '_')}-${randomUUID()}.${EXTENSIONS[image.type] ?? 'bin'}`;
      const path = pathOf(key);
      await mkdir(dir as string, { recursive: true });
      await writeFile(path, image.bytes, { flag: 'wx', mode: 0o640 });
      return key;
    },
    async dataUrl(key, type) {
      try {
        return toDataUrl(new Uint8Array(await readFile(pathOf(key))), type);
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
