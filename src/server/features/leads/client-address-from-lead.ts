import { toStateCode } from '../../../common/us-states';

export interface ClientAddress {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

const zipAtEnd = /\s*(\d{5}(?:-\d{4})?)$/;
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The client's mailing address from a lead on conversion. A lead has one free-text `location`
 * ("Tampa, FL", "Tampa, Florida 33602", "Tampa"): its last comma part is read as the state (and
 * ZIP) when it is one, the part before as the city; anything unreadable stays whole as the city,
 * so nothing typed is lost. Lead custom fields keyed like the client's columns (addressLine1,
 * addressLine2, city, state, zip), where an organization added them, win over the location. A
 * surplus case's property address is the case's, not where the claimant lives: it goes to the
 * deal (its custom fields carry by key), not here.
 */
export function clientAddressFromLead(
  location: string | null,
  customFields: Record<string, unknown> | null | undefined,
): ClientAddress {
  const parsed: ClientAddress = {
    addressLine1: null,
    addressLine2: null,
    city: null,
    state: null,
    zip: null,
  };
  const whole = text(location);
  if (whole) {
    const parts = whole.split(',').map((part) => part.trim());
    let last = parts.at(-1) ?? '';
    const zip = zipAtEnd.exec(last);
    if (zip) last = last.slice(0, zip.index).trim();
    const state = last ? toStateCode(last) : null;
    if (parts.length > 1 && (state || (zip && !last))) {
      parsed.state = state;
      parsed.zip = zip?.[1] ?? null;
      parsed.city = parts.slice(0, -1).join(', ') || null;
    } else if (parts.length === 1 && state) {
      parsed.state = state;
      parsed.zip = zip?.[1] ?? null;
    } else {
      parsed.city = whole;
    }
  }
  const custom = customFields ?? {};
  const customState = text(custom.state);
  return {
    addressLine1: text(custom.addressLine1) ?? parsed.addressLine1,
    addressLine2: text(custom.addressLine2) ?? parsed.addressLine2,
    city: text(custom.city) ?? parsed.city,
    state: (customState && toStateCode(customState)) ?? parsed.state,
    zip: text(custom.zip) ?? parsed.zip,
  };
}
