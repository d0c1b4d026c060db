import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  type ImportEntityType,
  type ImportUpload,
  importFileMaxBytes,
  importMessages,
} from '../../../common/validation/imports';
import { files } from '../../db/schema/files';
import { importJobs } from '../../db/schema/integrations';
import { AppError, badRequest } from '../../lib/app-error';
import type { FileStore } from '../../lib/file-store';
import type { ServiceContext } from '../../lib/service-context';
import { loadFieldDefinitions } from '../custom-fields/validate-custom-fields';
import { assertMay } from './import-access';
import { customFieldEntityOf, suggestMapping } from './import-targets';
import { detectEncoding, type ImportEncoding, previewCsv } from './read-import-source';

/**
 * What the upload learned about the file, kept with it as content-type parameters so the import
 * created from it later needs no second pass: `text/csv; charset=…; delimiter=…; rows=…`.
 */
export interface UploadFacts {
  encoding: ImportEncoding;
  delimiter: string;
  rows: number;
}

export function uploadContentType(facts: UploadFacts) {
  return `text/csv; charset=${facts.encoding}; delimiter=${encodeURIComponent(facts.delimiter)}; rows=${facts.rows}`;
}

export function uploadFactsOf(contentType: string): UploadFacts | null {
  if (!contentType.startsWith('text/csv')) return null;
  const param = (name: string) => new RegExp(`;\\s*${name}=([^;]*)`).exec(contentType)?.[1];
  const encoding = param('charset') === 'windows-1252' ? 'windows-1252' : 'utf-8';
  return {
    encoding,
    delimiter: decodeURIComponent(param('delimiter') ?? '%2C'),
    rows: Number(param('rows') ?? 0) || 0,
  };
}

/** The mapping of the organization's last import of this entity with exactly these columns. */
export async function savedMappingFor(ctx: ServiceContext, entityType: ImportEntityType, columns: string[]) {
  const [last] = await ctx.db
    .select({ fieldMappings: importJobs.fieldMappings })
    .from(importJobs)
    .where(
      and(
        eq(importJobs.organizationId, ctx.orgId),
        eq(importJobs.entityType, entityType),
        sql`${importJobs.options} -> 'columns' = ${JSON.stringify(columns)}::jsonb`,
      ),
    )
    .orderBy(desc(importJobs.createdAt))
    .limit(1);
  return (last?.fieldMappings as Record<string, string> | undefined) ?? null;
}

/**
 * POST /api/import-jobs/upload: keeps the file (≤ 50 MB) for the import the user is about to
 * set up and answers its columns, first rows, row count and a suggested mapping (the last one
 * used for the same header, else by column names).
 */
export async function uploadImportFile(
  ctx: ServiceContext,
  store: FileStore,
  upload: { name?: string; entityType?: ImportEntityType; data: Buffer | undefined },
): Promise<ImportUpload> {
  if (upload.entityType) assertMay(ctx, upload.entityType, 'create');
  const data = upload.data ?? Buffer.alloc(0);
  if (data.length > importFileMaxBytes) throw new AppError(413, importMessages.tooLarge);
  if (data.length === 0) throw badRequest(importMessages.empty);
  const encoding = detectEncoding(data);
  const preview = previewCsv(new TextDecoder(encoding).decode(data));
  const id = randomUUID();
  const name = (upload.name || 'import.csv').replace(/[\\/]/g, '_').slice(0, 255);
  await store.put(ctx.orgId, id, data);
  try {
    await ctx.db.insert(files).values({
      organizationId: ctx.orgId,
      id,
      name,
      contentType: uploadContentType({ encoding, delimiter: preview.delimiter, rows: preview.total }),
      size: data.length,
      createdBy: ctx.actor.id,
    });
  } catch (error) {
    await store.delete(ctx.orgId, id).catch(() => undefined);
    throw error;
  }
  let suggestedMapping: Record<string, string> = {};
  let savedMapping = false;
  if (upload.entityType) {
    const saved = await savedMappingFor(ctx, upload.entityType, preview.columns);
    if (saved) {
      suggestedMapping = saved;
      savedMapping = true;
    } else {
      const definitions = await loadFieldDefinitions(ctx, customFieldEntityOf[upload.entityType]);
      suggestedMapping = suggestMapping(upload.entityType, preview.columns, definitions);
    }
  }
  return {
    uploadId: id,
    name,
    size: data.length,
    encoding,
    delimiter: preview.delimiter,
    columns: preview.columns,
    previewRows: preview.rows,
    totalRecords: preview.total,
    suggestedMapping,
    savedMapping,
  };
}
