import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from '.';

/**
 * data-model.md §3, copied by hand (not derived from the drizzle code) so that drift between
 * the spec and the migrations fails here. `field=value` marks a default the spec states.
 */
const spec: Record<string, string> = {
  // Platform and system
  sessions: 'sid sess expire',
  deployments: `version releaseType deployedAt deployedBy commitHash commitMessage releaseNotes
    environment=production status=success`,
  system_updates: `organizationId userId updateType category title description actionUrl iconType=info
    priority=normal isRead metadata expiresAt`,
  system_config: `maintenanceMode=false allowRegistrations=true maxOrganizations=1000 maxUsersPerOrg=100
    emailNotifications auditRetentionDays=90`,
  tenant_analytics:
    'organizationId date activeUsers totalLogins apiCalls dataUsage errorCount avgResponseTime',
  system_audit_logs: `organizationId userId action resource resourceId details ipAddress userAgent riskLevel=low
    timestamp`,
  service_requests: `organizationId userId subject description priority=medium status=open category assignedTo
    resolution resolvedAt`,
  // Organizations, users, teams, permissions
  organizations: `name domain subdomain planType=free maxUsers=5 settings corporatePhone emailFromName
    emailFromAddress emailReplyTo emailSignature status=active billingEmail contractStart contractEnd lastActivity
    totalUsers storageUsed apiCallsMonth`,
  // "business address line 1/2" → businessAddressLine1/2; colorScheme's "{product}" is our product, locus.
  users: `id email password firstName lastName profileImageUrl timezone=UTC-05:00 dateNumberFormat=US language=en
    defaultCurrency=USD phoneNumberFormat phoneNumber companyName primaryContact businessAddressLine1
    businessAddressLine2 city state zip industrySector numberOfEmployees colorScheme=locus kanbanTheme=professional
    companyLogo role=user isSuperAdmin status=active organizationId teamId permissions isOwner mustChangePassword
    lastSeenReleaseVersion showReleaseNotifications=true`,
  teams: 'organizationId name description permissions status',
  permissions: 'id name description category action resource',
  tags: 'organizationId name color=#3b82f6 description',
  // Integrations
  integrations: 'organizationId name type status=active config fieldMappings lastSync errorMessage',
  api_keys: `organizationId integrationId name keyHash keyPrefix permissions=read lastUsed expiresAt status=active
    createdBy`,
  webhook_logs: `organizationId integrationId webhookUrl method=POST headers payload responseStatus responseBody
    processingTime errorMessage entityType entityId status`,
  import_jobs: `organizationId integrationId name entityType sourceType status=pending totalRecords processedRecords
    successfulRecords failedRecords fieldMappings errorLogs filePath startedAt completedAt createdBy`,
  // Custom fields
  custom_fields: `organizationId name fieldKey dataType fieldType entityType isStandard isVisible isRequired options
    placeholder defaultValue orderIndex sectionId industryTemplate validation`,
  field_sections: 'name entityType templateId orderIndex isCollapsible isExpanded',
  field_templates:
    'name industryType entityType fieldIds sectionIds isDefault isSystemGenerated parentTemplateId',
  entity_definitions: `organizationId industryTemplate entityType displayName pluralName description isActive
    displayOrder iconName=Building2`,
  entity_field_definitions: `entityDefinitionId fieldName displayName fieldType isRequired displayOrder placeholder
    validationRules options defaultValue helpText section=general`,
  entity_records: 'organizationId entityType displayName data isActive tags notes createdBy',
  entity_relationships: 'entityRecordId relatedEntityType relatedEntityId relationshipType=primary notes',
  // Email
  email_accounts: `userId provider email displayName accessToken refreshToken tokenExpiry lastSyncAt syncEnabled
    folderWhitelist syncDirection=bidirectional`,
  email_threads: 'accountId threadId subject participantEmails lastMessageAt messageCount isRead labels',
  emails: `accountId threadId messageId subject fromEmail fromName toEmails ccEmails bccEmails bodyText bodyHtml
    attachments direction isRead isImportant receivedAt sentAt labels rawHeaders`,
  email_tracking: `emailId trackingPixelId openedAt openCount clickedAt clickCount repliedAt forwardedAt bounced
    bouncedAt bounceReason deliveryStatus=sent userAgent ipAddress location`,
  email_contact_mappings: 'emailId contactEmail entityType entityId mappingType confidence=1.00',
  email_sync_jobs: `accountId jobType status=pending startedAt completedAt emailsProcessed emailsTotal errorMessage
    metadata`,
  email_templates:
    'organizationId name category subject bodyHtml bodyText variables isActive usageCount createdBy',
  email_signatures: 'organizationId name bodyHtml bodyText isDefault isActive usageCount createdBy',
  // Public submissions
  early_access_signups: 'email name company persona',
  demo_requests: 'email name company persona message phoneNumber preferredTime status=pending notes',
  support_submissions: 'firstName lastName email type description imageUrl',
  // CRM records (clients' customFields "defaults to empty" per §5)
  leads: `organizationId fullName email phone phoneType businessName industry location leadSource leadStatus=New
    interestLevel assignedOwner notes customFields tags lastContactDate conversionDate convertedClientId isSampleData`,
  clients: `organizationId displayName status=active assignedTo tags leadId lastContactDate customFields={}
    isSampleData`,
  companies: `organizationId companyName website industry keyContact employeeCount estimatedRevenue hqLocation
    companyType techStack relationshipStatus=prospect customTags assignedTo notes customFields isSampleData`,
  deals: `organizationId dealName dealType relatedClient leadSource dealValue closeProbability contractDuration
    stage=proposal expectedCloseDate assignedOwner notes tags customFields isSampleData`,
  activities: 'type subject description emailContent attachments status=completed dueDate',
  lead_activities: 'type subject description emailContent attachments status=completed dueDate',
  // Configurable lists
  deal_reasons: 'name type isActive showInDetails showInDialog orderIndex',
  pipelines: 'organizationId name isDefault isActive orderIndex',
  stages: 'pipelineId name probability=0 orderIndex isActive',
  revenue_types: 'organizationId name orderIndex isActive',
  lead_sources: 'organizationId name orderIndex isActive',
  deal_statuses: 'organizationId name color isSystem orderIndex isActive',
  person_statuses: 'organizationId name color orderIndex isActive',
  // Documents and simple signing
  document_templates: `organizationId name description templateType industryType filePath content mergeFields
    isActive isDefault createdBy`,
  document_instances: `organizationId templateId clientId dealId name content mergedContent status=draft version=1
    shareToken expiresAt createdBy`,
  signature_fields: `documentInstanceId templateId fieldName fieldType=signature signerEmail signerName xPosition
    yPosition width=200 height=50 isRequired fieldOrder defaultValue textAnchor anchorPosition=after offsetX=10
    offsetY=0 useSmartPositioning`,
  signatures:
    'documentInstanceId signatureFieldId signerEmail signerName signatureData ipAddress userAgent signedAt',
  document_signing_workflows:
    'documentInstanceId signingOrder=parallel currentStep totalSteps status=active completedAt',
  document_shares: `documentInstanceId workflowId shareToken recipientEmail recipientName accessType=view
    signingOrder status=pending emailSent emailSentAt firstAccessedAt lastAccessedAt signedAt accessCount expiresAt`,
  document_activities: 'documentInstanceId activityType actorEmail actorName details ipAddress userAgent',
  // Enhanced signature requests ("a certificate reference" → certificateId)
  digital_certificates: `organizationId certificateData publicKey privateKeyHash issuer subject serialNumber
    validFrom validTo isActive keySize=2048 algorithm=RSA`,
  enhanced_signature_requests: `organizationId documentInstanceId dealId title message status=draft
    signatureType=sequential legalCompliance=ueta requiresNotarization documentHash blockchainTxId expiresAt
    completedAt auditTrail createdBy`,
  enhanced_signature_recipients: `signatureRequestId email name role=signer signatureOrder status=pending accessToken
    signingUrl authMethod=email verificationData signedAt signatureHash certificateId biometricData viewedAt
    declinedAt declineReason remindersSent lastReminderAt ipAddress userAgent geolocation`,
  enhanced_signature_fields: `signatureRequestId recipientId fieldName fieldType xPosition yPosition width=150
    height=50 page=1 isRequired placeholder validationType validationRule options defaultValue maxLength
    fontSize=12 fontFamily=Arial fontColor backgroundColor borderStyle borderColor borderWidth tooltip tabOrder`,
  signature_audit_trail: `signatureRequestId recipientId eventType eventData timestamp ipAddress userAgent
    geolocation sessionId deviceFingerprint cryptoHash previousEventHash`,
  enhanced_signatures: `signatureRequestId recipientId fieldId signatureType signatureData biometricData vectorData
    certificateId cryptographicHash timestampToken signingTime ipAddress userAgent geolocation deviceFingerprint
    sessionDuration mouseMovements keystrokePatterns fraudScore legallyBinding=true`,
};

