import { describe, expect, it } from 'vitest';
import type { ObjectDefinition, ObjectRelationship } from '../../../../common/validation/objects';
import { groupLinks, linkedRecords } from './record-relationships';

const heir = {
  id: 'h1',
  entityType: 'heirs',
  displayName: 'Ann Heir',
  data: {},
  objectDisplayName: 'Heir',
  iconName: 'Users',
};

function relationship(
  id: string,
  entityRecordId: string,
  related: ObjectRelationship['related'],
  record = heir,
): ObjectRelationship {
  return {
    id,
    entityRecordId,
    relatedEntityType: related.type,
    relatedEntityId: related.id,
    relationshipType: 'primary',
    notes: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    record,
    related,
  };
}

describe("a custom record's links, seen from the record", () => {
  const toDeal = relationship('r1', 'h1', {
    type: 'deal',
    id: 'd1',
    name: 'Estate of J. Doe',
    path: '/deals/d1',
  });
  const toProperty = relationship('r2', 'h1', {
    type: 'entity_record',
    id: 'p1',
    name: '12 Elm St',
    path: '/objects/properties/p1',
  });
  // A filing that links to the heir: the heir is its related end.
  const fromFiling = relationship(
    'r3',
    'f1',
    { type: 'entity_record', id: 'h1', name: 'Ann Heir', path: '/objects/heirs/h1' },
    {
      ...heir,
      id: 'f1',
      entityType: 'filings',
      displayName: 'Case 2024-17',
      objectDisplayName: 'Court filing',
    },
  );

  it('shows the far end of each link, whichever side holds it, once', () => {
    expect(linkedRecords('h1', [toDeal, toProperty, fromFiling, toDeal])).toEqual([
      {
        relationshipId: 'r1',
        type: 'deal',
        id: 'd1',
        name: 'Estate of J. Doe',
        href: '/deals/d1',
        entityType: null,
      },
      {
        relationshipId: 'r2',
        type: 'entity_record',
        id: 'p1',
        name: '12 Elm St',
        href: '/objects/properties/p1',
        entityType: 'properties',
      },
      {
        relationshipId: 'r3',
        type: 'entity_record',
        id: 'f1',
        name: 'Case 2024-17',
        href: '/objects/filings/f1',
        entityType: 'filings',
      },
    ]);
  });

  it('groups them: deals first, then each object by its plural name', () => {
    const definitions = [
      { entityType: 'properties', pluralName: 'Properties', iconName: 'Home' },
    ] as ObjectDefinition[];
    const groups = groupLinks(linkedRecords('h1', [fromFiling, toProperty, toDeal]), definitions);
    expect(groups.map((group) => [group.title, group.links.map((link) => link.name)])).toEqual([
      ['Deals', ['Estate of J. Doe']],
      ['filings', ['Case 2024-17']],
      ['Properties', ['12 Elm St']],
    ]);
  });
});
