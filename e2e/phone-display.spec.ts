import { expect, skipOnboarding, signedInTest as test } from './fixtures';
import { collectScripts } from './script-sizes';

/*
 * Phone numbers in the lists and on the record page: plain US numbers are formatted without
 * libphonenumber; any other number loads it and is then shown in the user's format
 * (src/client/components/phone-text.tsx).
 */

/** The chunk of src/common/phone-format.ts, which holds libphonenumber. */
const phoneLibrary = /\/phone-format-(?!choice)[^/]*\.js$/;

test('a list of US numbers never loads libphonenumber; a foreign number loads it and is formatted', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  await skipOnboarding(page);
  for (const [fullName, phone] of [
    ['Una States', '813.555.0142'],
    ['Ulla States', '+1 212 555 0100'],
  ]) {
    expect((await page.request.post('/api/leads', { data: { fullName, phone } })).status()).toBe(201);
  }
  const scripts = collectScripts(page);
  await page.goto('/leads');
  const leads = page.getByRole('table', { name: 'Leads' });
  await expect(leads.getByRole('row', { name: /Una States/ })).toContainText('(813) 555-0142');
  await expect(leads.getByRole('row', { name: /Ulla States/ })).toContainText('(212) 555-0100');
  expect((await scripts()).map((script) => script.chunk).filter((chunk) => phoneLibrary.test(chunk))).toEqual(
    [],
  );

  const created = await page.request.post('/api/leads', {
    data: { fullName: 'Fiona Abroad', phone: '+442079460958' },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  await page.reload();
  await expect(leads.getByRole('row', { name: /Fiona Abroad/ })).toContainText('+44 20 7946 0958');
  expect((await scripts()).some((script) => phoneLibrary.test(script.chunk))).toBe(true);

  // The record page shows it the same way.
  await page.goto(`/leads/${id}`);
  await expect(page.getByText('+44 20 7946 0958')).toBeVisible();
});