/**
 * Tables the design adds beyond §3 (DESIGN.md §3–§4; user_list_preferences: remembered list
 * columns; files: uploaded attachments, docs/decisions/014).
 */
const designTables = ['outbox', 'feedback', 'user_list_preferences', 'files', 'platform_signing_authorities'];

/** Not owned by one organization: the tenant itself, platform-wide, public, global, or optionally scoped. */
const nonTenantTables = new Set([
  'organizations',
  'sessions',
  'deployments',
  'system_updates',
  'system_config',
  'system_audit_logs',
  'permissions',
  'field_templates',
  'early_access_signups',
  'demo_requests',
  'support_submissions',
  'outbox',
  'feedback',
  'platform_signing_authorities',
]);
const tenantTables = Object.keys(spec).filter((table) => !nonTenantTables.has(table));

/**
 * Indexes allowed not to lead with organization_id: the outbox worker polls across organizations;
 * trigram search and tag-array GIN indexes cannot lead with a uuid without btree_gin, which PGlite
 * lacks (their queries also filter organization_id through its btree index; see schema/crm.ts).
 */
const crossTenantIndexes = new Set([
  'outbox_status_run_at_idx',
  'leads_full_name_trgm_idx',
  'leads_email_trgm_idx',
  'leads_business_name_trgm_idx',
  'leads_phone_digits_trgm_idx',
  'leads_tags_idx',
  'clients_display_name_trgm_idx',
  'clients_tags_idx',
  'clients_email_trgm_idx',
  'clients_phone_digits_trgm_idx',
  'leads_case_search_trgm_idx',
  'deals_case_search_trgm_idx',
  'entity_records_search_trgm_idx',
  'entity_records_data_idx',
  // The audit retention purge deletes by age across organizations.
  'system_audit_logs_timestamp_idx',
  // Issue 20: the super admins' views across organizations (their support visits, the queue of
  // service requests, announcements newest first, most addressed to no organization).
  'support_access_sessions_super_admin_idx',
  'service_requests_status_created_idx',
  'system_updates_created_at_idx',
  'companies_company_name_trgm_idx',
  'companies_website_trgm_idx',
  'companies_custom_tags_idx',
  'deals_deal_name_trgm_idx',
  'deals_tags_idx',
  'document_instances_name_trgm_idx',
]);

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function parseSpec(fields: string) {
  return fields
    .trim()
    .split(/\s+/)
    .map((entry) => {
      const [field, value] = entry.split('=');
      return { column: snakeCase(field), default: value };
    });
}

