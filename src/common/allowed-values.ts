import { industrySectorValues } from './constants';

/*
 * The allowed value sets of the data model (§4 and §5), reused by the validation catalogue, the
 * database schema and the screens. Free of zod, so a screen that only lists or labels values
 * does not download the validation library with them (docs/decisions/042).
 */

export const industrySectors = industrySectorValues;

export const leadStatuses = ['New', 'Contacted', 'Qualified', 'Disqualified', 'Converted'] as const;
export const interestLevels = ['Cold', 'Warm', 'Hot'] as const;
export const phoneTypes = ['Mobile', 'Home', 'Work', 'Other'] as const;
export const clientStatuses = ['active', 'inactive', 'prospect'] as const;
export const companyRelationshipStatuses = [
  'prospect',
  'client',
  'dormant',
  'partner',
  'competitor',
] as const;
export const activityTypes = ['call', 'email', 'meeting', 'note', 'task'] as const;
export const activityStatuses = ['pending', 'completed'] as const;

export const dealReasonTypes = ['won', 'loss'] as const;

export const organizationStatuses = ['active', 'suspended', 'inactive'] as const;
export const organizationPlanTypes = ['free', 'starter', 'professional', 'enterprise'] as const;
export const userRoles = ['admin', 'manager', 'user'] as const;
export const userStatuses = ['active', 'inactive'] as const;
export const teamStatuses = userStatuses;

export const integrationTypes = ['webhook', 'api', 'oauth', 'polling'] as const;
export const integrationStatuses = ['active', 'inactive', 'error'] as const;
export const apiKeyPermissions = ['read', 'write', 'admin'] as const;
export const webhookMethods = ['POST', 'PUT', 'PATCH'] as const;
export const integrationEntityTypes = ['leads', 'clients', 'deals', 'companies'] as const;
export const importSourceTypes = ['csv', 'api', 'webhook', 'manual'] as const;
// The spec names only the default; the others are what a job runner needs.
export const importJobStatuses = [
  'pending',
  'running',
  'completed',
  'failed',
  'cancelled',
  'undone',
] as const;
/** What an import did to a record, so undo can remove what it created and restore what it updated. */
export const importRecordActions = ['created', 'updated'] as const;

// Beyond the spec's gmail and outlook: any other IMAP/SMTP server (docs/decisions/027).
export const emailProviders = ['gmail', 'outlook', 'imap'] as const;
/** How a mailbox signs in: OAuth2 (gmail, outlook) or an app password over IMAP/SMTP. */
export const emailAuthTypes = ['oauth', 'password'] as const;
/** SMTP/IMAP transport security: TLS from the first byte, STARTTLS upgrade, or none (loopback tests). */
export const mailSecurityModes = ['tls', 'starttls', 'none'] as const;
/** Where a mailbox's sync stands, shown on the account. */
export const emailAccountSyncStatuses = ['idle', 'syncing', 'error'] as const;
/** An outgoing message's delivery through the outbox (null on received mail). */
export const outgoingEmailStatuses = ['queued', 'waiting', 'sent', 'failed'] as const;
/** Single-use links sent by e-mail. */
export const userTokenPurposes = ['password_reset', 'invitation'] as const;
export const emailSyncDirections = ['inbound', 'outbound', 'bidirectional'] as const;
export const emailDirections = ['inbound', 'outbound'] as const;
export const emailContactEntityTypes = ['lead', 'client', 'company'] as const;
export const emailMappingTypes = ['primary', 'cc', 'bcc'] as const;
export const emailSyncJobTypes = ['full_sync', 'incremental_sync', 'send_email'] as const;
export const emailSyncJobStatuses = ['pending', 'running', 'completed', 'failed'] as const;
export const emailDeliveryStatuses = [
  'sent',
  'delivered',
  'opened',
  'clicked',
  'replied',
  'bounced',
  'failed',
] as const;
export const emailTemplateCategories = ['onboarding', 'sales', 'business', 'general', 'follow-up'] as const;

export const documentInstanceStatuses = [
  'draft',
  'sent',
  'viewed',
  'signed',
  'completed',
  'cancelled',
  'locked_for_signing',
] as const;
/** Beyond the spec: how a document's pages came to be (written in the editor, or an uploaded PDF). */
export const documentInstanceSources = ['editor', 'upload'] as const;
/** Signature field types of data-model §3 (simple signing). */
/** Signature field types of data-model §3 (simple signing), plus the choice fields of signature requests (issue 17). */
export const signatureFieldTypes = [
  'signature',
  'initials',
  'date',
  'text',
  'checkbox',
  'dropdown',
  'radio',
] as const;
export const anchorPositions = ['before', 'after', 'above', 'below'] as const;
export const signingWorkflowStatuses = ['active', 'completed', 'cancelled'] as const;
export const signingOrders = ['parallel', 'sequential'] as const;
export const documentShareStatuses = ['pending', 'sent', 'viewed', 'signed', 'waiting'] as const;
export const documentShareAccessTypes = ['view', 'sign'] as const;
export const documentActivityTypes = [
  'created',
  'sent',
  'viewed',
  'signed',
  'completed',
  'reminder_sent',
  'cancelled',
] as const;

export const certificateAlgorithms = ['RSA', 'ECDSA', 'EdDSA'] as const;
export const legalCompliances = ['ueta', 'esign', 'gdpr', 'custom'] as const;
export const recipientRoles = ['signer', 'approver', 'cc', 'viewer', 'notary'] as const;
export const recipientAuthMethods = ['email', 'sms', 'phone', 'id_verification'] as const;
export const enhancedFieldTypes = [
  'signature',
  'initial',
  'date',
  'text',
  'checkbox',
  'dropdown',
  'radio',
] as const;
export const enhancedFieldValidationTypes = ['email', 'phone', 'date', 'number', 'ssn', 'ein'] as const;
export const enhancedSignatureTypes = ['drawn', 'typed', 'uploaded', 'biometric', 'electronic'] as const;
/** Beyond the spec's default (draft): the life of a signature request (issue 17). */
export const signatureRequestStatuses = [
  'draft',
  'sent',
  'viewed',
  'signed',
  'completed',
  'declined',
  'cancelled',
  'expired',
] as const;
/** Beyond the spec's default (pending): `waiting` until a sequential step reaches the recipient. */
export const signatureRecipientStatuses = [
  'pending',
  'waiting',
  'sent',
  'viewed',
  'signed',
  'declined',
] as const;
/**
 * Beyond the spec (issue 18): where the sealing of a completed request stands. `pending` while the
 * outbox job runs (or retries), `failed` once it gave up (the sender sees why and can retry).
 */
export const sealStatuses = ['pending', 'sealed', 'failed'] as const;
/** Where the platform's certificate authority came from: made on first start, or imported. */
export const signingAuthoritySources = ['generated', 'pkcs12'] as const;
/** PAdES levels a seal reaches: B-T only with a timestamp from the configured authority. */
export const sealLevels = ['B-B', 'B-T'] as const;
export const signatureAuditEvents = [
  'document_sent',
  'document_viewed',
  'field_clicked',
  'signature_started',
  'signature_completed',
  'document_declined',
  'reminder_sent',
] as const;

export const supportSubmissionTypes = ['enhancement', 'bug'] as const;
export const feedbackTypes = ['general'] as const;
