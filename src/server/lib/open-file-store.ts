import type { ServerConfig } from '../config';
import { createDiskFileStore } from './disk-file-store';
import type { FileStore } from './file-store';
import { createS3FileStore } from './s3-file-store';

/**
 * The store FILE_STORE names. An S3 bucket is checked before the server takes requests, so a
 * wrong endpoint, bucket or key stops the start with its reason instead of failing uploads later.
 */
export async function openFileStore(
  config: Pick<ServerConfig, 'fileStore' | 'filesDir'>,
): Promise<FileStore> {
  if (config.fileStore.kind === 'disk') return createDiskFileStore(config.filesDir);
  const store = createS3FileStore(config.fileStore);
  await store.assertReachable();
  return store;
}
