import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks';
import { idColumn, timestamps } from './columns';
import { organizations, tenantId, updatedByColumn, userRef } from './identity';

export const fieldTemplates = pgTable(
  'field_templates',
  {
    id: idColumn(),
    // Null for the system-generated industry templates shared by every organization.
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    industryType: text('industry_type'),
    entityType: text('entity_type').notNull(),
    fieldIds: text('field_ids').array().notNull().default([]),
    sectionIds: text('section_ids').array().notNull().default([]),
    isDefault: boolean('is_default').notNull().default(false),
    isSystemGenerated: boolean('is_system_generated').notNull().default(false),
    parentTemplateId: uuid('parent_template_id').references((): AnyPgColumn => fieldTemplates.id, {
      onDelete: 'set null',
    }),
    ...timestamps(),
  },
  (t) => [index('field_templates_org_entity_idx').on(t.organizationId, t.entityType)],
);

export const fieldSections = pgTable(
  'field_sections',
  {
    id: idColumn(),
    organizationId: tenantId(),
    name: text('name').notNull(),
    entityType: text('entity_type').notNull(),
    templateId: uuid('template_id').references(() => fieldTemplates.id, { onDelete: 'set null' }),
    orderIndex: integer('order_index').notNull().default(0),
    isCollapsible: boolean('is_collapsible').notNull().default(false),
    isExpanded: boolean('is_expanded').notNull().default(true),
    ...updatedByColumn(),
    ...timestamps(),
  },
  (t) => [index('field_sections_org_entity_idx').on(t.organizationId, t.entityType, t.orderIndex)],
);

export const customFields = pgTable(
  'custom_fields',
  {
    id: idColumn(),
    organizationId: tenantId(),
    name: text('name').notNull(),
    fieldKey: text('field_key').notNull(),
    dataType: text('data_type'),
    fieldType: text('field_type'),
    entityType: text('entity_type').notNull(),
    isStandard: boolean('is_standard').notNull().default(false),
    isVisible: boolean('is_visible').notNull().default(true),
    isRequired: boolean('is_required').notNull().default(false),
    options: jsonb('options'),
    placeholder: text('placeholder'),
    defaultValue: text('default_value'),
    orderIndex: integer('order_index').notNull().default(0),
    sectionId: uuid('section_id').references(() => fieldSections.id, { onDelete: 'set null' }),
    industryTemplate: text('industry_template'),
    validation: jsonb('validation'),
    ...updatedByColumn(),
    ...timestamps(),
  },
  (t) => [unique('custom_fields_org_entity_key_unique').on(t.organizationId, t.entityType, t.fieldKey)],
);

/** The standard record categories whose permissions a custom object can borrow (decision 024). */
export const entityPermissionCategories = ['leads', 'clients', 'companies', 'deals'] as const;

export const entityDefinitions = pgTable(
  'entity_definitions',
  {
    id: idColumn(),
    organizationId: tenantId(),
    industryTemplate: text('industry_template'),
    entityType: text('entity_type').notNull(),
    displayName: text('display_name').notNull(),
    pluralName: text('plural_name'),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    displayOrder: integer('display_order').notNull().default(0),
    iconName: text('icon_name').notNull().default('Building2'),
    // Which standard record category's permissions govern this object's records (decision 024).
    permissionCategory: text('permission_category').notNull().default('deals'),
    ...updatedByColumn(),
    ...timestamps(),
  },
  (t) => [
    unique('entity_definitions_org_entity_unique').on(t.organizationId, t.entityType),
    oneOf(t.permissionCategory, entityPermissionCategories),
  ],
);

export const entityFieldDefinitions = pgTable(
  'entity_field_definitions',
  {
    id: idColumn(),
    organizationId: tenantId(),
    entityDefinitionId: uuid('entity_definition_id')
      .notNull()
      .references(() => entityDefinitions.id, { onDelete: 'cascade' }),
    fieldName: text('field_name').notNull(),
    displayName: text('display_name').notNull(),
    fieldType: text('field_type').notNull(),
    isRequired: boolean('is_required').notNull().default(false),
    displayOrder: integer('display_order').notNull().default(0),
    placeholder: text('placeholder'),
    validationRules: jsonb('validation_rules'),
    options: jsonb('options'),
    defaultValue: text('default_value'),
    helpText: text('help_text'),
    section: text('section').notNull().default('general'),
    ...updatedByColumn(),
    ...timestamps(),
  },
  (t) => [
    index('entity_field_definitions_org_def_idx').on(t.organizationId, t.entityDefinitionId, t.displayOrder),
    unique('entity_field_definitions_def_field_unique').on(
      t.organizationId,
      t.entityDefinitionId,
      t.fieldName,
    ),
  ],
);

export const entityRecords = pgTable(
  'entity_records',
  {
    id: idColumn(),
    organizationId: tenantId(),
    entityType: text('entity_type').notNull(),
    displayName: text('display_name').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    isActive: boolean('is_active').notNull().default(true),
    tags: text('tags').array().notNull().default([]),
    notes: text('notes'),
    // Lower-cased display name and text field values, written by the service: what ?search= matches.
    searchText: text('search_text').notNull().default(''),
    createdBy: userRef('created_by'),
    ...updatedByColumn(),
    ...timestamps(),
  },
  (t) => [
    index('entity_records_org_entity_created_idx').on(t.organizationId, t.entityType, t.createdAt, t.id),
    index('entity_records_org_entity_name_idx').on(
      t.organizationId,
      t.entityType,
      sql`lower(${t.displayName})`,
      t.id,
    ),
    // GIN cannot lead with organization_id without btree_gin (not in PGlite): see crm.ts.
    index('entity_records_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('entity_records_data_idx').using('gin', sql`${t.data} jsonb_path_ops`),
  ],
);

export const entityRelationships = pgTable(
  'entity_relationships',
  {
    id: idColumn(),
    organizationId: tenantId(),
    entityRecordId: uuid('entity_record_id')
      .notNull()
      .references(() => entityRecords.id, { onDelete: 'cascade' }),
    relatedEntityType: text('related_entity_type').notNull(),
    relatedEntityId: uuid('related_entity_id').notNull(),
    relationshipType: text('relationship_type').notNull().default('primary'),
    notes: text('notes'),
    ...timestamps(),
  },
  (t) => [
    unique('entity_relationships_record_related_unique').on(
      t.organizationId,
      t.entityRecordId,
      t.relatedEntityType,
      t.relatedEntityId,
    ),
    index('entity_relationships_org_record_idx').on(t.organizationId, t.entityRecordId),
    index('entity_relationships_org_related_idx').on(
      t.organizationId,
      t.relatedEntityType,
      t.relatedEntityId,
    ),
  ],
);
