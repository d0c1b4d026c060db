import { defaultPipelineStages, type IndustrySector } from '../../../common/constants';
import type { Database } from '../../db';
import { pipelines, stages } from '../../db/schema/lists';

/** What a new organization starts with: its sector's default pipeline. */
export async function seedOrganizationDefaults(tx: Database, organizationId: string, sector: IndustrySector) {
  const [pipeline] = await tx
    .insert(pipelines)
    .values({ organizationId, name: 'Sales Pipeline', isDefault: true, isActive: true, orderIndex: 0 })
    .returning({ id: pipelines.id });
  await tx.insert(stages).values(
    defaultPipelineStages[sector].map((stage, orderIndex) => ({
      organizationId,
      pipelineId: pipeline.id,
      name: stage.name,
      probability: stage.probability,
      orderIndex,
      isActive: true,
    })),
  );
}
