import { sql } from 'drizzle-orm';
import type { Database } from '../db';
import { tags } from '../db/schema/identity';

/**
 * Tags typed on a record (or added in bulk) join the organization's catalogue, Settings › Tags,
 * where they get a colour and can be renamed or removed everywhere at once. A name already
 * there in any letter case is not added again, as the catalogue itself refuses such twins.
 */
export async function catalogueTags(db: Database, orgId: string, names: readonly string[] | undefined) {
  if (!names?.length) return;
  await db.execute(sql`
    insert into ${tags} (organization_id, name)
    select distinct on (lower(typed.name)) ${orgId}::uuid, typed.name
    from jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) as typed(name)
    where not exists (
      select 1 from ${tags} known
      where known.organization_id = ${orgId}::uuid and lower(known.name) = lower(typed.name))
    on conflict do nothing`);
}
