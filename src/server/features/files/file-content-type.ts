/** A well-formed `type/subtype` (RFC 6838 names), without parameters. */
const mediaType = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** The type an upload declares, as stored: lower case `type/subtype`, or octet-stream when unusable. */
export function declaredContentType(value: string | undefined): string {
  const type = value?.split(';')[0].trim().toLowerCase() ?? '';
  return mediaType.test(type) ? type : 'application/octet-stream';
}

/**
 * Types a download keeps: documents, images and archives a browser only shows or hands to an
 * app. Anything else — HTML, SVG, XML, JavaScript, or a type we have not thought about — is sent
 * as octet-stream, so an uploaded page can never run script in our origin.
 */
const servedAsDeclared = new Set([
  'application/pdf',
  'application/zip',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/tiff',
  'text/plain',
  'text/csv',
  'audio/mpeg',
  'audio/wav',
  'video/mp4',
]);

export function servedContentType(stored: string): string {
  return servedAsDeclared.has(stored) ? stored : 'application/octet-stream';
}
