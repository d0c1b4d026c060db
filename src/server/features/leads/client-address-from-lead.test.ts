import { describe, expect, it } from 'vitest';
import { clientAddressFromLead } from './client-address-from-lead';

const none = { addressLine1: null, addressLine2: null, city: null, state: null, zip: null };

describe('clientAddressFromLead', () => {
  it.each([
    ['Tampa, FL', { city: 'Tampa', state: 'FL' }],
    ['Tampa, Florida 33602', { city: 'Tampa', state: 'FL', zip: '33602' }],
    ['Saint Paul, mn 55101-1234', { city: 'Saint Paul', state: 'MN', zip: '55101-1234' }],
    ['Washington, DC', { city: 'Washington', state: 'DC' }],
    ['Texas', { state: 'TX' }],
    ['Tampa', { city: 'Tampa' }],
    ['Tampa Bay area, near the beach', { city: 'Tampa Bay area, near the beach' }],
    [null, {}],
    ['  ', {}],
  ])('%s', (location, expected) => {
    expect(clientAddressFromLead(location, {})).toEqual({ ...none, ...expected });
  });

  it('prefers lead custom fields named like the client’s address columns', () => {
    expect(
      clientAddressFromLead('Tampa, FL', {
        addressLine1: '12 Palm Way',
        city: 'Orlando',
        state: 'Georgia',
        zip: '30301',
        propertyAddress: '99 Sold St',
      }),
    ).toEqual({
      addressLine1: '12 Palm Way',
      addressLine2: null,
      city: 'Orlando',
      state: 'GA',
      zip: '30301',
    });
  });
});
