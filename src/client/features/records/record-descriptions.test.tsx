import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createClientSchema, updateClientSchema } from '../../../common/validation/clients';
import { createCompanySchema, updateCompanySchema } from '../../../common/validation/companies';
import { createLeadSchema, updateLeadSchema } from '../../../common/validation/leads';
import { clientDetailDescription, clientFormDescription } from '../clients/client-record-fields';
import { companyDetailDescription, companyFormDescription } from '../companies/company-record-fields';
import { leadDetailDescription, leadFormDescription } from '../leads/lead-record-fields';
import { RecordDetailFields } from './record-detail-fields';
import { fieldPatch } from './record-detail-page';
import { formDefaults, formFieldPaths, formPayload } from './record-form-description';

const types = [
  {
    form: leadFormDescription,
    detail: leadDetailDescription,
    create: createLeadSchema,
    update: updateLeadSchema,
  },
  {
    form: clientFormDescription,
    detail: clientDetailDescription,
    create: createClientSchema,
    update: updateClientSchema,
  },
  {
    form: companyFormDescription,
    detail: companyDetailDescription,
    create: createCompanySchema,
    update: updateCompanySchema,
  },
];

describe('the standard record descriptions', () => {
  it('describe only fields of their shared schema, each once', () => {
    for (const { form, detail, create, update } of types) {
      const formPaths = formFieldPaths(form);
      expect(new Set(formPaths).size).toBe(formPaths.length);
      for (const path of formPaths) expect(Object.keys(create.shape)).toContain(path);
      const detailPaths = [...formFieldPaths(detail), ...detail.tagFields.map((field) => field.name)];
      expect(new Set(detailPaths).size).toBe(detailPaths.length);
      for (const path of detailPaths) expect(Object.keys(update.shape)).toContain(path);
    }
  });

  it('start the form from values their shared create rule accepts once the name is typed', () => {
    for (const { form, create } of types) {
      const values = formDefaults(form, {});
      const name = form.sections[0]?.fields[0]?.name ?? '';
      expect(create.safeParse(formPayload(form, { ...values, [name]: 'Ann Lee' })).success).toBe(true);
    }
  });
});

const choices = {
  owners: [{ value: 'u1', label: 'Sam Rivers (me)' }],
  ownerName: (id: string | null | undefined) => (id === 'u1' ? 'Sam Rivers' : null),
  suggestions: { sources: ['Referral'] },
};

describe('RecordDetailFields', () => {
  const lead = {
    fullName: 'Ann Lee',
    email: 'ann@example.com',
    phone: '3055550100',
    phoneType: 'mobile',
    leadStatus: 'Converted',
    interestLevel: null,
    assignedOwner: 'u1',
    leadSource: 'Mailer',
    lastContactDate: null,
    notes: null,
  };
  const render = (readOnly: boolean) =>
    renderToStaticMarkup(
      <RecordDetailFields
        section={leadDetailDescription.sections[0]!}
        record={lead}
        onSave={() => undefined}
        readOnly={readOnly}
        choices={choices}
        layout="inline"
      />,
    );

  it('shows each field with its label, the phone type beside the phone and the owner by name', () => {
    const html = render(false);
    for (const label of [
      'Full name',
      'Email',
      'Phone',
      'Phone type',
      'Status',
      'Owner',
      'Lead source',
      'Notes',
    ]) {
      expect(html).toContain(`>${label}</div>`);
    }
    expect(html).toContain('Sam Rivers');
    expect(html).toContain('Converted');
    expect(html).toContain('Mailer');
    expect(html).toContain('Add notes');
  });

  it('read-only, shows values without edit buttons', () => {
    const html = render(true);
    expect(html).not.toContain('<button');
    expect(html).toContain('Ann Lee');
  });
});

describe('fieldPatch', () => {
  it('sends one field, or the whole object around a dotted one', () => {
    const record = { fullName: 'Ann', data: { parcel: '12', county: 'Dade' } };
    expect(fieldPatch(record, 'fullName', 'Ann Lee')).toEqual({ fullName: 'Ann Lee' });
    expect(fieldPatch(record, 'data.parcel', '13')).toEqual({ data: { parcel: '13', county: 'Dade' } });
    expect(record.data.parcel).toBe('12');
  });
});