/** `'New'::text` → New, `'{read}'::text[]` → read, `5` → 5, `'1.00'::numeric` → 1.00. */
function normaliseDefault(columnDefault: string | null) {
  if (columnDefault === null) return null;
  const value = columnDefault.replace(/(::[a-z ]+(\[\])?)+$/, '').replace(/^'(.*)'$/, '$1');
  return value.startsWith('{') && value !== '{}' ? value.slice(1, -1).replaceAll('"', '') : value;
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  column_default: string | null;
  is_nullable: 'YES' | 'NO';
}

let database: DatabaseHandle;
let columns: Map<string, Map<string, ColumnRow>>;

/** Both drivers answer `{ rows }`; the shared result type does not say so. */
async function rows<T>(query: SQL) {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The SQLSTATE and constraint of a failed statement (drizzle wraps the driver's error in `cause`). */
async function failure(query: SQL) {
  try {
    await database.db.execute(query);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
    return {
      code: (cause as { code?: string }).code,
      constraint: (cause as { constraint?: string }).constraint,
    };
  }
  return { code: 'no error' };
}

beforeAll(async () => {
  database = await openTestDatabase();
  const found = await rows<ColumnRow>(sql`
    select table_name, column_name, column_default, is_nullable
    from information_schema.columns where table_schema = 'public'`);
  columns = new Map();
  for (const row of found) {
    if (!columns.has(row.table_name)) columns.set(row.table_name, new Map());
    columns.get(row.table_name)!.set(row.column_name, row);
  }
});

afterAll(async () => {
  await database?.close();
});

describe('the migrated schema matches data-model.md §3', () => {
  it('has every table of the spec and of the design', () => {
    const missing = [...Object.keys(spec), ...designTables].filter((table) => !columns.has(table));
    expect(missing).toEqual([]);
  });

  it('has every spec field as a snake_case column', () => {
    const missing = Object.entries(spec).flatMap(([table, fields]) =>
      parseSpec(fields)
        .filter(({ column }) => !columns.get(table)?.has(column))
        .map(({ column }) => `${table}.${column}`),
    );
    expect(missing).toEqual([]);
  });

  it('has every default the spec states', () => {
    const wrong = Object.entries(spec).flatMap(([table, fields]) =>
      parseSpec(fields)
        .filter((field) => field.default !== undefined)
        .map(({ column, default: expected }) => ({
          column: `${table}.${column}`,
          expected,
          actual: normaliseDefault(columns.get(table)?.get(column)?.column_default ?? null),
        }))
        .filter(({ expected, actual }) => expected !== actual),
    );
    expect(wrong).toEqual([]);
  });

  it('gives every table created_at and updated_at', () => {
    const missing = [...Object.keys(spec), ...designTables].flatMap((table) =>
      ['created_at', 'updated_at'].filter((c) => !columns.get(table)?.has(c)).map((c) => `${table}.${c}`),
    );
    expect(missing).toEqual([]);
  });

  it('gives every tenant table a required organization_id', () => {
    const wrong = tenantTables.filter(
      (table) => columns.get(table)?.get('organization_id')?.is_nullable !== 'NO',
    );
    expect(wrong).toEqual([]);
  });

  it('leads every index of a table with organization_id by organization_id', async () => {
    const indexes = await rows<{
      table_name: string;
      index_name: string;
      is_primary: boolean;
      is_unique: boolean;
      key_count: number;
      first_column: string;
    }>(sql`
      select t.relname as table_name, i.relname as index_name, ix.indisprimary as is_primary,
        ix.indisunique as is_unique, ix.indnkeyatts::int as key_count, a.attname as first_column
      from pg_index ix
      join pg_class i on i.oid = ix.indexrelid
      join pg_class t on t.oid = ix.indrelid
      join pg_namespace n on n.oid = t.relnamespace
      join pg_attribute a on a.attrelid = t.oid and a.attnum = ix.indkey[0]
      where n.nspname = 'public'`);
    const checked = indexes.filter(
      (ix) =>
        columns.get(ix.table_name)?.has('organization_id') &&
        !ix.is_primary &&
        // Global unique keys (subdomain, email, share_token, access_token, serial_number, …).
        !(ix.is_unique && ix.key_count === 1) &&
        !crossTenantIndexes.has(ix.index_name),
    );
    expect(checked.length).toBeGreaterThan(50);
    expect(checked.filter((ix) => ix.first_column !== 'organization_id').map((ix) => ix.index_name)).toEqual(
      [],
    );
  });
});

describe('constraints', () => {
  let orgId: string;

  beforeAll(async () => {
    [{ id: orgId }] = await rows<{ id: string }>(
      sql`insert into organizations (name, subdomain) values ('Checks Inc', 'checks') returning id`,
    );
  });

  it('rejects values outside the allowed sets with a named check violation', async () => {
    expect(
      await failure(
        sql`insert into leads (organization_id, full_name, lead_status) values (${orgId}, 'Ann', 'Bogus')`,
      ),
    ).toEqual({ code: '23514', constraint: 'leads_lead_status_check' });
    expect(
      await failure(
        sql`insert into organizations (name, subdomain, plan_type) values ('Gold', 'gold', 'gold')`,
      ),
    ).toEqual({ code: '23514', constraint: 'organizations_plan_type_check' });
    const [{ id: pipelineId }] = await rows<{ id: string }>(
      sql`insert into pipelines (organization_id, name) values (${orgId}, 'Sales') returning id`,
    );
    expect(
      await failure(sql`
        insert into stages (organization_id, pipeline_id, name, probability)
        values (${orgId}, ${pipelineId}, 'Won', 101)`),
    ).toEqual({ code: '23514', constraint: 'stages_probability_check' });
    expect(
      await failure(sql`
        insert into api_keys (organization_id, name, key_hash, key_prefix, permissions)
        values (${orgId}, 'Key', 'hash', 'lk_', array['read', 'root'])`),
    ).toEqual({ code: '23514', constraint: 'api_keys_permissions_check' });
  });

  it('accepts allowed values and null where the column is optional', async () => {
    await database.db.execute(sql`
      insert into leads (organization_id, full_name, lead_status, phone_type, interest_level)
      values (${orgId}, 'Ann', 'Qualified', null, 'Hot')`);
    const [lead] = await rows<{ lead_status: string }>(
      sql`select lead_status from leads where organization_id = ${orgId}`,
    );
    expect(lead.lead_status).toBe('Qualified');
  });

  it('requires an activity to belong to a client or a deal', async () => {
    expect(
      await failure(
        sql`insert into activities (organization_id, type, subject) values (${orgId}, 'call', 'Hello')`,
      ),
    ).toEqual({ code: '23514', constraint: 'activities_client_or_deal_check' });
  });
});

describe('cascades', () => {
  it('removes a client’s activities and documents, and all of an organization’s data', async () => {
    const [{ id: orgId }] = await rows<{ id: string }>(
      sql`insert into organizations (name, subdomain) values ('Cascade Co', 'cascade') returning id`,
    );
    await database.db.execute(sql`
      insert into users (email, password, first_name, last_name, organization_id)
      values ('owner@cascade.test', 'hash', 'Olive', 'Owner', ${orgId})`);
    await database.db.execute(
      sql`insert into leads (organization_id, full_name) values (${orgId}, 'Lee Lead')`,
    );
    const [{ id: clientId }] = await rows<{ id: string }>(
      sql`insert into clients (organization_id, display_name) values (${orgId}, 'Cleo Client') returning id`,
    );
    const [{ id: dealId }] = await rows<{ id: string }>(sql`
      insert into deals (organization_id, deal_name, related_client)
      values (${orgId}, 'Big Deal', ${clientId}) returning id`);
    await database.db.execute(sql`
      insert into activities (organization_id, client_id, deal_id, type, subject)
      values (${orgId}, ${clientId}, null, 'call', 'Client call'), (${orgId}, null, ${dealId}, 'note', 'Deal note')`);
    await database.db.execute(sql`
      insert into document_instances (organization_id, client_id, name, content)
      values (${orgId}, ${clientId}, 'Agreement', 'Text')`);

    await database.db.execute(sql`delete from clients where id = ${clientId}`);
    const remaining = await rows<{ subject: string }>(
      sql`select subject from activities where organization_id = ${orgId}`,
    );
    expect(remaining.map((a) => a.subject)).toEqual(['Deal note']);
    expect(await rows(sql`select id from document_instances where organization_id = ${orgId}`)).toEqual([]);
    const [deal] = await rows<{ related_client: string | null }>(
      sql`select related_client from deals where id = ${dealId}`,
    );
    expect(deal.related_client).toBeNull();

    await database.db.execute(sql`delete from organizations where id = ${orgId}`);
    const [counts] = await rows<Record<string, number>>(sql`
      select
        (select count(*)::int from leads where organization_id = ${orgId}) as leads,
        (select count(*)::int from deals where organization_id = ${orgId}) as deals,
        (select count(*)::int from users where organization_id = ${orgId}) as users,
        (select count(*)::int from activities where organization_id = ${orgId}) as activities`);
    expect(counts).toEqual({ leads: 0, deals: 0, users: 0, activities: 0 });
  });
});
